/**
 * Workflow JSON with the package's trigger for a real n8n, as the e2e tests and the bench save it: the
 * node types under a loading's prefix, a Commerce Service Trigger with a fixed webhookId into n8n's
 * No Operation node, and n8n's Manual Trigger.
 */
import type { N8nWorkflowJson } from '../n8n/cli';
import { NODE_TYPES, type CredentialRef } from '../start/examples';

/** The package's node types as one n8n names them. */
export interface NodeTypes {
  action: string;
  trigger: string;
  pollingTrigger: string;
}

/**
 * The node types under a prefix: `CUSTOM` for nodes loaded from N8N_CUSTOM_EXTENSIONS, the package
 * name (`n8n-nodes-commerce-service`) for the package installed through Settings → Community nodes.
 */
export const nodeTypesFor = (prefix: string): NodeTypes => ({
  action: `${prefix}.commerceService`,
  trigger: `${prefix}.commerceServiceTrigger`,
  pollingTrigger: `${prefix}.commerceServicePollingTrigger`,
});

interface TriggerOptions {
  id: string;
  webhookId: string;
  credential: CredentialRef;
  event: string;
  /** An ID (node version 1), or a resource locator (version 2). */
  productId?: string | Record<string, unknown>;
  planIds?: string[];
  /** Default: NODE_TYPES (the harness's usual loading). */
  types?: NodeTypes;
  /** Default 1. */
  typeVersion?: number;
}

/** The Commerce Service Trigger node `Trigger` (fixed webhookId) of workflow `opts.id`, for one event and optional filters. */
export function triggerNode(opts: TriggerOptions): Record<string, unknown> {
  return {
    id: `${opts.id}-trigger`,
    name: 'Trigger',
    type: (opts.types ?? NODE_TYPES).trigger,
    typeVersion: opts.typeVersion ?? 1,
    position: [0, 0],
    webhookId: opts.webhookId,
    parameters: {
      event: opts.event,
      productId: opts.productId ?? '',
      planIds: opts.planIds ?? [],
      pricesInCents: false,
    },
    credentials: { commerceServiceApi: opts.credential },
  };
}

/** One of n8n's own nodes, without parameters. */
function coreNode(id: string, name: string, type: string, position: [number, number]): Record<string, unknown> {
  return { id, name, type, typeVersion: 1, position, parameters: {} };
}

/** n8n's No Operation node `Received`, where a trigger's items land (second in its workflow). */
export function receivedNode(workflowId: string): Record<string, unknown> {
  return coreNode(`${workflowId}-noop`, 'Received', 'n8n-nodes-base.noOp', [260, 0]);
}

/** Commerce Service Trigger (fixed webhookId) → NoOp, for one event and optional filters. */
export function triggerWorkflow(opts: TriggerOptions): N8nWorkflowJson {
  return {
    id: opts.id,
    name: `e2e: trigger ${opts.event}`,
    nodes: [triggerNode(opts), receivedNode(opts.id)],
    connections: { Trigger: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

/** n8n's Manual Trigger, named `Start`, that a workflow of id `workflowId` starts from ("Execute workflow"). */
export function manualStart(workflowId: string): Record<string, unknown> {
  return coreNode(`${workflowId}-start`, 'Start', 'n8n-nodes-base.manualTrigger', [0, 0]);
}
