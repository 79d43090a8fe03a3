/**
 * End-to-end steps for the Commerce Service Polling Trigger in a real n8n, whatever the topology: the
 * workflow (Polling Trigger every minute → NoOp), what its executions emitted (one execution per poll
 * that found something, one item per event), and the sandbox orders the tests compare with.
 */
import type { Sandbox } from '../../../sandbox';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  getExecution,
  listExecutions,
  type ExecutionDetail,
  type N8nWorkflowJson,
  type RestSession,
} from '../../../scripts/n8n/instance';
import { NODE_TYPES, type CredentialRef } from '../../../scripts/start/examples';
import { clientFor } from '../n8n/expected';
import { receivedNode, type NodeTypes } from '../../../scripts/kit/workflows';
import { sleep } from './steps';

/** The trigger node's name in pollingWorkflow (its static data key is `node:<name>`). */
export const POLL_NODE = 'Poll';

/** Polling Trigger (Poll Time: every minute) for one event → NoOp "Received". */
export function pollingWorkflow(
  id: string,
  event: string,
  credential: CredentialRef,
  name = `e2e: polling ${event}`,
  types: NodeTypes = NODE_TYPES,
): N8nWorkflowJson {
  return {
    id,
    name,
    nodes: [
      {
        id: `${id}-trigger`,
        name: POLL_NODE,
        type: types.pollingTrigger,
        typeVersion: 1,
        position: [0, 0],
        parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event, productId: '', planIds: [] },
        credentials: { commerceServiceApi: credential },
      },
      receivedNode(id),
    ],
    connections: { [POLL_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

export interface Emission {
  execution: ExecutionDetail;
  items: Array<Record<string, unknown>>;
}

/** The workflow's finished executions in the order they ran (n8n lists the newest first), with their trigger output. */
export async function emissions(session: RestSession, workflowId: string): Promise<Emission[]> {
  const finished = (await listExecutions(session, workflowId))
    .filter((e) => e.status !== 'running' && e.status !== 'new')
    .sort((a, b) => Number(a.id) - Number(b.id));
  const result: Emission[] = [];
  for (const summary of finished) {
    const execution = await getExecution(session, summary.id);
    result.push({ execution, items: executionNodeOutput(execution, POLL_NODE) });
  }
  return result;
}

/** Waits until the workflow's executions have emitted at least `count` items in all (polls run on the minute). */
export async function waitForEmissions(
  session: RestSession,
  workflowId: string,
  count: number,
  timeoutMs = 150_000,
): Promise<Emission[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await emissions(session, workflowId);
    if (found.flatMap((e) => e.items).length >= count || Date.now() > deadline) return found;
    await sleep(2000);
  }
}

/**
 * A poll now, by n8n's own means instead of the clock: n8n polls once when it activates a polling
 * workflow (and saves the trigger's static data after), so deactivating and activating again runs
 * one poll from the state the last poll left (activation returns once it ran). Then waits up to
 * `timeoutMs` until the workflow has emitted `count` items in all (the poll's execution finished);
 * to see that a poll emits nothing more, ask for one item more with a short wait.
 */
export async function pollNow(
  session: RestSession,
  workflowId: string,
  count: number,
  timeoutMs = 30_000,
): Promise<Emission[]> {
  await deactivateWorkflow(session, workflowId);
  await activateWorkflow(session, workflowId);
  return waitForEmissions(session, workflowId, count, timeoutMs);
}

/** Ids of the store's orders made since `afterId`, oldest first. */
export async function ordersAfter(store: Sandbox, afterId: number): Promise<number[]> {
  const { items } = await clientFor(store).listOrders({ orderby: 'id', order: 'desc', per_page: 50 });
  return items
    .map((order) => order.id)
    .filter((id) => id > afterId)
    .reverse();
}

export async function newestOrderId(store: Sandbox): Promise<number> {
  const { items } = await clientFor(store).listOrders({ orderby: 'id', order: 'desc', per_page: 1 });
  return items[0]?.id ?? 0;
}

/** `count` purchases in the sandbox; returns the new orders' ids, oldest first. */
export async function purchase(store: Sandbox, count: number): Promise<number[]> {
  const before = await newestOrderId(store);
  for (let n = 0; n < count; n += 1) await store.fireEvent({ type: 'purchased' });
  const made = await ordersAfter(store, before);
  if (made.length !== count) throw new Error(`expected ${count} new orders in the sandbox, found ${made.length}`);
  return made;
}

/**
 * A refund in the sandbox of the newest paid order of the given order's product (the sandbox picks
 * it); returns the id of the order it refunded.
 */
export async function refundProductOf(store: Sandbox, orderId: number): Promise<number> {
  const client = clientFor(store);
  const target = await client.getOrder(String(orderId));
  await store.fireEvent({ type: 'refunded', product_id: Number(target.product_id) });
  const refunded = (await client.listOrders({ orderby: 'date_modified', order: 'desc', per_page: 1 })).items[0];
  if (refunded?.status !== 'refunded')
    throw new Error(`the sandbox's most recently changed order is not refunded: ${JSON.stringify(refunded?.status)}`);
  return refunded.id;
}
