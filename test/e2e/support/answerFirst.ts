/**
 * In a real n8n, the store's answer never waits for the webhook trigger's check with the store, so a
 * store with few PHP workers is never held. The trigger's `webhook()` reads nothing; n8n answers once it
 * has saved (in queue mode, queued) the execution, and the check runs in that execution. Shared by
 * the single-process and queue-mode suites (n8nAnswerFirst*.e2e.ts): the two workflows (verification
 * on, the default, and off) and the burst of purchases with what must hold for it. What proves it is
 * the order of events, not a stopwatch: each verification read reached the store after its execution
 * had started, so none came from the `webhook()` that the answer waits for; and with every PHP worker
 * held by a delivery, an answer that waited for a read would run out the store's limit. How long the
 * store waits is measured by `npm run bench -- burst`.
 */
import type { Sandbox, SandboxArrival, SandboxDelivery } from '../../../sandbox';
import {
  executionNodeOutput,
  getExecution,
  listExecutions,
  type ExecutionDetail,
  type N8nWorkflowJson,
} from '../../../scripts/n8n/instance';
import type { CredentialRef } from '../../../scripts/start/examples';
import { triggerWorkflow } from '../../../scripts/kit/workflows';
import { whileActive, type LifecycleContext } from './steps';

/** The small host of the issue: two PHP workers. */
export const PHP_WORKERS = 2;
const PURCHASES = 10;
const AT_A_TIME = 2;
/** The store's own limit for a delivery's answer: past it, the delivery fails. */
const STORE_LIMIT_MS = 5000;

export interface AnswerFirstWorkflow {
  id: string;
  webhookId: string;
  verify: boolean;
}

export const ANSWER_FIRST = {
  verifyOn: { id: 'e2eAnswerFirstOn', webhookId: '7c1d9e2a-4b3f-4a5e-9d6c-0000000a11f1', verify: true },
  verifyOff: { id: 'e2eAnswerFirstOf', webhookId: '7c1d9e2a-4b3f-4a5e-9d6c-0000000a11f0', verify: false },
} satisfies Record<string, AnswerFirstWorkflow>;

export function answerFirstWorkflows(credential: CredentialRef): N8nWorkflowJson[] {
  return Object.values(ANSWER_FIRST).map(({ id, webhookId, verify }) => {
    const workflow = triggerWorkflow({ id, webhookId, credential, event: 'purchased' });
    const trigger = workflow.nodes[0];
    // Verification on is the node's default: the "on" workflow leaves the parameter out, as a user would.
    if (trigger && !verify)
      trigger.parameters = { ...(trigger.parameters as Record<string, unknown>), verifyDeliveries: false };
    return { ...workflow, name: `e2e answer first: verification ${verify ? 'on' : 'off'}` };
  });
}

export interface BurstResult {
  deliveries: SandboxDelivery[];
  executions: ExecutionDetail[];
}

/**
 * Activates the workflow, makes PURCHASES purchases AT_A_TIME at a time on the store (each one holds
 * a PHP worker while its delivery is under way, as a checkout does), waits for their executions and
 * deactivates. Checks: every delivery answered 200 within the store's limit, one execution per
 * purchase with that purchase's order, marked verified when verification is on, and each
 * verification read of the order arriving at the store after that order's execution had started.
 * (The read may reach the store before the answer does: in queue mode a worker can take the
 * execution while the answer is still on its way.)
 */
export async function expectBurstAnsweredFirst(
  ctx: LifecycleContext,
  store: Sandbox,
  workflow: AnswerFirstWorkflow,
  timed: <T>(label: string, fn: () => Promise<T>) => Promise<T>,
): Promise<BurstResult> {
  const hookUrl = ctx.hookUrl(workflow.webhookId);
  // Deactivated also after a failure, so the next burst has its own hook only.
  const result = await whileActive(ctx, workflow.id, () => burstOn(ctx, store, workflow, hookUrl, timed));
  expect(store.hooks()).toEqual([]);
  return result;
}

async function burstOn(
  ctx: LifecycleContext,
  store: Sandbox,
  workflow: AnswerFirstWorkflow,
  hookUrl: string,
  timed: <T>(label: string, fn: () => Promise<T>) => Promise<T>,
): Promise<BurstResult> {
  // The store holds n8n's webhook URL with the hook's secret in its query string.
  expect(store.hooks().map((hook) => hook.hookUrl.split('?')[0])).toEqual([hookUrl]);
  const seen = new Set((await listExecutions(ctx.session(), workflow.id)).map((e) => e.id));
  const label = `verification ${workflow.verify ? 'on' : 'off'}`;
  const burstStart = Date.now();

  const deliveries: SandboxDelivery[] = [];
  await timed(`${PURCHASES} purchases, ${AT_A_TIME} at a time (${label})`, async () => {
    for (let i = 0; i < PURCHASES; i += AT_A_TIME) {
      const pair = await Promise.all(Array.from({ length: AT_A_TIME }, () => store.fireEvent({ type: 'purchased' })));
      deliveries.push(...pair.flat());
    }
  });
  // Every delivery answered 200 (the store logs no failure).
  expect(deliveries.map(({ status, error }) => ({ status, error }))).toEqual(
    Array.from({ length: PURCHASES }, () => ({ status: 200, error: undefined })),
  );

  const executions = await timed(`${PURCHASES} executions finished (${label})`, () =>
    finishedExecutions(ctx, workflow.id, seen, PURCHASES),
  );
  expect(executions.map((e) => e.status)).toEqual(Array(PURCHASES).fill('success'));
  const started = executions.map((execution) => executionNodeOutput(execution, 'Trigger'));
  for (const items of started) expect(items).toHaveLength(1);
  const ids = started.map((items) => items[0]?.id).sort();
  expect(ids).toEqual(deliveries.map((d) => (d.payload as { id: unknown }).id).sort());
  for (const items of started) {
    if (workflow.verify) expect(items[0]?.verification).toEqual({ status: 'verified', method: 'store' });
    else expect(items[0]).not.toHaveProperty('verification');
  }

  // All of them at once, so a failure shows every delivery as the store logged it.
  const startedAt = new Map(
    executions.map((execution, i) => [String(started[i]?.[0]?.id), Date.parse(execution.startedAt ?? '')]),
  );
  const reads = store.arrivals().filter((arrival) => arrival.at >= burstStart);
  const answers = deliveries.map((delivery) => {
    const order = String((delivery.payload as { id: unknown }).id);
    const read = verificationRead(reads, order);
    const executionStartedAt = startedAt.get(order);
    return {
      order,
      withinStoreLimit: delivery.durationMs <= STORE_LIMIT_MS,
      // Verification off reads nothing; on, the read comes from the execution, never from `webhook()`.
      readInExecution: workflow.verify
        ? read !== undefined && executionStartedAt !== undefined && read.at >= executionStartedAt
        : read === undefined,
      answeredAt: delivery.answeredAt,
      executionStartedAt,
      readAt: read?.at,
    };
  });
  expect(answers).toEqual(
    answers.map(({ order }) => expect.objectContaining({ order, withinStoreLimit: true, readInExecution: true })),
  );

  return { deliveries, executions };
}

/** The first read of the delivered order by id (what verification asks the store), if any. */
function verificationRead(arrivals: SandboxArrival[], id: string): SandboxArrival | undefined {
  return arrivals.find(
    (arrival) => arrival.method === 'GET' && arrival.route.replace(/\/$/, '').endsWith(`/orders/${id}`),
  );
}

async function finishedExecutions(
  ctx: LifecycleContext,
  workflowId: string,
  seen: Set<string>,
  count: number,
  timeoutMs = 180_000,
): Promise<ExecutionDetail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = (await listExecutions(ctx.session(), workflowId)).filter((e) => !seen.has(e.id));
    const done = fresh.filter((e) => ['success', 'error', 'crashed', 'canceled'].includes(e.status));
    if (done.length >= count) {
      const details = await Promise.all(done.map((e) => getExecution(ctx.session(), e.id)));
      for (const detail of details) await ctx.onExecution?.(detail);
      return details;
    }
    if (Date.now() > deadline)
      throw new Error(`${done.length} of ${count} executions of ${workflowId} finished within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
