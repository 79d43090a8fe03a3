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
 * About 4 to 5 minutes (polls run once a minute). Where n8n, Postgres or Redis cannot be had, this
 * prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams every process' output; N8N_E2E_KEEP=1 keeps
 * the user folders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../sandbox';
import { ensureN8n, N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  ensureOwner,
  importCredentials,
  importWorkflows,
  waitForPublished,
  type N8nProcess,
  type RestSession,
} from '../../scripts/n8n/instance';
import { prepareQueueMode, type QueueMode } from '../../scripts/n8n/queue';
import { sandboxCredential, type CredentialRef } from '../../scripts/start/examples';
import { probe } from './support/probe';
import {
  emissions,
  POLL_NODE,
  pollingWorkflow,
  purchase,
  refundProductOf,
  waitForEmissions,
  type Emission,
} from './support/polling';
import { eventsPolled, firstPolls, pollLines, ranOn } from './support/queueMode';
import { persistedStaticData } from './support/staticData';
import { npmRun, ROOT, timer, withOutput } from './support/steps';

const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);
const TITLE = `n8n ${N8N_VERSION} in queue mode: the polling trigger (polls on the main, executions on the worker)`;
const CRED: CredentialRef = { id: 'e2eQPollStore001', name: 'Sandbox for queue-mode polling' };
const WF = { purchases: 'e2eQPollPurchas1', refunds: 'e2eQPollRefunds1' };

const found = probe(['n8n', 'postgres', 'redis']);
if (!found.ok) {
  process.stderr.write(`\nSKIPPED: queue mode polling end-to-end tests: ${found.reason}\n\n`);
  describe('queue mode polling end-to-end', () => {
    it.skip(`SKIPPED: ${found.reason.split('\n')[0]}`, () => undefined);
  });
}
const describeQueue = found.ok ? describe : describe.skip;

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
  let store: Sandbox;
  let qm: QueueMode | undefined;
  let session: RestSession;
  let baseFolder = '';
  /** Main processes stopped by a restart: their logs still count. */
  const earlierMains: N8nProcess[] = [];
  const clock = timer('queue mode polling e2e');
  const timed = clock.timed;
  const outputs = (): Array<[string, string | undefined]> => {
    const safe = (fn: () => string) => {
      try {
        return fn();
      } catch {
        return undefined; // that process is not running
      }
    };
    return [
      ['n8n main', safe(() => qm?.main.output() ?? '')],
      ['n8n worker', safe(() => qm?.worker.output() ?? '')],
      ['n8n webhook', safe(() => qm?.webhook.output() ?? '')],
    ];
  };
  const check = (fn: () => Promise<void>) => withOutput(outputs, fn);
  const topology = () => qm as QueueMode;

  async function login(): Promise<void> {
    session = (await ensureOwner(topology().mainInstance())).session;
  }

  /** Each execution succeeded in trigger mode (a poll's), and ran on the worker, on no main and not on the webhook processor. */
  function expectPollExecutionsOnWorker(list: Emission[]): void {
    const { worker, webhook, main } = topology();
    for (const { execution } of list) {
      const id = execution.id;
      expect({ id, status: execution.status, mode: execution.mode }).toEqual({
        id,
        status: 'success',
        mode: 'trigger',
      });
      expect({ id, worker: ranOn(worker, id) }).toEqual({ id, worker: { started: true, finished: true } });
      for (const other of [main, ...earlierMains, webhook]) {
        expect({ id, [other.command]: ranOn(other, id) }).toEqual({
          id,
          [other.command]: { started: false, finished: false },
        });
      }
    }
  }

  /** The trigger never polled on the worker or the webhook processor (it logs every first poll and every emission). */
  function expectNoPollsOffMain(): void {
    expect({ worker: pollLines(topology().worker), webhook: pollLines(topology().webhook) }).toEqual({
      worker: [],
      webhook: [],
    });
  }

  beforeAll(async () => {
    const install = await timed('ensureN8n (cached)', () => ensureN8n());
    await timed('npm run build:n8n', () => npmRun('build:n8n'));
    store = await startSandbox({ port: 0, profile: 'real', quiet: true });
    baseFolder = mkdtempSync(path.join(tmpdir(), 'n8n-queue-poll-e2e-'));
    const log = VERBOSE ? (line: string) => process.stderr.write(`${line}\n`) : undefined;
    qm = await timed('Postgres + Redis start', () =>
      prepareQueueMode({
        install,
        baseFolder,
        customExtensions: path.join(ROOT, 'n8n', 'dist'),
        ...(log ? { log } : {}),
        readyTimeoutMs: 240_000,
      }),
    );
    const created = qm;
    await timed('import credential and workflows (first CLI run: Postgres migrations)', async () => {
      await importCredentials(created.home, [sandboxCredential(store, CRED)]);
      await importWorkflows(created.home, [
        pollingWorkflow(WF.purchases, 'purchased', CRED),
        pollingWorkflow(WF.refunds, 'refunded', CRED),
      ]);
    });
    await timed('main, worker and webhook processor to ready', () => created.startN8n());
    process.stderr.write(`queue mode topology:\n  ${created.describe().join('\n  ')}\n`);
    await login();
  }, 900_000);

  afterAll(async () => {
    await timed('stop all', async () => qm?.stop());
    await store?.close();
    if (baseFolder && !process.env.N8N_E2E_KEEP) rmSync(baseFolder, { recursive: true, force: true });
    else if (baseFolder) process.stderr.write(`kept n8n user folders under ${baseFolder}\n`);
    clock.print();
  }, 120_000);

  let firstPurchases: number[] = [];

  it(
    'queue mode: polling trigger activated on the main (its first poll there emits nothing from before); purchases are polled on the main and each emitted once by an execution that runs on the worker',
    check(async () => {
      const { main } = topology();
      await timed('activate both polling workflows (first polls, on the main)', async () => {
        await activateWorkflow(session, WF.purchases);
        await activateWorkflow(session, WF.refunds);
      });
      expect(firstPolls(main)).toBe(2);
      expect(await emissions(session, WF.purchases)).toEqual([]);

      firstPurchases = await purchase(store, 3);
      const purchases = await timed('3 purchases to emitted (next minute poll)', () =>
        waitForEmissions(session, WF.purchases, 3),
      );
      const items = purchases.flatMap((emission) => emission.items);
      expect(items.map((item) => item.id)).toEqual(firstPurchases);
      expect(items.every((item) => item.trigger === 'purchased')).toBe(true);
      expect(items.every((item) => Number.isInteger(item.order_amount))).toBe(true); // real store: cents

      expectPollExecutionsOnWorker(purchases);
      expect(eventsPolled(main, 'purchased')).toBe(3);
      expectNoPollsOffMain();
      expect(await emissions(session, WF.refunds)).toEqual([]);
    }),
  );

  it(
    'queue mode: polling trigger across a restart of the main (its state persisted in Postgres): purchases and a refund made while it is down, and after, are each emitted once, nothing twice',
    check(async () => {
      // What the restarted main will load: the memory the main saved with its last emission.
      const saved = ordersMemory(await persistedStaticData(topology().postgres, WF.purchases));
      expect(saved?.cursor).toBe(Math.max(...firstPurchases));
      expect(firstPurchases.map((id) => saved?.seen.find((entry) => entry[0] === id)?.[1])).toEqual([
        'paid',
        'paid',
        'paid',
      ]);

      earlierMains.push(topology().main);
      let refundedWhileDown = 0;
      let boughtWhileDown: number[] = [];
      await timed('restart main (a refund and 2 purchases while it is down)', () =>
        topology().restart('main', async () => {
          refundedWhileDown = await refundProductOf(store, firstPurchases[0]!);
          boughtWhileDown = await purchase(store, 2);
        }),
      );
      await login();
      await waitForPublished(session, WF.purchases, 60_000);
      await waitForPublished(session, WF.refunds, 60_000);
      // The restarted main polls at activation, from the persisted state: what happened while it was down.
      await timed('events made while down to emitted (poll at activation)', async () => {
        await waitForEmissions(session, WF.purchases, firstPurchases.length + 2);
        await waitForEmissions(session, WF.refunds, 1);
      });

      const refundedAfter = await refundProductOf(store, firstPurchases[0]!);
      const boughtAfter = await purchase(store, 1);
      const [purchases, refunds] = await timed(
        'a refund and a purchase after the restart to emitted (next minute polls)',
        () =>
          Promise.all([
            waitForEmissions(session, WF.purchases, firstPurchases.length + 3),
            waitForEmissions(session, WF.refunds, 2),
          ]),
      );

      // Each purchase once, in order: the first three (before the restart), those made while the main
      // was down (one poll, at activation), the one after (the next minute poll).
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
      const main = topology().main;
      expect(firstPolls(main)).toBe(0);
      expect({ purchased: eventsPolled(main, 'purchased'), refunded: eventsPolled(main, 'refunded') }).toEqual({
        purchased: 3,
        refunded: 2,
      });
      expectNoPollsOffMain();
      expectPollExecutionsOnWorker([...purchases, ...refunds]);

      const finalState = ordersMemory(await persistedStaticData(topology().postgres, WF.purchases));
      expect(finalState?.cursor).toBe(boughtAfter[0]);
    }),
  );
});
