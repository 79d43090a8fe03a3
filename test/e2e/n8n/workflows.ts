/**
 * Workflow JSON for the n8n e2e test: one Manual Trigger fanning out to a Commerce Service node per
 * operation (one run makes them all), and a trigger whose delivery an action reads back. The trigger
 * workflows the bench shares are in scripts/kit/workflows.ts.
 */
import type { N8nWorkflowJson } from '../../../scripts/n8n/cli';
import { NODE_TYPES, type CredentialRef } from '../../../scripts/start/examples';
import { manualStart, triggerNode, type NodeTypes } from '../../../scripts/kit/workflows';

/** Record ids and filter values the action nodes ask for (read from the sandbox beforehand). */
export interface ActionInputs {
  customerId: number;
  /** The email of the store's last customer (the search pages to it), as a form would give it: other case, spaces. */
  customerEmail: string;
  orderId: number;
  subscriptionId: number;
  productId: number;
  /** A plan of productId that has paid orders. */
  planId: string;
  /** `YYYY-MM-DD` inside the store's date range. */
  dateAfter: string;
}

/** One Commerce Service node: its resource, operation and parameters (besides resource/operation). */
export interface ActionCase {
  name: string;
  resource: 'customer' | 'order' | 'product' | 'subscription';
  operation: string;
  params(inputs: ActionInputs): Record<string, unknown>;
}

/** Every operation of the action node, with parameters that make each one return records. */
export const ACTION_CASES: readonly ActionCase[] = [
  {
    name: 'Customer: Get',
    resource: 'customer',
    operation: 'get',
    params: (i) => ({ customerId: String(i.customerId) }),
  },
  {
    name: 'Customer: Get Many',
    resource: 'customer',
    operation: 'getAll',
    params: () => ({ returnAll: false, limit: 7 }),
  },
  {
    name: 'Customer: Get by Email',
    resource: 'customer',
    operation: 'getByEmail',
    params: (i) => ({ email: i.customerEmail }),
  },
  { name: 'Order: Get', resource: 'order', operation: 'get', params: (i) => ({ orderId: String(i.orderId) }) },
  // More than one page of 100: Return All pages through the list.
  { name: 'Order: Get Many (all)', resource: 'order', operation: 'getAll', params: () => ({ returnAll: true }) },
  {
    name: 'Order: Get Many (filtered, sorted)',
    resource: 'order',
    operation: 'getAll',
    params: (i) => ({
      returnAll: false,
      limit: 12,
      filters: { dateAfter: i.dateAfter },
      sort: { orderBy: 'id', order: 'asc' },
    }),
  },
  {
    name: 'Order: Get Many for a Subscription',
    resource: 'order',
    operation: 'getAllForSubscription',
    params: (i) => ({
      subscriptionId: String(i.subscriptionId),
      returnAll: true,
      sort: { orderBy: 'date_created', order: 'asc' },
    }),
  },
  {
    name: 'Order: Get Latest',
    resource: 'order',
    operation: 'getLatest',
    params: (i) => ({ productId: String(i.productId), planIds: [i.planId], status: 'paid' }),
  },
  { name: 'Product: Get', resource: 'product', operation: 'get', params: (i) => ({ productId: String(i.productId) }) },
  {
    name: 'Product: Get Many',
    resource: 'product',
    operation: 'getAll',
    params: () => ({ returnAll: true, sort: { orderBy: 'product_name', order: 'asc' } }),
  },
  {
    name: 'Product: Get Plans',
    resource: 'product',
    operation: 'getPlans',
    params: (i) => ({ productId: String(i.productId), includePurchaseKinds: true }),
  },
  { name: 'Product: Get Published', resource: 'product', operation: 'getPublished', params: () => ({}) },
  {
    name: 'Subscription: Get',
    resource: 'subscription',
    operation: 'get',
    params: (i) => ({ subscriptionId: String(i.subscriptionId) }),
  },
  {
    name: 'Subscription: Get Many',
    resource: 'subscription',
    operation: 'getAll',
    params: (i) => ({
      returnAll: false,
      limit: 5,
      filters: { dateAfter: i.dateAfter },
      sort: { orderBy: 'id', order: 'desc' },
    }),
  },
];

/** Node name of a case in the workflow for one store (several stores share a workflow). */
export const nodeName = (store: string, c: ActionCase) => `${store} ${c.name}`;

/**
 * A Manual Trigger connected to one Commerce Service node per (store, case). Each store is a
 * credential; its nodes are named `<store> <case name>`.
 */
export function actionWorkflow(
  id: string,
  inputs: ActionInputs,
  stores: Array<{ label: string; credential: CredentialRef }>,
  types: NodeTypes = NODE_TYPES,
): N8nWorkflowJson {
  const nodes: Array<Record<string, unknown>> = [manualStart(id)];
  for (const [s, store] of stores.entries()) {
    for (const [i, c] of ACTION_CASES.entries()) {
      nodes.push({
        id: `${id}-${s}-${i}`,
        name: nodeName(store.label, c),
        type: types.action,
        typeVersion: 1,
        position: [300 + s * 300, i * 120],
        parameters: { resource: c.resource, operation: c.operation, ...c.params(inputs) },
        credentials: { commerceServiceApi: store.credential },
      });
    }
  }
  const fanOut = nodes.slice(1).map((node) => ({ node: node.name, type: 'main', index: 0 }));
  return {
    id,
    name: `e2e: every action operation (${stores.map((s) => s.label).join(', ')})`,
    nodes,
    connections: { Start: { main: [fanOut] } },
    settings: { executionOrder: 'v1' },
  };
}

/** The action node's Order → Get (version 1) of the order the node before it handed on, in workflow `id`. */
export function getOrderNode(id: string, credential: CredentialRef, name = 'Get Order') {
  return {
    id: `${id}-get`,
    name,
    type: NODE_TYPES.action,
    typeVersion: 1,
    position: [260, 0],
    parameters: { resource: 'order', operation: 'get', orderId: '={{ $json.id }}' },
    credentials: { commerceServiceApi: credential },
  };
}

/** A webhook trigger whose delivery is read back by the action node's Order → Get (version 1 nodes). */
export function triggerThenGetOrder(opts: {
  id: string;
  name: string;
  webhookId: string;
  credential: CredentialRef;
}): N8nWorkflowJson {
  return {
    id: opts.id,
    name: opts.name,
    nodes: [
      triggerNode({ id: opts.id, webhookId: opts.webhookId, credential: opts.credential, event: 'purchased' }),
      getOrderNode(opts.id, opts.credential),
    ],
    connections: { Trigger: { main: [[{ node: 'Get Order', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

/** Manual Trigger → Order: Get of `orderId` on `credential`; `settings` are the Get node's own (Retry On Fail). */
export function orderGetWorkflow(
  id: string,
  name: string,
  orderId: number,
  credential: CredentialRef,
  settings: Record<string, unknown> = {},
): N8nWorkflowJson {
  return {
    id,
    name,
    nodes: [
      manualStart(id),
      {
        id: `${id}-get`,
        name: 'Get Order',
        type: NODE_TYPES.action,
        typeVersion: 1,
        position: [260, 0],
        parameters: { resource: 'order', operation: 'get', orderId: String(orderId) },
        credentials: { commerceServiceApi: credential },
        ...settings,
      },
    ],
    connections: { Start: { main: [[{ node: 'Get Order', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}
