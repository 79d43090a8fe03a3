/**
 * The package in n8n's queue mode, started by scripts/n8n/queue.ts: a throwaway Postgres and Redis,
 * the main instance (editor, REST, activation; production webhooks disabled on it), one worker
 * (runs every execution) and one webhook processor (receives production webhooks, its own port,
 * WEBHOOK_URL pointing at it), each with its own user folder and the package loaded from
 * N8N_CUSTOM_EXTENSIONS, against the sandbox store (real profile). Checked: the credential test;
 * a Get Many with Return All runs on the worker and returns every order; the webhook trigger's
 * lifecycle across the processes; restarts of the main or the worker never leave two hooks.
 *
 * Where n8n, Postgres or Redis cannot be had, this prints `SKIPPED: <reason>` and skips.
 * N8N_E2E_VERBOSE=1 streams every process' output; N8N_E2E_KEEP=1 keeps the user folders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../sandbox';
import { collect } from '../../shared/src';
import { ensureN8n, N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  ensureOwner,
  executionNodeOutput,
  importCredentials,
  importWorkflows,
  listExecutions,
  waitForExecution,
  waitForPublished,
  type ExecutionDetail,
  type N8nProcess,
  type N8nWorkflowJson,
  type RestSession,
} from '../../scripts/n8n/instance';
import { prepareQueueMode, type QueueMode } from '../../scripts/n8n/queue';
import { NODE_TYPES, sandboxCredential } from '../../scripts/start/examples';
import { clientFor } from './n8n/expected';
import { triggerWorkflow } from './n8n/workflows';
import { probe } from './support/probe';
import {
  CRED,
  expectCredentialTests,
  expectPurchaseRuns,
  expectTriggerLifecycle,
  hookSummary,
  npmRun,
  ROOT,
  timer,
  WEBHOOK,
  WF,
  withOutput,
  wrongKeyCredential,
  type LifecycleContext,
} from './support/steps';

const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);
const TITLE = `n8n ${N8N_VERSION} in queue mode (Postgres, Redis, main + worker + webhook processor)`;

const found = probe(['n8n', 'postgres', 'redis']);
if (!found.ok) {
  process.stderr.write(`\nSKIPPED: queue mode end-to-end tests: ${found.reason}\n\n`);
  describe('queue mode end-to-end', () => {
    it.skip(`SKIPPED: ${found.reason.split('\n')[0]}`, () => undefined);
  });
}
const describeQueue = found.ok ? describe : describe.skip;

// A Webhook node → Get Many orders with Return All: a production execution, so it is queued for the worker.
const GET_MANY = {
  id: 'e2eQueueGetMany1',
  path: 'e2e-queue-orders',
  webhookId: '0c7d1e2f-3a4b-4c5d-8e6f-000000009e21',
};

function getManyWorkflow(): N8nWorkflowJson {
  return {
    id: GET_MANY.id,
    name: 'e2e queue mode: Get Many orders (Return All)',
    nodes: [
      {
        id: `${GET_MANY.id}-hook`,
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: GET_MANY.webhookId,
        parameters: { httpMethod: 'POST', path: GET_MANY.path, responseMode: 'onReceived', options: {} },
      },
      {
        id: `${GET_MANY.id}-orders`,
        name: 'All orders',
        type: NODE_TYPES.action,
        typeVersion: 1,
        position: [300, 0],
        parameters: { resource: 'order', operation: 'getAll', returnAll: true },
        credentials: { commerceServiceApi: CRED.real },
      },
    ],
    connections: { Webhook: { main: [[{ node: 'All orders', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

/** How n8n's job processor reports an execution it ran (n8n/dist/scaling/job-processor). */
const ranOn = (proc: N8nProcess, executionId: string) => {
  const lines = proc.lines();
  return {
    started: lines.some((l) => l.includes(`Worker started execution ${executionId} `)),
    finished: lines.some((l) => l.includes(`Worker finished execution ${executionId} `)),
  };
};

describeQueue(TITLE, () => {
  let store: Sandbox;
  let qm: QueueMode | undefined;
  let session: RestSession;
  let baseFolder = '';
  const clock = timer('queue mode e2e');
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

  /** Every execution the store's events start must have run on the worker, and nowhere else. */
  const ctx: LifecycleContext = {
    session: () => session,
    hookUrl: (webhookId) => (qm as QueueMode).webhookUrl(webhookId, 'webhook'),
    onExecution: (execution: ExecutionDetail) => expectRanOnWorker(execution.id),
  };

  async function expectRanOnWorker(executionId: string): Promise<void> {
    const topology = qm as QueueMode;
    expect({ worker: ranOn(topology.worker, executionId) }).toEqual({ worker: { started: true, finished: true } });
    for (const other of [topology.main, topology.webhook]) {
      expect({ [other.command]: ranOn(other, executionId) }).toEqual({
        [other.command]: { started: false, finished: false },
      });
    }
  }

  async function login(): Promise<void> {
    session = (await ensureOwner((qm as QueueMode).mainInstance())).session;
  }

  beforeAll(async () => {
    const install = await timed('ensureN8n (cached)', () => ensureN8n());
    await timed('npm run build:n8n', () => npmRun('build:n8n'));
    store = await startSandbox({ port: 0, profile: 'real' });
    baseFolder = mkdtempSync(path.join(tmpdir(), 'n8n-queue-e2e-'));
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
    const topology = qm;
    await timed('import credentials (first CLI run: Postgres migrations)', () =>
      importCredentials(topology.home, [sandboxCredential(store, CRED.real), wrongKeyCredential(store)]),
    );
    await timed('import workflows', () =>
      importWorkflows(topology.home, [
        getManyWorkflow(),
        triggerWorkflow({ id: WF.triggerReal, webhookId: WEBHOOK.real, credential: CRED.real, event: 'purchased' }),
      ]),
    );
    await timed('main, worker and webhook processor to ready', () => topology.startN8n());
    process.stderr.write(`queue mode topology:\n  ${topology.describe().join('\n  ')}\n`);
    await login();
  }, 900_000);

  afterAll(async () => {
    await timed('stop all', async () => qm?.stop());
    await store?.close();
    if (baseFolder && !process.env.N8N_E2E_KEEP) rmSync(baseFolder, { recursive: true, force: true });
    else if (baseFolder) process.stderr.write(`kept n8n user folders under ${baseFolder}\n`);
    clock.print();
  }, 120_000);

  it(
    'queue mode: the credential test passes on the main (a wrong key or API root fails with a clear message)',
    check(() => expectCredentialTests(session, store, { good: CRED.real, wrongKey: CRED.wrongKey })),
  );

  it(
    'queue mode: a Get Many with Return All runs on the worker, not the main, and returns every order',
    check(async () => {
      const topology = qm as QueueMode;
      await activateWorkflow(session, GET_MANY.id);
      // Production webhooks are the webhook processor's: the main does not serve them.
      const onMain = await fetch(`${topology.main.url}/webhook/${GET_MANY.path}`, { method: 'POST' });
      expect(onMain.status).toBe(404);
      const seen = (await listExecutions(session, GET_MANY.id)).map((e) => e.id);
      const reply = await fetch(topology.webhookUrl(GET_MANY.path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(reply.status).toBe(200);
      const execution = await timed('Get Many (all orders) on the worker', () =>
        waitForExecution(session, GET_MANY.id, { seen, timeoutMs: 120_000 }),
      );
      expect({ status: execution.status, mode: execution.mode }).toEqual({ status: 'success', mode: 'webhook' });
      await expectRanOnWorker(execution.id);
      const output = executionNodeOutput(execution, 'All orders');
      // Every order, as the shared client pages through them (JSON round trip: what n8n stores).
      const client = clientFor(store);
      const expected = JSON.parse(
        JSON.stringify(await collect(client.iterate((page) => client.listOrders(page)))),
      ) as unknown[];
      expect(output.length).toBeGreaterThan(100); // more than one page of 100
      expect(output.length).toBe(expected.length);
      expect(output).toEqual(expected);
      await deactivateWorkflow(session, GET_MANY.id);
    }),
  );

  it(
    'queue mode: webhook trigger: activation on the main registers one hook at the webhook processor; a purchase is received there and finishes on the worker; deactivation removes the hook',
    check(() => expectTriggerLifecycle(ctx, store, WF.triggerReal, WEBHOOK.real)),
  );

  it(
    'queue mode: restarting the main or the worker never leaves two hooks, and purchases still run on the worker',
    check(async () => {
      const topology = qm as QueueMode;
      const hookUrl = ctx.hookUrl(WEBHOOK.real);
      await activateWorkflow(session, WF.triggerReal);
      const [first] = hookSummary(store);
      expect(hookSummary(store)).toEqual([{ id: expect.any(String), hookUrl, statuses: ['purchased'] }]);

      // The main activates active workflows again at its start: the trigger finds its hook (static
      // data in Postgres) and keeps it.
      await timed('restart main', () => topology.restart('main'));
      await login();
      await waitForPublished(session, WF.triggerReal, 60_000);
      expect(hookSummary(store)).toEqual([first]);
      await expectPurchaseRuns(ctx, store, WF.triggerReal, WEBHOOK.real);

      // A worker restart touches no hook; the next purchase runs on the new worker.
      await timed('restart worker', () => topology.restart('worker'));
      expect(hookSummary(store)).toEqual([first]);
      await expectPurchaseRuns(ctx, store, WF.triggerReal, WEBHOOK.real);

      // Activating again on the restarted main changes nothing either.
      await activateWorkflow(session, WF.triggerReal);
      expect(hookSummary(store)).toEqual([first]);

      await deactivateWorkflow(session, WF.triggerReal);
      expect(store.hooks()).toEqual([]);
    }),
  );
});
