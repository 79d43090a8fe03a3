/**
 * The package in n8n's queue mode, started by scripts/n8n/queue.ts: a throwaway Postgres and Redis,
 * the main instance (editor, REST, activation; production webhooks disabled on it), one worker
 * (runs every execution) and one webhook processor (receives production webhooks, its own port,
 * WEBHOOK_URL pointing at it), each with its own user folder and the package loaded from
 * N8N_CUSTOM_EXTENSIONS, against the sandbox store (real profile). The run's shared queue-mode stack
 * (support/sharedQueueMode.ts); the restart test holds it alone. Checked: the credential test;
 * a Get Many with Return All runs on the worker and returns every order; the webhook trigger's
 * lifecycle across the processes; restarts of the main or the worker never leave two hooks.
 *
 * Where n8n, Postgres or Redis cannot be had, this prints `SKIPPED: <reason>` and skips (fails under CI=true).
 * N8N_E2E_VERBOSE=1 streams every process' output; N8N_E2E_KEEP=1 keeps the user folders.
 */
import type { Sandbox } from '../../sandbox';
import { collect } from '@commerce-service/shared';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  listExecutions,
  waitForExecution,
  waitForPublished,
  type ExecutionDetail,
  type N8nWorkflowJson,
} from '../../scripts/n8n/instance';
import { NODE_TYPES, type CredentialRef } from '../../scripts/start/examples';
import { clientFor } from './n8n/expected';
import { triggerWorkflow } from '../../scripts/kit/workflows';
import { describeIf, probe } from './support/probe';
import { ranOn } from './support/queueMode';
import { useSharedQueueMode } from './support/sharedQueueMode';
import {
  expectCredentialTests,
  expectPurchaseRuns,
  expectTriggerLifecycle,
  hookSummary,
  WEBHOOK,
  WF,
  wrongKeyCredential,
  withHookSecret,
  type LifecycleContext,
} from './support/steps';

const TITLE = `n8n ${N8N_VERSION} in queue mode (Postgres, Redis, main + worker + webhook processor)`;

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode end-to-end tests');

// A Webhook node → Get Many orders with Return All: a production execution, so it is queued for the worker.
const GET_MANY = {
  id: 'e2eQueueGetMany1',
  path: 'e2e-queue-orders',
  webhookId: '0c7d1e2f-3a4b-4c5d-8e6f-000000009e21',
};

function getManyWorkflow(credential: CredentialRef): N8nWorkflowJson {
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
        credentials: { commerceServiceApi: credential },
      },
    ],
    connections: { Webhook: { main: [[{ node: 'All orders', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

describeQueue(TITLE, () => {
  const n8n = useSharedQueueMode('queue mode e2e');
  let store: Sandbox;
  let good: CredentialRef;
  let wrongKey: CredentialRef;

  beforeAll(
    n8n.check(async () => {
      store = await n8n.sandbox({ profile: 'real' });
      good = await n8n.addCredential(store, 'Sandbox (real profile, queue mode)');
      const wrong = wrongKeyCredential(store);
      wrongKey = await n8n.addCredential(store, wrong.name, wrong.data);
      await n8n.addWorkflows([
        getManyWorkflow(good),
        triggerWorkflow({ id: WF.triggerReal, webhookId: WEBHOOK.real, credential: good, event: 'purchased' }),
      ]);
    }),
    60_000,
  );
  const { timed } = n8n;
  const check = (fn: () => Promise<void>) => n8n.check(fn);

  /** Every execution the store's events start must have run on the worker, and nowhere else. */
  const ctx: LifecycleContext = {
    session: () => n8n.session,
    hookUrl: (webhookId) => n8n.webhookUrl(webhookId, 'webhook'),
    onExecution: (execution: ExecutionDetail) => expectRanOnWorker(execution.id),
  };

  /** Read from each role's log since this file opened, across restarts (execution ids are the stack's own). */
  async function expectRanOnWorker(executionId: string): Promise<void> {
    expect({ worker: ranOn(n8n.process('worker'), executionId) }).toEqual({
      worker: { started: true, finished: true },
    });
    for (const other of ['main', 'webhook'] as const) {
      expect({ [other]: ranOn(n8n.process(other), executionId) }).toEqual({
        [other]: { started: false, finished: false },
      });
    }
  }

  it(
    'queue mode: the credential test passes on the main (a wrong key or API root fails with a clear message)',
    check(() => expectCredentialTests(n8n.session, store, { good, wrongKey })),
  );

  it(
    'queue mode: a Get Many with Return All runs on the worker, not the main, and returns every order',
    check(async () => {
      const { session } = n8n;
      await activateWorkflow(session, GET_MANY.id);
      // Production webhooks are the webhook processor's: the main does not serve them.
      const onMain = await fetch(`${n8n.url}/webhook/${GET_MANY.path}`, { method: 'POST' });
      expect(onMain.status).toBe(404);
      const seen = (await listExecutions(session, GET_MANY.id)).map((e) => e.id);
      const reply = await fetch(n8n.webhookUrl(GET_MANY.path), {
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
    n8n.alone(async () => {
      const hookUrl = ctx.hookUrl(WEBHOOK.real);
      await activateWorkflow(n8n.session, WF.triggerReal);
      const [first] = hookSummary(store);
      expect(hookSummary(store)).toEqual([
        { id: expect.any(String), hookUrl: withHookSecret(hookUrl), statuses: ['purchased'] },
      ]);

      // The main activates active workflows again at its start: the trigger finds its hook (static
      // data in Postgres) and keeps it.
      await timed('restart main', () => n8n.restart('main')); // and a new session on the new main
      await waitForPublished(n8n.session, WF.triggerReal, 60_000);
      expect(hookSummary(store)).toEqual([first]);
      await expectPurchaseRuns(ctx, store, WF.triggerReal, WEBHOOK.real);

      // A worker restart touches no hook; the next purchase runs on the new worker.
      await timed('restart worker', () => n8n.restart('worker'));
      expect(hookSummary(store)).toEqual([first]);
      await expectPurchaseRuns(ctx, store, WF.triggerReal, WEBHOOK.real);

      // Activating again on the restarted main changes nothing either.
      await activateWorkflow(n8n.session, WF.triggerReal);
      expect(hookSummary(store)).toEqual([first]);

      await deactivateWorkflow(n8n.session, WF.triggerReal);
      expect(store.hooks()).toEqual([]);
    }),
  );
});
