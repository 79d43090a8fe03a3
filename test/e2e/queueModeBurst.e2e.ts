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
 * Then the same burst with the webhook processor killed midway (SIGKILL) and started again: into each
 * node (no purchase runs twice; what each answered but never ran is printed: both answer once n8n has
 * saved the execution), and into the recipe of docs/no-missed-sales.md (n8n/examples/sales-without-gaps.json),
 * where after the next poll none of the 120 sales is missing (how many came out twice is printed:
 * n8n's Remove Duplicates can let an order through twice when executions run side by side).
 *
 * Where n8n, Postgres or Redis cannot be had, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams
 * every process' output; N8N_E2E_KEEP=1 keeps the user folders.
 */
import type { Sandbox, SandboxDelivery } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { waitFor } from '../../scripts/services/supervise';
import { activateWorkflow, deactivateWorkflow, executionNodeOutput } from '../../scripts/n8n/instance';
import { answerLine, answerTimes, BURST, STORE_LIMIT_MS, type AnswerTimes } from '../../scripts/kit/burst';
import {
  burstExecutions,
  burstOfPurchases,
  deliveredOrder,
  executedOrders,
  RECIPE,
  recipeWorkflow,
  runBurst,
  savedExecutions,
  triggerNodeWorkflow,
  TRIGGER_NODE,
  webhookNodeWorkflow,
  WEBHOOK_NODE,
  type BurstOutcome,
  type BurstStack,
  type BurstTarget,
} from '../../scripts/kit/burstIntoN8n';
import { pollNow } from './support/polling';
import { describeIf, probe } from './support/probe';
import { useSharedQueueMode } from './support/sharedQueueMode';

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode burst end-to-end tests');

const TITLE = `n8n ${N8N_VERSION} in queue mode: ${BURST.purchases} purchases at ${BURST.perSecond}/s, each answered within the store's ${STORE_LIMIT_MS / 1000} s`;

/** Purchases answered before the webhook processor is killed, in the crash tests. */
const KILL_AFTER = 10;

interface KilledFigures {
  answered: number;
  failedAtStore: number;
  executions: number;
  /** Orders the store got a 200 for and no execution ran: lost without anyone knowing. */
  answeredNotRun: string[];
  /** Orders that ran although the store logged the delivery as failed (saved, then the answer was cut off). */
  ranUnanswered: string[];
  ranTwice: string[];
}

function killedFigures(target: BurstTarget, { deliveries, executions }: BurstOutcome): KilledFigures {
  const runs = new Map<string, number>();
  for (const order of executedOrders(target, executions)) runs.set(String(order), (runs.get(String(order)) ?? 0) + 1);
  const answered = deliveries.filter((d) => d.status === 200).map((d) => String(deliveredOrder(d)));
  const failed = deliveries.filter((d) => d.status !== 200).map((d) => String(deliveredOrder(d)));
  return {
    answered: answered.length,
    failedAtStore: failed.length,
    executions: executions.length,
    answeredNotRun: answered.filter((order) => !runs.has(order)),
    ranUnanswered: failed.filter((order) => runs.has(order)),
    ranTwice: [...runs].filter(([, count]) => count > 1).map(([order]) => order),
  };
}

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
      await n8n.addWorkflows([webhookNodeWorkflow(), triggerNodeWorkflow(credential), recipeWorkflow(credential)]);
    }),
    60_000,
  );

  const killedRuns: Array<KilledFigures & { label: string }> = [];
  let recipeTwice: number | undefined;

  afterAll(() => {
    if (figures.length > 0)
      process.stderr.write(`\n${TITLE}:\n${figures.map((figure) => answerLine(figure.label, figure)).join('\n')}\n`);
    if (killedRuns.length > 0)
      process.stderr.write(
        `\nthe same burst, the webhook processor killed after ${KILL_AFTER} answers and started again:\n${killedRuns
          .map(
            (run) =>
              `  ${run.label.padEnd(44)} ${run.answered} answered 200, ${run.failedAtStore} failed at the store; ${run.executions} executions; answered but never run: ${run.answeredNotRun.length}; run though the store saw a failure: ${run.ranUnanswered.length}`,
          )
          .join('\n')}\n`,
      );
    if (recipeTwice !== undefined)
      process.stderr.write(`  the recipe after its next poll: every sale came out; ${recipeTwice} of them twice\n`);
  });

  /** The queue-mode stack as a burst uses it, with the session n8n's main gives now. */
  function burstStack(): BurstStack {
    return {
      session: n8n.session,
      postgres: n8n.postgres,
      webhookUrl: (...parts) => n8n.webhookUrl(...parts),
      webhookCpuSeconds: () => n8n.cpuSeconds('webhook'),
    };
  }

  /** One burst into the target, the stack held alone so the webhook processor's CPU is the burst's own. */
  async function burstInto(target: BurstTarget, label: string): Promise<BurstOutcome> {
    const outcome = await n8n.timed(`burst into ${label}`, () => runBurst(burstStack(), store, target));
    figures.push({ label, ...outcome, executions: outcome.executions.length });
    return outcome;
  }

  /** Kills the webhook processor (SIGKILL, as a crash) once the store has had `KILL_AFTER` answers. */
  async function crashAfterAnswers(answered: () => number): Promise<void> {
    if (!(await waitFor(() => answered() >= KILL_AFTER, 30_000)))
      throw new Error(`the store had not got ${KILL_AFTER} answers within 30 s, so the kill never came`);
    await n8n.crash('webhook');
  }

  /**
   * The same burst with the webhook processor killed (SIGKILL, as a crash) once `KILL_AFTER` purchases
   * have been answered, and started again: the store logs the purchases it sent meanwhile as failed
   * and never sends them again. What each node lost is printed; the test holds what must stay true
   * whatever is lost: no purchase ran twice, and every execution is a purchase the store sent.
   */
  async function killedMidBurst(target: BurstTarget, label: string): Promise<void> {
    const outcome = await n8n.timed(`burst into ${label}, webhook processor killed`, () =>
      runBurst(burstStack(), store, target, {
        duringBurst: crashAfterAnswers,
      }),
    );
    const killed = killedFigures(target, outcome);
    killedRuns.push({ label, ...killed });
    const delivered = new Set(outcome.deliveries.map((d) => String(deliveredOrder(d))));
    expect({
      ranTwice: killed.ranTwice,
      notDelivered: executedOrders(target, outcome.executions).filter((o) => !delivered.has(String(o))),
    }).toEqual({ ranTwice: [], notDelivered: [] });
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

  it(
    `the webhook processor killed mid-burst, n8n's own Webhook node: no purchase runs twice (what it answered but never ran is printed: docs/no-missed-sales.md)`,
    n8n.alone(async () => {
      // The reference, measured: n8n's node answers once the execution is queued, yet a kill can still
      // lose one it answered (1 of 64 in two runs of six), so that count is n8n's, printed, not held here.
      await killedMidBurst(WEBHOOK_NODE, "n8n's Webhook node");
    }),
    600_000,
  );

  it(
    'the webhook processor killed mid-burst, Commerce Service Trigger: no purchase runs twice (what it answered but never ran is printed: docs/no-missed-sales.md)',
    n8n.alone(async () => {
      await killedMidBurst(TRIGGER_NODE, 'Commerce Service Trigger, verification on');
    }),
    600_000,
  );

  it(
    `the recipe (n8n/examples/sales-without-gaps.json), the webhook processor killed mid-burst: after the next poll, none of the ${BURST.purchases} sales is missing`,
    n8n.alone(async () => {
      await activateWorkflow(n8n.session, RECIPE.id); // subscribes the hook; the first poll sets its cursor
      let deliveries: SandboxDelivery[] = [];
      try {
        deliveries = await n8n.timed('burst into the recipe, webhook processor killed', () =>
          burstOfPurchases(store, crashAfterAnswers),
        );
        // Until the webhook's executions are over, late ones included (a delivery the store gave up on
        // may still run): a poll beside one of them could let its order through twice, as
        // docs/no-missed-sales.md says.
        const seen = new Set<string>();
        const delivered = await burstExecutions(n8n.session, n8n.postgres, RECIPE.id, {
          seen,
          expected: deliveries.length,
        });
        for (const execution of delivered) seen.add(execution.id);
        // The next poll, by re-activation (its Poll Time is every minute): it finds what the burst lost.
        await n8n.timed('the poll after the burst', () => pollNow(n8n.session, RECIPE.id, 0));
        const polled = await burstExecutions(n8n.session, n8n.postgres, RECIPE.id, { seen, expected: 1 });
        const orders = [...delivered, ...polled].flatMap((execution) =>
          executionNodeOutput(execution, RECIPE.output).map((item) => String(item.orderId)),
        );
        // None missed. Twice is possible: n8n's Remove Duplicates updates its history without a lock, so
        // webhook executions running side by side on the worker can lose each other's entries
        // (docs/no-missed-sales.md); how many came out twice is printed.
        const once = new Set(orders);
        expect([...once].sort()).toEqual(deliveries.map((d) => String(deliveredOrder(d))).sort());
        recipeTwice = orders.length - once.size;
        killedRuns.push({
          label: 'the recipe (webhook + polling → Remove Duplicates)',
          ...killedFigures(TRIGGER_NODE, {
            deliveries,
            executions: delivered,
            times: answerTimes(deliveries),
            cpuSeconds: 0,
          }),
        });
      } finally {
        await deactivateWorkflow(n8n.session, RECIPE.id);
      }
      expect((await savedExecutions(n8n.postgres, RECIPE.id)).filter((e) => e.status !== 'success')).toEqual([]);
    }),
    600_000,
  );
});
