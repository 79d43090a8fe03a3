/**
 * The Commerce Service Polling Trigger in n8n's queue mode (scripts/n8n/queue.ts: throwaway Postgres
 * and Redis, the main, one worker, one webhook processor, the package in all three) against the
 * sandbox store (real profile). Two workflows with a one-minute Poll Time: purchases, and refunds.
 * Checked: polls run on the main only (the trigger's log lines are the main's; the worker's and the
 * webhook processor's have none) and every execution they start is queued and runs on the worker
 * (its log reports starting and finishing that id; the main's and the webhook processor's do not);
 * each purchase is emitted once; the trigger's state is in Postgres (read with psql); the main is
 * restarted with purchases and a refund made while it is down, then more after: each is emitted once,
 * nothing twice, nothing missed.
 *
 * The run's shared queue-mode stack (support/sharedQueueMode.ts): the restart test holds it alone, and
 * log lines are counted for this file's store only. Polls are driven by n8n's own means (activation,
 * a restart of the main, re-activation), not by the clock; the scheduled poll is n8nPolling.e2e.ts's. Where n8n, Postgres or Redis cannot be had, this
 * prints `SKIPPED: <reason>` (fails under CI=true). N8N_E2E_VERBOSE=1 streams every process' output; N8N_E2E_KEEP=1 keeps
 * the user folders.
 */
import { N8N_VERSION } from '../../scripts/n8n/install';
import type { Sandbox } from '../../sandbox';
import { activateWorkflow, deactivateWorkflow, waitForPublished } from '../../scripts/n8n/instance';
import { describeIf, probe } from './support/probe';
import {
  emissions,
  POLL_NODE,
  pollingWorkflow,
  pollNow,
  purchase,
  refundProductOf,
  waitForEmissions,
  type Emission,
} from './support/polling';
import { eventsPolled, firstPolls, pollLines, ranOn } from './support/queueMode';
import { useSharedQueueMode, type LogMark } from './support/sharedQueueMode';
import { persistedStaticData } from './support/staticData';

const TITLE = `n8n ${N8N_VERSION} in queue mode: the polling trigger (polls on the main, executions on the worker)`;
const WF = { purchases: 'e2eQPollPurchas1', refunds: 'e2eQPollRefunds1' };

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode polling end-to-end tests');

const ids = (list: Emission[]) => list.map((emission) => emission.items.map((item) => item.id));

/** The trigger's state in a workflow's static data, as persisted (docs/polling.md). */
function ordersMemory(
  staticData: Record<string, unknown> | null,
): { cursor: number; seen: Array<[number, string, string]> } | undefined {
  const node = staticData?.[`node:${POLL_NODE}`] as
    | { pollState?: { resources?: { orders?: { cursor: number; seen: Array<[number, string, string]> } } } }
    | undefined;
  return node?.pollState?.resources?.orders;
}

describeQueue(TITLE, () => {
  const n8n = useSharedQueueMode('queue mode polling e2e');
  let store: Sandbox;
  const { timed } = n8n;

  beforeAll(
    n8n.check(async () => {
      store = await n8n.sandbox({ profile: 'real' });
      const credential = await n8n.addCredential(store, 'Sandbox for queue-mode polling');
      await n8n.addWorkflows([
        pollingWorkflow(WF.purchases, 'purchased', credential),
        pollingWorkflow(WF.refunds, 'refunded', credential),
      ]);
    }),
    60_000,
  );

  /**
   * Each execution succeeded in trigger mode (a poll's), and ran on the worker, on no main (each
   * role's log covers its restarts) and not on the webhook processor.
   */
  function expectPollExecutionsOnWorker(list: Emission[]): void {
    for (const { execution } of list) {
      const id = execution.id;
      expect({ id, status: execution.status, mode: execution.mode }).toEqual({
        id,
        status: 'success',
        mode: 'trigger',
      });
      expect({ id, worker: ranOn(n8n.process('worker'), id) }).toEqual({
        id,
        worker: { started: true, finished: true },
      });
      for (const other of ['main', 'webhook'] as const) {
        expect({ id, [other]: ranOn(n8n.process(other), id) }).toEqual({
          id,
          [other]: { started: false, finished: false },
        });
      }
    }
  }

  /** The trigger never polled this file's store on the worker or the webhook processor (it logs every first poll and every emission). */
  function expectNoPollsOffMain(): void {
    expect({
      worker: pollLines(n8n.process('worker'), store),
      webhook: pollLines(n8n.process('webhook'), store),
    }).toEqual({ worker: [], webhook: [] });
  }

  let firstPurchases: number[] = [];

  it(
    'queue mode: polling trigger activated on the main (its first poll there emits nothing from before); purchases are polled on the main and each emitted once by an execution that runs on the worker',
    n8n.check(async () => {
      const main = n8n.process('main');
      await timed('activate both polling workflows (first polls, on the main)', async () => {
        await activateWorkflow(n8n.session, WF.purchases);
        await activateWorkflow(n8n.session, WF.refunds);
      });
      expect(firstPolls(main, store)).toBe(2);
      expect(await emissions(n8n.session, WF.purchases)).toEqual([]);

      firstPurchases = await purchase(store, 3);
      // A poll driven by n8n's own means (re-activation polls at once, on the main), not by the clock;
      // the scheduled poll is covered by n8nPolling.e2e.ts.
      const purchases = await timed('3 purchases to emitted (a poll at re-activation)', () =>
        pollNow(n8n.session, WF.purchases, 3),
      );
      const items = purchases.flatMap((emission) => emission.items);
      expect(items.map((item) => item.id)).toEqual(firstPurchases);
      expect(items.every((item) => item.trigger === 'purchased')).toBe(true);
      // A real store sends REST cents; they are handed on in decimals (docs/amounts.md).
      expect(items.every((item) => item.order_amount_sent === Math.round(Number(item.order_amount) * 100))).toBe(true);

      expectPollExecutionsOnWorker(purchases);
      expect(eventsPolled(main, 'purchased', store)).toBe(3);
      expectNoPollsOffMain();
      expect(await emissions(n8n.session, WF.refunds)).toEqual([]);
    }),
  );

  it(
    'queue mode: polling trigger across a restart of the main (its state persisted in Postgres): purchases and a refund made while it is down, and after, are each emitted once, nothing twice',
    n8n.alone(async () => {
      // What the restarted main will load: the memory the main saved with its last emission.
      const saved = ordersMemory(await persistedStaticData(n8n.postgres, WF.purchases));
      expect(saved?.cursor).toBe(Math.max(...firstPurchases));
      expect(firstPurchases.map((id) => saved?.seen.find((entry) => entry[0] === id)?.[1])).toEqual([
        'paid',
        'paid',
        'paid',
      ]);

      let sinceRestart: LogMark = n8n.mark();
      let refundedWhileDown = 0;
      let boughtWhileDown: number[] = [];
      await timed('restart main (a refund and 2 purchases while it is down)', () =>
        n8n.restart('main', async () => {
          sinceRestart = n8n.mark();
          refundedWhileDown = await refundProductOf(store, firstPurchases[0]!);
          boughtWhileDown = await purchase(store, 2);
        }),
      );
      await waitForPublished(n8n.session, WF.purchases, 60_000);
      await waitForPublished(n8n.session, WF.refunds, 60_000);
      // The restarted main polls at activation, from the persisted state: what happened while it was down.
      await timed('events made while down to emitted (poll at activation)', async () => {
        await waitForEmissions(n8n.session, WF.purchases, firstPurchases.length + 2);
        await waitForEmissions(n8n.session, WF.refunds, 1);
      });

      const refundedAfter = await refundProductOf(store, firstPurchases[0]!);
      const boughtAfter = await purchase(store, 1);
      const [purchases, refunds] = await timed(
        'a refund and a purchase after the restart to emitted (polls at re-activation)',
        () =>
          Promise.all([
            pollNow(n8n.session, WF.purchases, firstPurchases.length + 3),
            pollNow(n8n.session, WF.refunds, 2),
          ]),
      );

      // Each purchase once, in order: the first three (before the restart), those made while the main
      // was down (one poll, at activation), the one after (a poll at re-activation).
      const allPurchases = purchases.flatMap((emission) => emission.items);
      expect(allPurchases.map((item) => item.id)).toEqual([...firstPurchases, ...boughtWhileDown, ...boughtAfter]);
      expect(ids(purchases).slice(-2)).toEqual([boughtWhileDown, boughtAfter]);
      expect(allPurchases.every((item) => item.trigger === 'purchased')).toBe(true);
      // Each refund once: the one made while the main was down, then the one after.
      expect(ids(refunds)).toEqual([[refundedWhileDown], [refundedAfter]]);
      expect(refunds.flatMap((emission) => emission.items).map((item) => [item.trigger, item.status])).toEqual([
        ['refunded', 'refunded'],
        ['refunded', 'refunded'],
      ]);

      // Polls: the restarted main's own (from the persisted state, so no first poll); executions: the worker's.
      const main = n8n.process('main', sinceRestart);
      expect(firstPolls(main, store)).toBe(0);
      expect({
        purchased: eventsPolled(main, 'purchased', store),
        refunded: eventsPolled(main, 'refunded', store),
      }).toEqual({
        purchased: 3,
        refunded: 2,
      });
      expectNoPollsOffMain();
      expectPollExecutionsOnWorker([...purchases, ...refunds]);

      const finalState = ordersMemory(await persistedStaticData(n8n.postgres, WF.purchases));
      expect(finalState?.cursor).toBe(boughtAfter[0]);
      await deactivateWorkflow(n8n.session, WF.purchases);
      await deactivateWorkflow(n8n.session, WF.refunds);
    }),
  );
});
