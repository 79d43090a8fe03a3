/**
 * Version 2 of the action node in a real n8n (2.41.1, scripts/n8n; the run's shared n8n,
 * support/sharedN8n.ts) against a sandbox store of several pages: the record locators (From List
 * through n8n's own resource-locator endpoint, By ID, By URL with the admin edit link and the record's
 * REST `link`, a link to another site refused), Simplify on and off, and a workflow node saved by
 * version 1 (plain ID text) running unchanged.
 *
 * One manual run of one workflow (the editor's "Execute workflow", through the REST API), then the
 * list searches, which the editor asks of n8n's REST API (`/rest/dynamic-node-parameters/resource-locator-results`).
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and skips (fails under CI=true).
 * N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { type Customer, type Order, type Subscription, collect, simplifyRecord } from '@commerce-service/shared';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  nodeOutput,
  rest,
  type N8nWorkflowJson,
} from '../../scripts/n8n/instance';
import { NODE_TYPES, type CredentialRef } from '../../scripts/start/examples';
import { labelAmount } from '../../scripts/kit/labelAmount';
import { clientFor } from './n8n/expected';
import { manualStart, triggerWorkflow } from '../../scripts/kit/workflows';
import { manualRun } from './support/installed';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';
import { SharedRun } from './support/steps';

const WORKFLOW_ID = 'e2eLocatorsWf001';
const TRIGGER_WORKFLOW_ID = 'e2eLocatorsTrig1';
const TRIGGER_WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-0000000010c1';

const NODES = {
  v1: 'Version 1: Order ID text',
  list: 'Order from list',
  byId: 'Order by ID',
  adminLink: 'Order by admin link',
  restLink: 'Order by REST link',
  raw: 'Order, Simplify off',
  many: 'Orders, Get Many simplified',
  subscriptionOrders: 'Orders of a subscription by REST link',
  otherSite: 'Order by a link to another site',
} as const;

function locator(mode: 'list' | 'id' | 'url', value: string) {
  return { __rl: true, mode, value };
}

function locatorsWorkflow(
  store: Sandbox,
  credential: CredentialRef,
  order: Order,
  subscription: Subscription,
): N8nWorkflowJson {
  const id = String(order.id);
  const cases: Array<[string, number, Record<string, unknown>, Record<string, unknown>?]> = [
    [NODES.v1, 1, { resource: 'order', operation: 'get', orderId: id }],
    [NODES.list, 2, { resource: 'order', operation: 'get', orderId: locator('list', id) }],
    [NODES.byId, 2, { resource: 'order', operation: 'get', orderId: locator('id', `#${id}`) }],
    [
      NODES.adminLink,
      2,
      {
        resource: 'order',
        operation: 'get',
        orderId: locator('url', `${store.url}/wp-admin/post.php?post=${id}&action=edit`),
      },
    ],
    [NODES.restLink, 2, { resource: 'order', operation: 'get', orderId: locator('url', order.link) }],
    [NODES.raw, 2, { resource: 'order', operation: 'get', orderId: locator('id', id), simplify: false }],
    [NODES.many, 2, { resource: 'order', operation: 'getAll', limit: 5, sort: { orderBy: 'id', order: 'asc' } }],
    [
      NODES.subscriptionOrders,
      2,
      {
        resource: 'order',
        operation: 'getAllForSubscription',
        subscriptionId: locator('url', subscription.link),
        simplify: false,
      },
    ],
    [
      NODES.otherSite,
      2,
      {
        resource: 'order',
        operation: 'get',
        orderId: locator('url', `https://elsewhere.example.org/wp-admin/post.php?post=${id}&action=edit`),
      },
      { onError: 'continueRegularOutput' },
    ],
  ];
  const nodes = cases.map(([name, typeVersion, parameters, settings], i) => ({
    id: `${WORKFLOW_ID}-${i}`,
    name,
    type: NODE_TYPES.action,
    typeVersion,
    position: [300, i * 120],
    parameters,
    credentials: { commerceServiceApi: credential },
    ...(settings ?? {}),
  }));
  return {
    id: WORKFLOW_ID,
    name: 'e2e: record locators and Simplify',
    nodes: [manualStart(WORKFLOW_ID), ...nodes],
    connections: { Start: { main: [nodes.map((node) => ({ node: node.name, type: 'main', index: 0 }))] } },
    settings: { executionOrder: 'v1' },
  };
}

/** A webhook trigger of version 2 whose Product is the product's admin edit link. */
function locatorTriggerWorkflow(store: Sandbox, credential: CredentialRef, productId: number): N8nWorkflowJson {
  return triggerWorkflow({
    id: TRIGGER_WORKFLOW_ID,
    webhookId: TRIGGER_WEBHOOK_ID,
    credential,
    event: 'purchased',
    productId: locator('url', `${store.url}/wp-admin/post.php?post=${productId}&action=edit`),
    typeVersion: 2,
  });
}

interface ListSearch {
  results: Array<{ name: string; value: string; url?: string }>;
  paginationToken?: string;
}

const plain = <T>(value: T) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

const describeN8n = describeIf(probe(['n8n']), `n8n record locator end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`n8n ${N8N_VERSION}: record locators and Simplify (node version 2)`, () => {
  const n8n = useSharedN8n('n8n locators e2e');
  let store: Sandbox;
  let credential: CredentialRef;
  let orders: Order[] = [];
  let customers: Customer[] = [];
  let order: Order;
  let subscriptionOrders: Order[] = [];
  const locatorsRun = new SharedRun(
    'the manual run succeeded (a link to another site is an item error: Continue)',
    () => n8n.timed('manual run', () => manualRun(n8n.session, WORKFLOW_ID)),
  );
  let productId = 0;

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'spec', size: 450, seed: 5 });
    const client = clientFor(store);
    orders = await collect(client.iterate((page) => client.listOrders({ ...page, orderby: 'id', order: 'asc' })));
    customers = await collect(client.iterate((page) => client.listCustomers(page)));
    order = orders[Math.floor(orders.length / 2)] as Order;
    const subscription = (await client.listSubscriptions({ per_page: 1 })).items[0] as Subscription;
    subscriptionOrders = await collect(client.iterate((page) => client.listSubscriptionOrders(subscription.id, page)));
    credential = await n8n.addCredential(store, 'Locator sandbox');
    productId = Number(order.product_id);
    await n8n.addWorkflows([
      locatorsWorkflow(store, credential, order, subscription),
      locatorTriggerWorkflow(store, credential, productId),
    ]);
  }, 300_000);

  it(locatorsRun.owner, async () => {
    const result = await locatorsRun.run();
    expect({ status: result.status, error: result.data.resultData.error ?? null }).toEqual({
      status: 'success',
      error: null,
    });
  });

  /** What the editor asks n8n when a From List picker opens, scrolls or is searched. */
  async function listSearch(methodName: string, path: string, filter?: string, paginationToken?: string) {
    return await rest<ListSearch>(n8n.session, 'POST', '/dynamic-node-parameters/resource-locator-results', {
      methodName,
      path,
      ...(filter !== undefined ? { filter } : {}),
      ...(paginationToken !== undefined ? { paginationToken } : {}),
      nodeTypeAndVersion: { name: NODE_TYPES.action, version: 2 },
      currentNodeParameters: { resource: 'customer', operation: 'get' },
      credentials: { commerceServiceApi: credential },
    });
  }

  it('resource locator: From List, By ID (with #), the admin edit link and the REST link read the same order', async () => {
    const result = await locatorsRun.read();
    const expected = plain(order);
    for (const node of [NODES.list, NODES.byId, NODES.adminLink, NODES.restLink]) {
      const [json] = nodeOutput(result, node);
      expect({ node, id: json?.id, email: json?.customer_email }).toEqual({
        node,
        id: expected.id,
        email: expected.customer_email,
      });
    }
  });

  it('resource locator: a workflow node saved by version 1 (plain ID text) returns the whole order, as before', async () => {
    expect(nodeOutput(await locatorsRun.read(), NODES.v1)).toEqual([plain(order)]);
  });

  it('resource locator: the subscription of "orders of a subscription" by its REST link', async () => {
    expect(nodeOutput(await locatorsRun.read(), NODES.subscriptionOrders)).toEqual(subscriptionOrders.map(plain));
  });

  it('resource locator: a link to another site says which link was expected', async () => {
    const [json] = nodeOutput(await locatorsRun.read(), NODES.otherSite);
    expect(String(json?.error)).toMatch(
      /Order "https:\/\/elsewhere\.example\.org\/.*" is a link to elsewhere\.example\.org/,
    );
    expect(String(json?.error)).toContain(`${store.url}/wp-admin/post.php?post=1042&action=edit`);
    expect(String(json?.error)).toMatch(/\[item 0\]$/);
  });

  /** A key that goes with a kept field and does not count towards the 10: an instant, `amount_unit`. */
  const companion = (key: string) => key.endsWith('_iso') || key === 'amount_unit';

  it('simplify: Get returns at most 10 flat fields with their ISO instants; off, the whole record', async () => {
    const result = await locatorsRun.read();
    const [simplified] = nodeOutput(result, NODES.list);
    expect(simplified).toEqual(simplifyRecord('order', plain(order)));
    // Instants and `amount_unit` go with the field they describe and do not count (docs/simplify.md).
    const storeFields = Object.keys(simplified ?? {}).filter((key) => !companion(key));
    expect(storeFields.length).toBeLessThanOrEqual(10);
    expect(simplified?.amount_unit).toBe('decimal');
    expect(Object.values(simplified ?? {}).every((value) => typeof value !== 'object')).toBe(true);
    expect(simplified?.date_time_iso).toEqual(plain(order).date_time_iso);
    expect(nodeOutput(result, NODES.raw)).toEqual([plain(order)]);
  });

  it('simplify: Get Many of orders is on by default for a new node', async () => {
    const many = nodeOutput(await locatorsRun.read(), NODES.many);
    expect(many.map((json) => json.id)).toEqual(orders.slice(0, 5).map((o) => o.id));
    for (const json of many) expect(Object.keys(json).filter((key) => !companion(key)).length).toBeLessThanOrEqual(10);
  });

  it(
    'resource locator: From List pages through the store’s orders with labels a store owner recognises',
    n8n.check(async () => {
      const first = await listSearch('searchOrders', 'orderId');
      expect(first.results).toHaveLength(100);
      expect(first.paginationToken).toBe('2');
      const newest = [...orders].sort((a, b) => (a.date_time < b.date_time ? 1 : -1))[0] as Order;
      expect(first.results[0]?.value).toBe(String(newest.id));
      expect(first.results[0]?.name).toMatch(new RegExp(`^#${newest.id} · .+ · .+ · \\$`));
      expect(first.results[0]?.url).toBe(`${store.url}/wp-admin/post.php?post=${newest.id}&action=edit`);
      const second = await listSearch('searchOrders', 'orderId', undefined, first.paginationToken);
      expect(second.results).toHaveLength(100);
      expect(new Set([...first.results, ...second.results].map((entry) => entry.value)).size).toBe(200);
    }),
  );

  it(
    'From list amounts: each order label shows the order’s decimal amount, as the store’s admin does',
    n8n.check(async () => {
      const { results } = await listSearch('searchOrders', 'orderId');
      const byId = new Map(orders.map((entry) => [String(entry.id), entry]));
      const latest = await clientFor(store).latestOrders();
      expect(results.length).toBeGreaterThan(0);
      for (const { name, value } of results) {
        const shown = byId.get(value);
        expect(shown && plain(shown).amount_unit).toBe('decimal');
        expect({ name, amount: labelAmount(name) }).toEqual({ name, amount: shown?.order_amount });
      }
      // The store's own decimals (latest-orders), for the orders on both lists.
      const labels = new Map(results.map((entry) => [entry.value, entry.name]));
      const both = latest.filter((entry) => labels.has(String(entry.order_id)));
      expect(both.length).toBeGreaterThan(0);
      for (const entry of both)
        expect(labelAmount(labels.get(String(entry.order_id)) ?? '')).toBe(Number(entry.order_amount));
    }),
  );

  it(
    'resource locator: From List finds a customer by email, in any letter case',
    n8n.check(async () => {
      const last = customers[customers.length - 1] as Customer;
      const found = await listSearch('searchCustomers', 'customerId', last.email.toUpperCase());
      expect(found.results.map((entry) => entry.value)).toContain(String(last.id));
      expect(found.results.find((entry) => entry.value === String(last.id))?.name).toContain(last.email);
    }),
  );

  it(
    'resource locator: a trigger (version 2) whose Product is an admin link subscribes the store for that product',
    n8n.check(async () => {
      await activateWorkflow(n8n.session, TRIGGER_WORKFLOW_ID);
      const hooks = store.hooks().map((hook) => ({ productId: hook.productId, statuses: hook.statuses }));
      expect(hooks).toEqual([{ productId, statuses: ['purchased'] }]);
      await deactivateWorkflow(n8n.session, TRIGGER_WORKFLOW_ID);
      expect(store.hooks()).toEqual([]);
    }),
  );
});
