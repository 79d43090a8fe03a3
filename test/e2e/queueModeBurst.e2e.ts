/**
 * A burst of purchases into n8n's queue mode (2.41.1, the run's shared stack: Postgres, Redis, main,
 * worker, webhook processor; support/sharedQueueMode.ts), as a busy store sends them: 120 purchases at
 * 20 a second, each delivery waiting at most the store's 5 s for its answer and never sent again.
 * First to n8n's own Webhook node, the reference, then to the Commerce Service Trigger with
 * verification on (one read of each order from the store). For each: every delivery answered 200
 * within 5 s, and every purchase ran exactly one execution. Each burst holds the stack alone, so the
 * webhook processor's CPU is the burst's own; the figures are printed side by side (answer times,
 * CPU), and `npm run bench -- burst` prints the same on a stack of its own.
 *
 * Where n8n, Postgres or Redis cannot be had, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams
 * every process' output; N8N_E2E_KEEP=1 keeps the user folders.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { executionNodeOutput } from '../../scripts/n8n/instance';
import { answerLine, BURST, STORE_LIMIT_MS, type AnswerTimes } from '../kit/burst';
import {
  deliveredOrder,
  executedOrders,
  runBurst,
  triggerNodeWorkflow,
  TRIGGER_NODE,
  webhookNodeWorkflow,
  WEBHOOK_NODE,
  type BurstOutcome,
  type BurstStack,
  type BurstTarget,
} from './support/burst';
import { describeIf, probe } from './support/probe';
import { useSharedQueueMode } from './support/sharedQueueMode';

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode burst end-to-end tests');

const TITLE = `n8n ${N8N_VERSION} in queue mode: ${BURST.purchases} purchases at ${BURST.perSecond}/s, each answered within the store's ${STORE_LIMIT_MS / 1000} s`;

describeQueue(TITLE, () => {
  const n8n = useSharedQueueMode('queue mode burst e2e');
  let store: Sandbox;
  const figures: Array<{ label: string; times: AnswerTimes; executions: number; cpuSeconds: number }> = [];

  beforeAll(
    n8n.check(async () => {
      // Spec profile: no secret in deliveries, so the trigger verifies each one by reading the order.
      // PHP workers unlimited: a store busy enough to sell 20 a second runs more than a few.
      store = await n8n.sandbox({ profile: 'spec' });
      const credential = await n8n.addCredential(store, 'Sandbox for the burst (queue mode)');
      await n8n.addWorkflows([webhookNodeWorkflow(), triggerNodeWorkflow(credential)]);
    }),
    60_000,
  );

  afterAll(() => {
    if (figures.length === 0) return;
    process.stderr.write(`\n${TITLE}:\n${figures.map((figure) => answerLine(figure.label, figure)).join('\n')}\n`);
  });

  /** One burst into the target, the stack held alone so the webhook processor's CPU is the burst's own. */
  async function burstInto(target: BurstTarget, label: string): Promise<BurstOutcome> {
    const stack: BurstStack = {
      session: n8n.session,
      postgres: n8n.postgres,
      webhookUrl: (...parts) => n8n.webhookUrl(...parts),
      webhookCpuSeconds: () => n8n.cpuSeconds('webhook'),
    };
    const outcome = await n8n.timed(`burst into ${label}`, () => runBurst(stack, store, target));
    figures.push({ label, ...outcome, executions: outcome.executions.length });
    return outcome;
  }

  /** Every purchase answered 200 in time, and run exactly once: one execution per delivered order. */
  function expectEachAnsweredAndRunOnce(target: BurstTarget, { deliveries, executions }: BurstOutcome): void {
    expect(deliveries).toHaveLength(BURST.purchases);
    const late = deliveries
      .filter((d) => d.status !== 200 || d.durationMs > STORE_LIMIT_MS)
      .map((d) => ({ order: deliveredOrder(d), status: d.status, error: d.error, durationMs: d.durationMs }));
    expect({ answeredLateOrFailed: late }).toEqual({ answeredLateOrFailed: [] });
    expect(executions.map((e) => e.status)).toEqual(Array(deliveries.length).fill('success'));
    const ran = executedOrders(target, executions).map(String).sort();
    expect(ran).toEqual(deliveries.map((d) => String(deliveredOrder(d))).sort());
  }

  it(
    `the reference, n8n's own Webhook node: ${BURST.purchases} purchases answered 200 within ${STORE_LIMIT_MS / 1000} s, each run once`,
    n8n.alone(async () => {
      const outcome = await burstInto(WEBHOOK_NODE, "n8n's Webhook node");
      expectEachAnsweredAndRunOnce(WEBHOOK_NODE, outcome);
    }),
    600_000,
  );

  it(
    `the Commerce Service Trigger, verification on: ${BURST.purchases} purchases answered 200 within ${STORE_LIMIT_MS / 1000} s, each run once and verified`,
    n8n.alone(async () => {
      const outcome = await burstInto(TRIGGER_NODE, 'Commerce Service Trigger, verification on');
      expectEachAnsweredAndRunOnce(TRIGGER_NODE, outcome);
      const unverified = outcome.executions
        .map((execution) => executionNodeOutput(execution, TRIGGER_NODE.startNode)[0])
        .filter((item) => (item?.verification as { status?: string } | undefined)?.status !== 'verified')
        .map((item) => item?.id);
      expect({ notVerified: unverified }).toEqual({ notVerified: [] });
    }),
    600_000,
  );
});
