// Own n8n processes: the queue-recovery interval and the worker's lock are read at start only, and the worker is killed.
/**
 * A queue-mode worker killed (SIGKILL) with executions of both triggers on it, and what n8n 2.41.1
 * offers to bring them back, measured (docs/no-missed-sales.md, "When a worker dies mid-execution").
 * Its own stack (scripts/n8n/queue.ts) with queue recovery every minute
 * (N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL=1, default 180) and a 10 s worker lock checked every 5 s
 * (defaults 60 s and 30 s: a worker finds a dead one's job sooner); the main logs at debug level, to
 * show each recovery check. Both workflows read the order their trigger handed on (Commerce Service
 * Trigger, or Polling Trigger, → Order: Get → Received); a slow store holds those reads at the kill.
 *
 * 1. Replaced: the worker and the webhook processor killed, a new worker without the dead one's event
 *    log (a fresh container). It runs neither execution again: it fails their jobs as stalled.
 * 2. Killed again mid-run; while no worker runs, a delivery and a poll leave executions `new`, and
 *    Retry refuses them.
 * 3. A queue recovery check marks `crashed` the delivery of step 1 (its job ended, its webhook
 *    processor gone), and nothing whose job is still in Redis (active or waiting).
 * 4. Restarted in place (same user folder: its event log): the worker marks what it was running
 *    `crashed` and runs the queued ones; then it fails the killed jobs as stalled, and the process
 *    that enqueued each (alive) records it `error` with its saved data replaced.
 * 5. Retry: the `crashed` delivery runs again, its sale reaches Received once; the `error` ones run nothing.
 *
 * The statuses are sampled from `GET /rest/executions` every half second; the changes and n8n's own
 * lines about them are printed with their times from the first kill. About 2 to 2.5 minutes (one
 * recovery check is waited for). Where n8n, Postgres or Redis cannot be had, prints `SKIPPED:
 * <reason>` (fails under CI=true). N8N_E2E_VERBOSE=1 streams every process' output.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  getExecution,
  listExecutions,
  N8nRestError,
  rest,
  type ExecutionSummary,
  type N8nWorkflowJson,
  type RestSession,
} from '../../scripts/n8n/instance';
import { receivedNode, triggerWorkflow } from '../../scripts/kit/workflows';
import { sandboxCredential, type CredentialRef } from '../../scripts/start/examples';
import { getOrderNode } from './n8n/workflows';
import { describeIf, probe } from './support/probe';
import { POLL_NODE, pollingWorkflow } from './support/polling';
import { activeJobIds } from './support/bullQueue';
import { ranOn } from './support/queueMode';
import { useQueueModeN8n } from './support/queueModeN8n';
import { sleep } from './support/steps';

const TITLE = `n8n ${N8N_VERSION} in queue mode: a worker killed with executions of both triggers on it, and the way back`;
const CRED: CredentialRef = { id: 'e2eWorkerKill001', name: 'Sandbox for the killed worker' };
const WF = { hook: 'e2eWorkerKillHk1', poll: 'e2eWorkerKillPl1' };
const WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-0000000e2e71';
/** Settings of this stack only (read at start): see the file comment. */
const RECOVERY_ENV = {
  N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL: '1',
  QUEUE_WORKER_LOCK_DURATION: '10000',
  QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
  QUEUE_WORKER_STALLED_INTERVAL: '5000',
};
/** What the main logs at debug level after each recovery check (dist/scaling/scaling.service.js, recoverFromQueue). */
const RECOVERY_CHECK = 'Completed queue recovery check';
/** A single order's read (GET orders/{id}): the Get order node. */
const ORDER_READ = '^/sc/v1/orders/\\d+$';
/** Lines of n8n's own about what became of a killed execution, printed with the timeline. */
const NOTABLE = [
  'Found unfinished executions',
  '[Recovery]',
  'Problem with execution',
  'recovered dangling',
  'job stalled',
];

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode worker-killed end-to-end tests');

/** The workflow with Commerce Service Order: Get (the order its trigger handed on) between its trigger and "Received". */
function withGetOrder(workflow: N8nWorkflowJson, trigger: string, credential: CredentialRef): N8nWorkflowJson {
  const getOrder = getOrderNode(workflow.id, credential, 'Get order');
  const received = { ...receivedNode(workflow.id), position: [520, 0] };
  return {
    ...workflow,
    name: `${workflow.name}, then Get order`,
    nodes: [...workflow.nodes.filter((node) => node.name !== 'Received'), getOrder, received],
    connections: {
      [trigger]: { main: [[{ node: 'Get order', type: 'main', index: 0 }]] },
      'Get order': { main: [[{ node: 'Received', type: 'main', index: 0 }]] },
    },
  };
}

type Which = keyof typeof WF;
/** One execution under watch: its workflow, its id, the order in it. */
interface Watched {
  which: Which;
  id: string;
  orderId: number;
}

const statusOf = async (session: RestSession, watched: Watched): Promise<string | undefined> =>
  (await listExecutions(session, WF[watched.which])).find((e) => e.id === watched.id)?.status;

/** Waits for an execution of the workflow not in `seen`, whatever its status; returns its id. */
async function nextExecutionId(session: RestSession, workflowId: string, seen: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listExecutions(session, workflowId)).find((e) => !seen.includes(e.id));
    if (found) return found.id;
    if (Date.now() > deadline) throw new Error(`no new execution of ${workflowId} within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** Waits until the execution's status is one of `statuses`; returns it. */
async function waitForStatus(session: RestSession, watched: Watched, statuses: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await statusOf(session, watched);
    if (status && statuses.includes(status)) return status;
    if (Date.now() > deadline)
      throw new Error(
        `execution ${watched.id} (${watched.which}) still ${String(status)} after ${timeoutMs / 1000} s, not ${statuses.join(' or ')}`,
      );
    await sleep(500);
  }
}

/** How many times the order reached the workflow's "Received" node, over all its executions (retries included). */
async function receivedCount(session: RestSession, watched: Watched): Promise<number> {
  let count = 0;
  for (const summary of await listExecutions(session, WF[watched.which])) {
    const execution = await getExecution(session, summary.id);
    count += executionNodeOutput(execution, 'Received').filter((item) => Number(item.id) === watched.orderId).length;
  }
  return count;
}

/** The nodes an execution's saved data holds: those that ran, and those still to run (what Retry starts from). */
async function savedNodes(session: RestSession, id: string): Promise<{ ran: string[]; toRun: string[] }> {
  const { data } = await getExecution(session, id);
  const stack = (data as { executionData?: { nodeExecutionStack?: Array<{ node: { name: string } }> } }).executionData
    ?.nodeExecutionStack;
  return { ran: Object.keys(data.resultData.runData), toRun: (stack ?? []).map((entry) => entry.node.name) };
}

interface RetryOutcome {
  retried?: { id: string; status: string };
  refused?: { status: number; message: string };
}

/** POST /rest/executions/:id/retry; n8n answers once the retry has run. Its refusal is returned, not thrown. */
async function retry(session: RestSession, id: string, loadWorkflow: boolean): Promise<RetryOutcome> {
  try {
    const retried = await rest<ExecutionSummary>(
      session,
      'POST',
      `/executions/${id}/retry`,
      { loadWorkflow },
      {
        timeoutMs: 90_000,
      },
    );
    return { retried: { id: retried.id, status: retried.status } };
  } catch (error) {
    if (!(error instanceof N8nRestError)) throw error;
    const body = error.reply.body as { message?: string } | string;
    return { refused: { status: error.reply.status, message: typeof body === 'string' ? body : String(body.message) } };
  }
}

describeQueue(TITLE, () => {
  const n8n = useQueueModeN8n({
    title: 'queue mode worker killed e2e',
    folderPrefix: 'n8n-queue-worker-killed-e2e-',
    credentials: (store) => [sandboxCredential(store, CRED)],
    workflows: ([credential = CRED]) => [
      withGetOrder(
        triggerWorkflow({ id: WF.hook, webhookId: WEBHOOK_ID, credential, event: 'purchased' }),
        'Trigger',
        credential,
      ),
      withGetOrder(pollingWorkflow(WF.poll, 'purchased', credential), POLL_NODE, credential),
    ],
    env: () => RECOVERY_ENV,
    roleEnv: () => ({ main: { N8N_LOG_LEVEL: 'debug' } }),
  });
  const { timed } = n8n;

  // The timeline: times from the first kill, each status change of a watched execution, n8n's notable lines.
  const timeline: string[] = [];
  let killedAt = 0;
  const note = (what: string) =>
    timeline.push(
      `${killedAt ? `${((Date.now() - killedAt) / 1000).toFixed(1)} s` : 'before'}`.padStart(8) + `  ${what}`,
    );
  const watched: Watched[] = [];
  const lastStatus = new Map<string, string>();
  let watching: ReturnType<typeof setInterval> | undefined;
  let sampling = false;
  const seenLines = new Map<string, number>();
  const sample = async () => {
    if (sampling || !n8n.session) return;
    sampling = true;
    try {
      for (const which of Object.keys(WF) as Which[]) {
        const listed = await listExecutions(n8n.session, WF[which]);
        for (const w of watched.filter((x) => x.which === which)) {
          const status = listed.find((e) => e.id === w.id)?.status ?? 'missing';
          if (lastStatus.get(w.id) !== status) note(`${which} execution ${w.id} (order ${w.orderId}): ${status}`);
          lastStatus.set(w.id, status);
        }
      }
      for (const role of ['main', 'worker', 'webhook'] as const) {
        let lines: readonly string[];
        try {
          lines = n8n.topology[role].lines();
        } catch {
          continue; // not running now
        }
        const key = `${role}:${n8n.topology[role].pid}`;
        for (const line of lines.slice(seenLines.get(key) ?? 0))
          if (NOTABLE.some((text) => line.includes(text))) note(`n8n ${role}: ${line.trim().slice(0, 160)}`);
        seenLines.set(key, lines.length);
      }
    } catch {
      // the main restarting or shutting down: the next sample tells
    } finally {
      sampling = false;
    }
  };
  beforeAll(() => {
    watching = setInterval(() => void sample(), 500);
  });
  afterAll(() => {
    clearInterval(watching);
    process.stderr.write(
      `worker killed: statuses and n8n's lines, times from the first kill\n${timeline.join('\n')}\n`,
    );
  });

  /** One purchase, its delivery answered 200 by the webhook processor; returns the execution it started. */
  async function purchaseDelivered(): Promise<Watched> {
    const seen = (await listExecutions(n8n.session, WF.hook)).map((e) => e.id);
    const deliveries = await n8n.store.fireEvent({ type: 'purchased' });
    expect(deliveries.map((d) => ({ event: d.event, status: d.status }))).toEqual([
      { event: 'purchased', status: 200 },
    ]);
    const orderId = Number((deliveries[0]?.payload as { id: unknown }).id);
    const started: Watched = { which: 'hook', id: await nextExecutionId(n8n.session, WF.hook, seen), orderId };
    watched.push(started);
    return started;
  }

  /**
   * A poll now (deactivate, activate: n8n polls at activation, on the main); returns the execution that
   * emitted the order, whichever poll it was (`seen`: the executions before the purchase).
   */
  async function pollEmits(orderId: number, seen: string[]): Promise<Watched> {
    await deactivateWorkflow(n8n.session, WF.poll);
    await activateWorkflow(n8n.session, WF.poll);
    const started: Watched = { which: 'poll', id: await nextExecutionId(n8n.session, WF.poll, seen), orderId };
    watched.push(started);
    return started;
  }

  const pollExecutionIds = async () => (await listExecutions(n8n.session, WF.poll)).map((e) => e.id);

  /** A purchase delivered and polled while the store holds both executions' read of it; then the worker is killed. */
  async function killMidRun(alsoWebhookProcessor = false): Promise<{ hook: Watched; poll: Watched }> {
    const { store, session } = n8n;
    store.setFaults({ hangMs: 60_000, onlyPaths: ORDER_READ, times: 2 });
    const pollSeen = await pollExecutionIds();
    const hook = await purchaseDelivered();
    const poll = await pollEmits(hook.orderId, pollSeen);
    const faultsNow = async () =>
      ((await (await fetch(`${store.url}/sandbox/v1/config`)).json()) as { faults: unknown }).faults;
    await timed('both reads of the order held by the store', async () => {
      const deadline = Date.now() + 60_000;
      while ((await faultsNow()) !== null) {
        if (Date.now() > deadline) throw new Error('the two executions did not both reach the store within 60 s');
        await sleep(100);
      }
    });
    await n8n.topology.killProcess('worker');
    if (alsoWebhookProcessor) await n8n.topology.killProcess('webhook');
    killedAt ||= Date.now();
    note(
      `${alsoWebhookProcessor ? 'worker and webhook processor' : 'worker'} killed (SIGKILL) while both executions read order ${hook.orderId}`,
    );
    expect({ hook: await statusOf(session, hook), poll: await statusOf(session, poll) }).toEqual({
      hook: 'running',
      poll: 'running',
    });
    return { hook, poll };
  }

  /** Recorded as `error` by the process that enqueued it, once the worker's job was failed as stalled. */
  const stalledLine = (role: 'main' | 'webhook', id: string) =>
    n8n.topology[role].lines().some((l) => l.includes(`job stalled more than maxStalledCount (execution ${id})`));

  /** The worker's user folder (scripts/n8n/queue.ts: <base>/worker): its event log is what a restart in place reads. */
  const workerN8nFolder = () => path.join(path.dirname(n8n.topology.mainInstance().userFolder), 'worker', '.n8n');

  // Killed with the webhook processor, then a new worker without the event log; killed again, then restarted in place.
  let replaced: { hook: Watched; poll: Watched } | undefined;
  let inPlace: { hook: Watched; poll: Watched } | undefined;
  let queued: { hook: Watched; poll: Watched } | undefined;

  it(
    'replaced: the worker and the webhook processor killed while both executions read the store; a new worker without the dead one’s event log does not run them again',
    n8n.check(async () => {
      const { session } = n8n;
      await timed('activate both workflows (hook at the store, first poll)', async () => {
        await activateWorkflow(session, WF.hook);
        await activateWorkflow(session, WF.poll);
      });
      replaced = await killMidRun(true);
      // Their jobs stay the dead worker's in Redis until a worker finds its lock expired.
      expect(await activeJobIds(n8n.topology.redis)).toHaveLength(2);
      // A fresh machine: no event log from the dead worker.
      const eventLogs = readdirSync(workerN8nFolder()).filter((name) => name.startsWith('n8nEventLog'));
      expect(eventLogs.length).toBeGreaterThan(0);
      for (const name of eventLogs) rmSync(path.join(workerN8nFolder(), name));
      await timed('start a new worker (no event log) and the webhook processor again', () =>
        Promise.all([n8n.topology.startProcess('worker'), n8n.topology.startProcess('webhook')]),
      );
      note('new worker (no event log) and webhook processor started');
      await timed('the dead worker’s jobs ended in Redis (failed as stalled by the new worker)', async () => {
        const deadline = Date.now() + 45_000;
        while ((await activeJobIds(n8n.topology.redis)).length > 0) {
          if (Date.now() > deadline) throw new Error('the dead worker’s jobs are still active in Redis after 45 s');
          await sleep(250);
        }
      });
      note('no active job left in Redis');
      const killed = replaced;
      for (const run of [killed.hook, killed.poll])
        expect({ id: run.id, worker: ranOn(n8n.topology.worker, run.id) }).toEqual({
          id: run.id,
          worker: { started: false, finished: false },
        });
    }),
    150_000,
  );

  it(
    'in place, while no worker runs: executions killed mid-run stay `running`; a delivery and a poll leave theirs `new`, and Retry refuses them',
    n8n.check(async () => {
      if (!replaced) throw new Error('the first kill did not happen (see its error)');
      const { session } = n8n;
      inPlace = await killMidRun();
      const pollSeen = await pollExecutionIds();
      const hook = await purchaseDelivered();
      const poll = await pollEmits(hook.orderId, pollSeen);
      queued = { hook, poll };
      expect({ hook: await statusOf(session, hook), poll: await statusOf(session, poll) }).toEqual({
        hook: 'new',
        poll: 'new',
      });
      const refused = await retry(session, hook.id, false);
      note(`Retry of queued hook execution ${hook.id}: ${JSON.stringify(refused)}`);
      expect(refused.refused).toEqual({ status: 500, message: expect.stringContaining('queued') });
    }),
    120_000,
  );

  it(
    'a queue recovery check (every minute here): marks `crashed` the killed delivery whose job is gone and whose webhook processor died, and nothing whose job is still in Redis',
    n8n.check(async () => {
      if (!replaced || !inPlace || !queued) throw new Error('the kills did not happen (see the earlier errors)');
      const { session } = n8n;
      const checks = () => n8n.topology.main.lines().filter((line) => line.includes(RECOVERY_CHECK));
      const before = checks().length;
      await timed('next recovery check on the main', async () => {
        const deadline = Date.now() + 75_000;
        while (checks().length === before) {
          if (Date.now() > deadline) throw new Error(`no "${RECOVERY_CHECK}" line from the main within 75 s`);
          await sleep(250);
        }
      });
      note('queue recovery check ran');
      // The two killed in place: still active in Redis (the queued ones wait in another list).
      expect(await activeJobIds(n8n.topology.redis)).toHaveLength(2);
      expect({
        replacedHook: await statusOf(session, replaced.hook),
        inPlaceHook: await statusOf(session, inPlace.hook),
        inPlacePoll: await statusOf(session, inPlace.poll),
        queuedHook: await statusOf(session, queued.hook),
        queuedPoll: await statusOf(session, queued.poll),
      }).toEqual({
        replacedHook: 'crashed',
        inPlaceHook: 'running',
        inPlacePoll: 'running',
        queuedHook: 'new',
        queuedPoll: 'new',
      });
      expect(n8n.topology.main.lines()).toContainEqual(expect.stringContaining('recovered dangling executions'));
      // Marked only: the saved data still holds the delivery, the trigger still to run.
      expect(await savedNodes(session, replaced.hook.id)).toEqual({ ran: [], toRun: ['Trigger'] });
    }),
    120_000,
  );

  it(
    'restarted in place: the worker marks what it ran `crashed` from its event log and runs the queued ones (each sale reaches Received once); the killed ones whose process waited end `error` with their saved data gone',
    n8n.check(async () => {
      if (!replaced || !inPlace || !queued) throw new Error('the kills did not happen (see the earlier errors)');
      const { session } = n8n;
      await timed('start the worker again (same user folder)', () => n8n.topology.startProcess('worker'));
      note('worker started again, same user folder');
      expect(n8n.topology.worker.lines()).toContainEqual(
        expect.stringContaining(`Found unfinished executions: ${inPlace.hook.id}, ${inPlace.poll.id}`),
      );
      const { hook, poll } = queued;
      expect({
        hook: await waitForStatus(session, hook, ['success', 'error', 'crashed'], 30_000),
        poll: await waitForStatus(session, poll, ['success', 'error', 'crashed'], 30_000),
      }).toEqual({ hook: 'success', poll: 'success' });
      expect({ hook: await receivedCount(session, hook), poll: await receivedCount(session, poll) }).toEqual({
        hook: 1,
        poll: 1,
      });
      // Each killed job failed as stalled; the process that enqueued it (alive) records the execution.
      await timed('the killed ones whose enqueuer lived to error', async () => {
        for (const run of [replaced?.poll, inPlace?.hook, inPlace?.poll])
          if (run) await waitForStatus(session, run, ['error'], 45_000);
      });
      expect({
        replacedPoll: stalledLine('main', replaced.poll.id),
        inPlaceHook: stalledLine('webhook', inPlace.hook.id),
        inPlacePoll: stalledLine('main', inPlace.poll.id),
      }).toEqual({ replacedPoll: true, inPlaceHook: true, inPlacePoll: true });
      const gone = { ran: [], toRun: [] };
      expect({
        replacedPoll: await savedNodes(session, replaced.poll.id),
        inPlaceHook: await savedNodes(session, inPlace.hook.id),
        inPlacePoll: await savedNodes(session, inPlace.poll.id),
      }).toEqual({ replacedPoll: gone, inPlaceHook: gone, inPlacePoll: gone });
      expect(await statusOf(session, replaced.hook)).toBe('crashed');
    }),
    150_000,
  );

  it(
    'Retry: the crashed delivery runs again and its sale reaches Received once; those recorded `error` run nothing',
    n8n.check(async () => {
      if (!replaced || !inPlace) throw new Error('the kills did not happen (see the earlier errors)');
      const { session } = n8n;
      const outcomes: Record<string, { status: unknown; received: number }> = {};
      const runs: Array<[string, Watched, boolean]> = [
        ['replacedHook', replaced.hook, false],
        ['replacedPoll', replaced.poll, true],
        ['inPlaceHook', inPlace.hook, false],
        ['inPlacePoll', inPlace.poll, true],
      ];
      for (const [name, run, loadWorkflow] of runs) {
        const outcome = await retry(session, run.id, loadWorkflow);
        outcomes[name] = {
          status: outcome.retried?.status ?? outcome.refused,
          received: await receivedCount(session, run),
        };
        note(
          `Retry (loadWorkflow: ${loadWorkflow}) of ${run.which} execution ${run.id}: ${JSON.stringify(outcomes[name])}`,
        );
      }
      expect(outcomes).toEqual({
        replacedHook: { status: 'success', received: 1 },
        replacedPoll: { status: 'error', received: 0 },
        inPlaceHook: { status: 'error', received: 0 },
        inPlacePoll: { status: 'error', received: 0 },
      });
    }),
    120_000,
  );
});
