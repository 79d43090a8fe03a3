// Own n8n processes: the queue-mode and scheduler settings are read at start only, and a test kills the main with SIGKILL.
/**
 * The n8n that 3.0 will be, run on 2.41 (docs/n8n-3.md): queue mode (scripts/n8n/queue.ts: Postgres,
 * Redis, the main, one worker, one webhook processor, the package in all three) with manual
 * executions offloaded to workers (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS, set for the main by
 * QUEUE_PROCESSES) and poll triggers on the durable scheduler with durable cursors
 * (support/durableScheduler.ts), against the sandbox store (real profile).
 *
 * Proved from each process' own log, as `npm start -- --queue` is: n8n's job processor reports every
 * execution it runs ("Worker started/finished execution <id>"), and only the worker's log may have it.
 * - the action node's manual run, the webhook trigger's "Listen for test event" and the polling
 *   trigger's manual test each run on the worker;
 * - the polling trigger on the durable scheduler (which runs on the main): purchases are each emitted
 *   once, by executions on the worker; the main killed with SIGKILL while a poll waits for the store,
 *   then started again: nothing lost, nothing repeated.
 *
 * The editor's test URLs (`/webhook-test/`) are the main's, as a load balancer in front of queue mode
 * routes them: N8N_WEBHOOK_URL is the main's here, and no test in this file uses a production webhook.
 *
 * About 5 to 6 minutes (polls run once a minute). Where n8n, Postgres or Redis cannot be had, this
 * prints `SKIPPED: <reason>` (fails under CI=true). N8N_E2E_VERBOSE=1 streams every process' output.
 */
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  executionNodeOutput,
  listExecutions,
  rest,
  waitForExecution,
  waitForPublished,
  type N8nProcess,
  type N8nWorkflowJson,
} from '../../scripts/n8n/instance';
import { NODE_TYPES, sandboxCredential, type CredentialRef } from '../../scripts/start/examples';
import { clientFor } from './n8n/expected';
import { manualStart, triggerWorkflow } from '../../scripts/kit/workflows';
import {
  DURABLE_SCHEDULER_ENV,
  killInTheMiddleOfAPoll,
  ordersCursor,
  postgresPollerCursor,
  schedulerOffLines,
} from './support/durableScheduler';
import { runTriggerManually } from './support/installed';
import { describeIf, probe } from './support/probe';
import { POLL_NODE, pollingWorkflow, purchase, waitForEmissions, type Emission } from './support/polling';
import { ranOn } from './support/queueMode';
import { useQueueModeN8n } from './support/queueModeN8n';
import { sleep, withHookSecret } from './support/steps';

const TITLE = `n8n ${N8N_VERSION} as 3.0 will be: queue mode, manual runs on workers, polls on the durable scheduler`;
const CRED: CredentialRef = { id: 'e2eN8n3Store0001', name: 'Sandbox for n8n 3.0 settings' };
const WF = {
  action: 'e2eN8n3Action001',
  listen: 'e2eN8n3Listen001',
  pollTest: 'e2eN8n3PollTest1',
  durable: 'e2eN8n3Durable01',
};
const LISTEN_WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-0000000e2e31';

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'n8n 3.0 settings end-to-end tests');

/** Manual Trigger → Commerce Service (Order: Get Many, 2 orders). */
function actionWorkflow(credential: CredentialRef): N8nWorkflowJson {
  return {
    id: WF.action,
    name: 'e2e: n8n 3 manual action run',
    nodes: [
      manualStart(WF.action),
      {
        id: `${WF.action}-orders`,
        name: 'Orders',
        type: NODE_TYPES.action,
        typeVersion: 1,
        position: [260, 0],
        parameters: { resource: 'order', operation: 'getAll', returnAll: false, limit: 2 },
        credentials: { commerceServiceApi: credential },
      },
    ],
    connections: { Start: { main: [[{ node: 'Orders', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

const itemIds = (list: Emission[]) => list.flatMap((emission) => emission.items.map((item) => item.id));

describeQueue(TITLE, () => {
  const n8n = useQueueModeN8n({
    title: 'n8n 3.0 settings e2e',
    folderPrefix: 'n8n-3-queue-e2e-',
    credentials: (store) => [sandboxCredential(store, CRED)],
    workflows: ([credential = CRED]) => [
      actionWorkflow(credential),
      triggerWorkflow({ id: WF.listen, webhookId: LISTEN_WEBHOOK_ID, credential, event: 'purchased' }),
      pollingWorkflow(WF.pollTest, 'purchased', credential),
      pollingWorkflow(WF.durable, 'purchased', credential),
    ],
    // Test URLs are the main's (see above); the scheduler runs on the main.
    env: (urls) => ({ N8N_WEBHOOK_URL: `${urls.main}/`, ...DURABLE_SCHEDULER_ENV }),
  });
  const { timed } = n8n;
  const check = (fn: () => Promise<void>) => n8n.check(fn);
  /** Main processes stopped by a kill: their logs still count. */
  const earlierMains: N8nProcess[] = [];

  /** The execution ran on the worker, and on no main (the killed one included) nor the webhook processor. */
  function expectOnWorker(executionId: string): void {
    const { worker, webhook, main } = n8n.topology;
    expect({ executionId, worker: ranOn(worker, executionId) }).toEqual({
      executionId,
      worker: { started: true, finished: true },
    });
    for (const other of [main, ...earlierMains, webhook]) {
      expect({ executionId, [other.command]: ranOn(other, executionId) }).toEqual({
        executionId,
        [other.command]: { started: false, finished: false },
      });
    }
  }

  it(
    'on a worker: the action node’s manual run (Order: Get Many) runs on the worker, not the main, and returns the store’s orders',
    check(async () => {
      const execution = await timed('manual run of the action node', () =>
        runTriggerManually(n8n.session, WF.action, 'Start', 120_000),
      );
      expect({ status: execution.status, mode: execution.mode }).toEqual({ status: 'success', mode: 'manual' });
      const orders = executionNodeOutput(execution, 'Orders');
      expect(orders).toHaveLength(2);
      const client = clientFor(n8n.store);
      for (const order of orders) expect((await client.getOrder(String(order.id))).id).toBe(order.id);
      expectOnWorker(execution.id);
    }),
  );

  it(
    'on a worker: the webhook trigger’s "Listen for test event": one test hook at the store, a purchase received by the main runs on the worker, and the test hook is removed after',
    check(async () => {
      const { store, session } = n8n;
      const testHooks = () => store.hooks().filter((hook) => hook.hookUrl.includes('/webhook-test/'));
      const seen = (await listExecutions(session, WF.listen)).map((e) => e.id);
      const workflowData = await rest<Record<string, unknown>>(session, 'GET', `/workflows/${WF.listen}`);
      const started = await rest<{ executionId?: string; waitingForWebhook?: boolean }>(
        session,
        'POST',
        `/workflows/${WF.listen}/run`,
        { workflowData, triggerToStartFrom: { name: 'Trigger' } },
      );
      expect(started.waitingForWebhook).toBe(true);
      expect(testHooks().map((hook) => hook.hookUrl)).toEqual([
        withHookSecret(`${n8n.topology.main.url}/webhook-test/${LISTEN_WEBHOOK_ID}/webhook`),
      ]);

      const testUrl = `${n8n.topology.main.url}/webhook-test/${LISTEN_WEBHOOK_ID}/webhook`;
      const deliveries = await store.fireEvent({ type: 'purchased' });
      expect(deliveries).toEqual([
        expect.objectContaining({ hookUrl: withHookSecret(testUrl), event: 'purchased', status: 200 }),
      ]);
      const bought = (deliveries[0]?.payload as { id: unknown }).id;
      const execution = await timed('test event to finished execution', () =>
        waitForExecution(session, WF.listen, { seen, timeoutMs: 60_000 }),
      );
      expect(execution.status).toBe('success');
      expect(executionNodeOutput(execution, 'Trigger')).toEqual([
        expect.objectContaining({ id: bought, trigger: 'purchased' }),
      ]);
      expectOnWorker(execution.id);
      // The editor's listening ends with the test event: n8n removes the test hook.
      for (let i = 0; i < 40 && testHooks().length > 0; i += 1) await sleep(250);
      expect(testHooks()).toEqual([]);
    }),
  );

  it(
    'on a worker: the polling trigger’s manual test ("Fetch Test Event") runs on the worker and returns the newest purchase',
    check(async () => {
      const [bought] = await purchase(n8n.store, 1);
      const execution = await timed('manual test of the polling trigger', () =>
        runTriggerManually(n8n.session, WF.pollTest, POLL_NODE, 120_000),
      );
      expect({ status: execution.status, mode: execution.mode }).toEqual({ status: 'success', mode: 'manual' });
      expect(executionNodeOutput(execution, POLL_NODE)).toEqual([
        expect.objectContaining({ id: bought, trigger: 'purchased' }),
      ]);
      expectOnWorker(execution.id);
    }),
  );

  it(
    'durable scheduler in queue mode: purchases are each emitted once by polls on the main, run on the worker; the main killed with SIGKILL in the middle of a poll and started again: nothing lost, nothing repeated',
    check(async () => {
      const { store } = n8n;
      await timed('activate (first poll, by the scheduler on the main)', () =>
        activateWorkflow(n8n.session, WF.durable),
      );
      expect(schedulerOffLines(n8n.topology.main.lines())).toEqual([]);

      const before = await purchase(store, 2);
      await timed('2 purchases to emitted (next minute poll)', () => waitForEmissions(n8n.session, WF.durable, 2));
      expect(ordersCursor(await postgresPollerCursor(n8n.topology.postgres, WF.durable))).toBe(Math.max(...before));

      const main = n8n.topology.main;
      const duringKill = await purchase(store, 2);
      await timed('wait for the next poll, SIGKILL the main while it waits for the store', () =>
        killInTheMiddleOfAPoll(store, main.pid),
      );
      earlierMains.push(main);
      await timed('start the main again', () => n8n.topology.restart('main'));
      await n8n.login();
      await waitForPublished(n8n.session, WF.durable, 60_000);
      await timed('purchases of the killed poll to emitted (a poll after the restart)', () =>
        waitForEmissions(n8n.session, WF.durable, 4, 240_000),
      );

      const after = await purchase(store, 1);
      const all = await timed('a purchase after the restart to emitted (next normal poll)', () =>
        waitForEmissions(n8n.session, WF.durable, 5),
      );
      // Each purchase once, in order: before the kill, the killed poll's, after the restart.
      expect(itemIds(all)).toEqual([...before, ...duringKill, ...after]);
      for (const { execution } of all) {
        expect({ id: execution.id, status: execution.status, mode: execution.mode }).toEqual({
          id: execution.id,
          status: 'success',
          mode: 'trigger',
        });
        expectOnWorker(execution.id);
      }
      expect(ordersCursor(await postgresPollerCursor(n8n.topology.postgres, WF.durable))).toBe(after[0]);
      expect(schedulerOffLines(n8n.topology.main.lines())).toEqual([]);
    }),
    900_000,
  );
});
