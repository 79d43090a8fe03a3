/**
 * Issue #18 in a real n8n: the webhook trigger answers each of the store's deliveries first and
 * verifies after, so a store with few PHP workers is never held. Shared by the single-process and
 * queue-mode suites (n8nAnswerFirst*.e2e.ts): the two workflows (verification on, the default, and
 * off, for comparison) and the burst of purchases with what must hold for it.
 */
import type { Sandbox, SandboxDelivery } from '../../../sandbox';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  getExecution,
  listExecutions,
  type ExecutionDetail,
  type N8nWorkflowJson,
} from '../../../scripts/n8n/instance';
import type { CredentialRef } from '../../../scripts/start/examples';
import { triggerWorkflow } from '../n8n/workflows';
import type { LifecycleContext } from './steps';

/** The small host of the issue: two PHP workers. */
export const PHP_WORKERS = 2;
const PURCHASES = 10;
const AT_A_TIME = 2;
/** Every delivery must be answered within this (the store's own limit is 5 s). */
const ANSWER_WITHIN_MS = 1500;

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
 * deactivates. Checks: every delivery answered 200 within ANSWER_WITHIN_MS, one execution per
 * purchase with that purchase's order, marked verified when verification is on.
 */
export async function expectBurstAnsweredFirst(
  ctx: LifecycleContext,
  store: Sandbox,
  workflow: AnswerFirstWorkflow,
  timed: <T>(label: string, fn: () => Promise<T>) => Promise<T>,
): Promise<BurstResult> {
  const hookUrl = ctx.hookUrl(workflow.webhookId);
  await activateWorkflow(ctx.session(), workflow.id);
  let result: BurstResult;
  try {
    result = await burstOn(ctx, store, workflow, hookUrl, timed);
  } finally {
    // Also after a failure, so the next burst has its own hook only.
    await deactivateWorkflow(ctx.session(), workflow.id);
  }
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
  expect(store.hooks().map((hook) => hook.hookUrl)).toEqual([hookUrl]);
  const seen = new Set((await listExecutions(ctx.session(), workflow.id)).map((e) => e.id));
  const label = `verification ${workflow.verify ? 'on' : 'off'}`;

  const deliveries: SandboxDelivery[] = [];
  await timed(`${PURCHASES} purchases, ${AT_A_TIME} at a time (${label})`, async () => {
    for (let i = 0; i < PURCHASES; i += AT_A_TIME) {
      const pair = await Promise.all(Array.from({ length: AT_A_TIME }, () => store.fireEvent({ type: 'purchased' })));
      deliveries.push(...pair.flat());
    }
  });
  process.stderr.write(`answer first, ${label}: ${describeWaits(deliveries)}\n`);
  // Every delivery answered 200 (the store logs no failure); how fast is checked last, below.
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
  const answers = deliveries.map(({ status, error, durationMs }) => ({
    status,
    error,
    durationMs,
    inTime: durationMs <= ANSWER_WITHIN_MS,
  }));
  expect(answers).toEqual(Array.from({ length: PURCHASES }, () => expect.objectContaining({ inTime: true })));

  return { deliveries, executions };
}

/** The store's wait per delivery: median and slowest. */
function describeWaits(deliveries: SandboxDelivery[]): string {
  const waits = deliveries.map((d) => d.durationMs).sort((a, b) => a - b);
  const median = waits[Math.floor(waits.length / 2)] ?? Number.NaN;
  return `store waited ${median} ms (median), ${waits.at(-1) ?? Number.NaN} ms at most, for ${waits.length} deliveries`;
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
