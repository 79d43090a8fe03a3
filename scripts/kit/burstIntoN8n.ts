/**
 * A burst of purchases into a queue-mode stack (burst.ts fires it): the workflows it goes to
 * (n8n's own Webhook node, the reference, and the Commerce Service Trigger), the store hook of the
 * Webhook node (the trigger subscribes its own), and the executions each purchase started, read from
 * Postgres (every execution of the workflow, however many) and then over REST. Used by the queue-mode
 * burst e2e on the shared stack and by `npm run bench -- burst` on a stack of its own.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Sandbox, SandboxDelivery } from '../../sandbox';
import type { CommerceServiceClient } from '@commerce-service/shared';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  getExecution,
  type ExecutionDetail,
  type N8nWorkflowJson,
  type RestSession,
} from '../n8n/instance';
import { psqlBin, type PostgresServer } from '../services/postgres';
import { EXAMPLE_CREDENTIAL, forCustomExtensions, loadExamples, type CredentialRef } from '../start/examples';
import { answerTimes, BURST, fireBurst, type AnswerTimes } from './burst';
import { createClient } from './client';
import { nodeTransport } from './nodeTransport';
import { receivedNode, triggerWorkflow } from './workflows';

const run = promisify(execFile);

/** A workflow a burst goes to: its id, the webhook id in its URL, and the node whose output holds each purchase. */
export interface BurstTarget {
  id: string;
  webhookId: string;
  /** The node the execution starts from; its first item carries the purchase. */
  startNode: string;
  /** The order id of the purchase an execution started from, read from that node's first item. */
  orderOf(item: Record<string, unknown> | undefined): unknown;
  /** The Commerce Service Trigger subscribes its hook when activated; a Webhook node's URL is subscribed for it. */
  subscribesItself: boolean;
  /** The Commerce Service Trigger's Verify Deliveries: on (its default) unless this says off. */
  verifyDeliveries?: false;
}

/** n8n's own Webhook node (POST, answers at once), path = its webhook id: `/webhook/<webhookId>`. */
export const WEBHOOK_NODE: BurstTarget = {
  id: 'e2eBurstWebhook1',
  webhookId: '5e0b7a31-6c2d-4f8e-9a1b-00000000b051',
  startNode: 'Webhook',
  orderOf: (item) => (item?.body as { id?: unknown } | undefined)?.id,
  subscribesItself: false,
};

/**
 * n8n's own Webhook node at version 1: n8n 2.41 gives each request to it an expression sandbox, as it
 * does for every start node but its Webhook node from version 2 with static parameters
 * (`webhookPhaseNeedsIsolate`). What any other trigger pays under n8n's defaults.
 */
export const WEBHOOK_NODE_V1: BurstTarget = {
  ...WEBHOOK_NODE,
  id: 'e2eBurstWebhookV1',
  webhookId: '5e0b7a31-6c2d-4f8e-9a1b-00000000b053',
};

/** The Commerce Service Trigger, purchases, verification on (the node's default). */
export const TRIGGER_NODE: BurstTarget = {
  id: 'e2eBurstTrigger1',
  webhookId: '5e0b7a31-6c2d-4f8e-9a1b-00000000b052',
  startNode: 'Trigger',
  orderOf: (item) => item?.id,
  subscribesItself: true,
};

/** The Commerce Service Trigger with Verify Deliveries off: its `webhook()` is the same, its execution reads nothing. */
export const TRIGGER_NODE_UNVERIFIED: BurstTarget = {
  ...TRIGGER_NODE,
  id: 'e2eBurstTrigger2',
  webhookId: '5e0b7a31-6c2d-4f8e-9a1b-00000000b054',
  verifyDeliveries: false,
};

export function webhookNodeWorkflow(target: BurstTarget = WEBHOOK_NODE, typeVersion = 2): N8nWorkflowJson {
  return {
    id: target.id,
    name: `e2e burst: n8n Webhook node v${typeVersion}`,
    nodes: [
      {
        id: `${target.id}-hook`,
        name: target.startNode,
        type: 'n8n-nodes-base.webhook',
        typeVersion,
        position: [0, 0],
        webhookId: target.webhookId,
        parameters: { httpMethod: 'POST', path: target.webhookId, responseMode: 'onReceived', options: {} },
      },
      receivedNode(target.id),
    ],
    connections: { [target.startNode]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

/**
 * At its current version (2), as the editor adds it today: n8n evaluates an expression for each
 * request to a version 1 start node (`parseRequestBody`, a Webhook node v1 option), which the
 * reference Webhook node, at version 2, does not pay either.
 */
export function triggerNodeWorkflow(credential: CredentialRef, target: BurstTarget = TRIGGER_NODE): N8nWorkflowJson {
  const verify = target.verifyDeliveries !== false;
  const workflow = triggerWorkflow({ id: target.id, webhookId: target.webhookId, credential, event: 'purchased' });
  const [trigger, ...rest] = workflow.nodes as Array<{ parameters: Record<string, unknown> }>;
  if (!trigger) throw new Error('triggerWorkflow made no trigger node');
  const current = {
    ...trigger,
    typeVersion: 2,
    parameters: {
      ...trigger.parameters,
      productId: { __rl: true, value: '', mode: 'list' },
      ...(verify ? {} : { verifyDeliveries: false }),
    },
  };
  const name = `e2e burst: Commerce Service Trigger, verification ${verify ? 'on' : 'off'}`;
  return { ...workflow, nodes: [current, ...rest], name };
}

/** Subscribes `hookUrl` to the store's purchases as a user would for a plain Webhook node; returns the hook id. */
async function subscribePurchases(store: Sandbox, hookUrl: string): Promise<string> {
  const { id } = await storeClient(store).subscribeHook({ hook_url: hookUrl, status: 'purchased' });
  return String(id);
}

async function deleteHook(store: Sandbox, id: string): Promise<void> {
  await storeClient(store).deleteHook(id);
}

/** Ids and statuses of every execution of a workflow, as n8n saved them in Postgres. */
export async function savedExecutions(
  pg: Pick<PostgresServer, 'host' | 'port' | 'user' | 'database'>,
  workflowId: string,
): Promise<Array<{ id: string; status: string }>> {
  if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`unexpected workflow id ${JSON.stringify(workflowId)}`);
  const sql = `select id, status from execution_entity where "workflowId" = '${workflowId}' order by id`;
  const { stdout } = await run(
    psqlBin(),
    ['-h', pg.host, '-p', String(pg.port), '-U', pg.user, '-d', pg.database, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { timeout: 30_000 },
  );
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id = '', status = ''] = line.split('|');
      return { id, status };
    });
}

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

/**
 * Waits until `expected` executions of the workflow (not in `seen`) have finished, or until none has
 * been added or finished for `quietMs` (fewer ran: the test then says how many); returns them with
 * their data.
 */
export async function burstExecutions(
  session: RestSession,
  pg: Pick<PostgresServer, 'host' | 'port' | 'user' | 'database'>,
  workflowId: string,
  opts: { seen: Set<string>; expected: number; quietMs?: number; timeoutMs?: number },
): Promise<ExecutionDetail[]> {
  const quietMs = opts.quietMs ?? 30_000;
  const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
  let last = '';
  let changedAt = Date.now();
  for (;;) {
    const fresh = (await savedExecutions(pg, workflowId)).filter((e) => !opts.seen.has(e.id));
    const done = fresh.filter((e) => FINISHED.has(e.status));
    const state = `${fresh.length}/${done.length}`;
    if (state !== last) [last, changedAt] = [state, Date.now()];
    const settled = done.length === fresh.length;
    if ((settled && done.length >= opts.expected) || Date.now() - changedAt > quietMs || Date.now() > deadline)
      return Promise.all(done.map((e) => getExecution(session, e.id)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** What a burst left: the store's deliveries, the executions, and the webhook processor's CPU for it. */
export interface BurstOutcome {
  deliveries: SandboxDelivery[];
  executions: ExecutionDetail[];
  times: AnswerTimes;
  /** Not meaningful when the webhook processor was restarted during the burst. */
  cpuSeconds: number;
}

/** Where a burst runs: the queue-mode stack's REST session, database, webhook URLs and webhook processor. */
export interface BurstStack {
  session: RestSession;
  postgres: Pick<PostgresServer, 'host' | 'port' | 'user' | 'database'>;
  webhookUrl(...parts: string[]): string;
  /** CPU seconds the webhook processor (and its children) has used so far. */
  webhookCpuSeconds(): Promise<number>;
}

/**
 * The store's purchases fired as a burst, and `during` beside it (a crash of the webhook processor),
 * given a count of the deliveries answered 200 so far. Resolves with the burst's deliveries.
 */
export async function burstOfPurchases(
  store: Sandbox,
  during?: (answered: () => number) => Promise<void>,
  burst: { purchases: number; perSecond: number } = BURST,
): Promise<SandboxDelivery[]> {
  const from = store.deliveries().length;
  const answered = () =>
    store
      .deliveries()
      .slice(from)
      .filter((d) => d.status === 200).length;
  const [deliveries] = await Promise.all([
    fireBurst(() => store.fireEvent({ type: 'purchased' }), burst),
    during?.(answered),
  ]);
  return deliveries;
}

/**
 * Activates the target's workflow (and, for n8n's Webhook node, subscribes its URL to the store's
 * purchases, as a user would), fires the burst, waits for the executions it started, and leaves the
 * workflow inactive and the store without its hook. The CPU is the webhook processor's from the first
 * purchase until the last execution finished.
 */
export async function runBurst(
  stack: BurstStack,
  store: Sandbox,
  target: BurstTarget,
  options: {
    burst?: { purchases: number; perSecond: number };
    /** Runs beside the burst (a crash of the webhook processor); `answered` counts the 200s so far. */
    duringBurst?: (answered: () => number) => Promise<void>;
  } = {},
): Promise<BurstOutcome> {
  // n8n's Webhook node listens on /webhook/<path> (its path is its webhook id); the trigger on /webhook/<id>/webhook.
  const hookUrl = stack.webhookUrl(target.webhookId, ...(target.subscribesItself ? ['webhook'] : []));
  await activateWorkflow(stack.session, target.id);
  let subscribed: string | undefined;
  try {
    if (!target.subscribesItself) subscribed = await subscribePurchases(store, hookUrl);
    // The trigger's hook URL carries its secret in the query string (docs/verification.md).
    const hooks = store.hooks().map((hook) => hook.hookUrl);
    if (hooks.length !== 1 || hooks[0]?.split('?')[0] !== hookUrl)
      throw new Error(`expected the store to hold one hook, ${hookUrl}; it holds ${JSON.stringify(hooks)}`);
    const seen = new Set((await savedExecutions(stack.postgres, target.id)).map((e) => e.id));
    const cpuBefore = await stack.webhookCpuSeconds();
    const deliveries = await burstOfPurchases(store, options.duringBurst, options.burst);
    // Every delivery answered 200 should have run; more may have (saved, then the answer was cut off).
    const executions = await burstExecutions(stack.session, stack.postgres, target.id, {
      seen,
      expected: deliveries.filter((d) => d.status === 200).length,
    });
    const cpuSeconds = (await stack.webhookCpuSeconds()) - cpuBefore;
    return { deliveries, executions, times: answerTimes(deliveries), cpuSeconds };
  } finally {
    if (subscribed) await deleteHook(store, subscribed);
    await deactivateWorkflow(stack.session, target.id);
  }
}

/** The order id of each execution, as its start node received it. */
export function executedOrders(target: BurstTarget, executions: ExecutionDetail[]): unknown[] {
  return executions.map((execution) => target.orderOf(executionNodeOutput(execution, target.startNode)[0]));
}

export const deliveredOrder = (delivery: SandboxDelivery): unknown => (delivery.payload as { id?: unknown }).id;

/**
 * The recipe's example (n8n/examples/sales-without-gaps.json) as a burst target: its webhook trigger,
 * and `output`, the node each order comes out of once.
 */
export const RECIPE = {
  id: 'csRecipeComplete',
  webhookId: '5c0d3a9e-1f00-4c0e-8a11-c0ffee000005',
  startNode: 'Sale (instant)',
  orderOf: (item: Record<string, unknown> | undefined) => item?.id,
  subscribesItself: true,
  output: 'Order summary',
} as const satisfies BurstTarget & { output: string };

/**
 * The recipe as a user saves it in this n8n: the example unchanged but for the node types n8n gives
 * the package loaded from N8N_CUSTOM_EXTENSIONS, and its credential reference pointed at `credential`.
 */
export function recipeWorkflow(credential: CredentialRef): N8nWorkflowJson {
  const example = loadExamples().find((workflow) => workflow.id === RECIPE.id);
  if (!example) throw new Error(`no example ${RECIPE.id} in n8n/examples`);
  const workflow = forCustomExtensions(example);
  for (const node of workflow.nodes) {
    const credentials = node.credentials as Record<string, CredentialRef> | undefined;
    if (credentials?.[EXAMPLE_CREDENTIAL.type]) node.credentials = { [EXAMPLE_CREDENTIAL.type]: credential };
  }
  return workflow;
}

/** The shared client on the sandbox, as the tests use it, to subscribe the Webhook node's URL. */
function storeClient(store: Sandbox): CommerceServiceClient {
  return createClient({
    settings: { storeUrl: store.url, apiKey: store.apiKey, apiRoot: store.apiRoot },
    transport: nodeTransport,
  });
}
