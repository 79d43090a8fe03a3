/**
 * The n8n package in a real n8n (2.41.1, installed and cached by scripts/n8n on the project's Node 24),
 * on 127.0.0.1, against the sandbox store (both profiles, started in this process; n8n runs in child
 * processes). Checked: the package lints and packs; the credential test through n8n's REST API;
 * every action operation in one workflow run with `n8n execute`, compared with what the sandbox
 * serves; the trigger's webhook lifecycle (activate → one hook at the production URL, a store event →
 * an execution with the payload, other events → nothing, deactivate → no hook, never two hooks); the
 * example workflows `npm start` imports.
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and the n8n tests are skipped; the
 * package checks still run. N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1 keeps the user folder.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Sandbox, startSandbox } from '../../sandbox';
import { collect } from '../../shared/src';
import { ensureN8n, N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  ensureOwner,
  execute,
  executionNodeOutput,
  importCredentials,
  importWorkflows,
  listExecutions,
  nodeOutput,
  rest,
  startN8n,
  waitForExecution,
  waitForPublished,
  type N8nHome,
  type N8nInstance,
  type N8nRun,
  type RestSession,
} from '../../scripts/n8n/instance';
import { EXAMPLE_CREDENTIAL, loadExamples, sandboxCredential, type CredentialRef } from '../../scripts/start/examples';
import { clientFor, expectedRecords, pickInputs, rawExpectedIds } from './n8n/expected';
import { probeN8n } from './n8n/probe';
import { ACTION_CASES, actionWorkflow, nodeName, triggerWorkflow, type ActionInputs } from './n8n/workflows';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);

/** `npm run <script>` from the repository root, as CI does; throws with its output on failure. */
async function npmRun(script: string, timeout = 300_000): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run('npm', ['run', script], { cwd: ROOT, timeout, maxBuffer: 20 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run ${script} failed:\n${stdout}\n${stderr}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Package checks: need no n8n, always run.

describe('n8n package', () => {
  it('npm run lint:n8n passes (community-node rules on sources and dist)', async () => {
    const { stdout } = await npmRun('lint:n8n');
    expect(stdout).toMatch(/lint:dist/);
  });

  it('npm run pack:n8n passes (the tarball installs and loads on its own)', async () => {
    const { stdout } = await npmRun('pack:n8n');
    expect(stdout).toMatch(/Pack check passed/);
  });
});

// ---------------------------------------------------------------------------------------------
// Real n8n. Whether it can run is decided before the tests are collected (installing on first use).

const probe = probeN8n();
if (!probe.ok) {
  process.stderr.write(`\nSKIPPED: n8n end-to-end tests (real n8n ${N8N_VERSION}): ${probe.reason}\n\n`);
  describe('n8n end-to-end', () => {
    it.skip(`SKIPPED: ${probe.reason.split('\n')[0]}`, () => undefined);
  });
}
const describeN8n = probe.ok ? describe : describe.skip;

const CRED = {
  real: { id: 'e2eRealStore0001', name: 'Sandbox (real profile)' },
  spec: { id: 'e2eSpecStore0001', name: 'Sandbox (spec profile)' },
  wrongKey: { id: 'e2eWrongKey00001', name: 'Sandbox with a wrong key' },
} satisfies Record<string, CredentialRef>;
const WF = { actions: 'e2eActionsWf0001', triggerReal: 'e2eTriggerReal01', triggerSpec: 'e2eTriggerSpec01' };
const WEBHOOK = { real: '9b2f5e1a-3c4d-4e5f-8a6b-00000000e2e1', spec: '9b2f5e1a-3c4d-4e5f-8a6b-00000000e2e2' };
const WRONG_KEY_MESSAGE =
  'The store did not accept the API key. Copy it again from the Studiocart settings in your WordPress admin.';
const NO_API_MESSAGE = /^No Commerce Service API at this Store URL and API Root\./;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeN8n(`n8n ${N8N_VERSION} on 127.0.0.1 with the package, against the sandbox`, () => {
  const stores = {} as Record<'real' | 'spec', Sandbox>;
  let home: N8nHome;
  let userFolder = '';
  let inputs: ActionInputs;
  let server: N8nInstance | undefined;
  let session: RestSession;
  const timings: Array<[string, number]> = [];

  async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
    const t0 = Date.now();
    try {
      return await fn();
    } finally {
      timings.push([label, (Date.now() - t0) / 1000]);
    }
  }

  /** Failures carry the end of n8n's own output. */
  const withN8nOutput = (fn: () => Promise<void>) => async () => {
    try {
      await fn();
    } catch (error) {
      if (error instanceof Error && server) error.message += `\n--- last n8n output ---\n${server.output().split('\n').slice(-40).join('\n')}`;
      throw error;
    }
  };

  beforeAll(async () => {
    const install = await timed('ensureN8n (cached)', () => ensureN8n());
    await timed('npm run build:n8n', () => npmRun('build:n8n'));
    stores.real = await startSandbox({ port: 0, profile: 'real' });
    stores.spec = await startSandbox({ port: 0, profile: 'spec' });
    inputs = await pickInputs(clientFor(stores.real));
    userFolder = mkdtempSync(path.join(tmpdir(), 'n8n-e2e-'));
    home = {
      install,
      userFolder,
      customExtensions: path.join(ROOT, 'n8n', 'dist'),
      ...(VERBOSE ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    };
    await timed('import credentials (first CLI run: migrations)', () =>
      importCredentials(home, [
        sandboxCredential(stores.real, CRED.real),
        sandboxCredential(stores.spec, CRED.spec),
        { ...sandboxCredential(stores.real, CRED.wrongKey), data: { storeUrl: stores.real.url, apiKey: 'not-the-key', apiRoot: stores.real.apiRoot } },
        // The examples name this credential; here it points at the real-profile sandbox.
        sandboxCredential(stores.real, EXAMPLE_CREDENTIAL),
      ]),
    );
    await timed('import workflows', () =>
      importWorkflows(home, [
        actionWorkflow(WF.actions, inputs, [
          { label: 'real', credential: CRED.real },
          { label: 'spec', credential: CRED.spec },
        ]),
        triggerWorkflow({ id: WF.triggerReal, webhookId: WEBHOOK.real, credential: CRED.real, event: 'purchased' }),
        triggerWorkflow({ id: WF.triggerSpec, webhookId: WEBHOOK.spec, credential: CRED.spec, event: 'purchased' }),
        ...loadExamples(),
      ]),
    );
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await Promise.all(Object.values(stores).map((store) => store.close()));
    if (userFolder && !process.env.N8N_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
    else if (userFolder) process.stderr.write(`kept n8n user folder ${userFolder}\n`);
    process.stderr.write(`n8n e2e timings (s): ${timings.map(([label, secs]) => `${label} ${secs.toFixed(1)}`).join('; ')}\n`);
  });

  // -------------------------------------------------------------------------------------------
  describe('Commerce Service node: every operation in one workflow, run with `n8n execute`', () => {
    let actionRun: Promise<N8nRun> | undefined;
    // One execute for all 26 nodes (13 operations × 2 profiles); a failing node stops the run, and
    // its test then shows the node's error.
    const runActions = () => (actionRun ??= timed('n8n execute (26 action nodes)', () => execute(home, WF.actions, { allowError: true })));

    describe.each(['real', 'spec'] as const)('%s profile', (profile) => {
      it.each(ACTION_CASES.map((c) => [c.name, c] as const))('%s returns the sandbox records', async (_name, c) => {
        const result = await runActions();
        const node = nodeName(profile, c);
        const nodeRun = result.data.resultData.runData[node]?.[0];
        expect({ node, error: nodeRun?.error ?? null, ran: Boolean(nodeRun) }).toEqual({ node, error: null, ran: true });
        const output = nodeOutput(result, node);
        expect(output.length).toBeGreaterThan(0);
        // Exactly the records the shared client reads from the store with the same parameters...
        expect(output).toEqual(await expectedRecords(clientFor(stores[profile]), c, inputs));
        // ...and the ids the store's REST API serves (plain HTTP), where the case is a REST read.
        const ids = await rawExpectedIds(stores[profile], c, inputs);
        if (ids) expect(output.map((record) => record.id)).toEqual(ids);
      });
    });

    it('the run as a whole succeeded', async () => {
      const result = await runActions();
      expect({ status: result.status, error: result.data.resultData.error ?? null }).toEqual({ status: 'success', error: null });
    });

    it('example workflows "List latest orders" and "Return all customers" return the sandbox records', async () => {
      const [latest, customers] = loadExamples().filter((wf) => wf.id !== 'csExampleTrigger');
      const client = clientFor(stores.real);
      for (const [workflow, nodeLabel, expected] of [
        [latest, 'Latest paid orders', await client.latestOrders({ status: 'paid' })],
        [customers, 'All customers', await collect(client.iterate((page) => client.listCustomers(page)))],
      ] as const) {
        const result = await timed(`n8n execute (${workflow?.name})`, () => execute(home, workflow?.id ?? ''));
        const output = nodeOutput(result, nodeLabel);
        expect(output.length).toBeGreaterThan(0);
        expect(output).toEqual(JSON.parse(JSON.stringify(expected)));
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('running n8n (REST API, webhooks)', () => {
    beforeAll(async () => {
      server = await timed('n8n start to ready', () => startN8n({ ...home, readyTimeoutMs: 180_000 }));
      session = (await ensureOwner(server)).session;
    }, 300_000);

    async function restartN8n(): Promise<void> {
      const port = server?.port;
      await timed('n8n stop', () => (server as N8nInstance).stop());
      server = await timed('n8n restart to ready', () => startN8n({ ...home, port, readyTimeoutMs: 180_000 }));
      session = (await ensureOwner(server)).session;
    }

    const credentialTest = (credential: CredentialRef, data: Record<string, unknown>) =>
      rest<{ status: string; message: string }>(session, 'POST', '/credentials/test', {
        credentials: { id: credential.id, name: credential.name, type: 'commerceServiceApi', data },
      });

    it(
      'credential test: the right key passes, a wrong key or API root fails with a clear message',
      withN8nOutput(async () => {
        const real = stores.real;
        const spec = stores.spec;
        const good = { storeUrl: real.url, apiKey: real.apiKey, apiRoot: real.apiRoot };
        await expect(credentialTest(CRED.real, good)).resolves.toEqual({ status: 'OK', message: 'Connection successful!' });
        await expect(credentialTest(CRED.spec, { storeUrl: spec.url, apiKey: spec.apiKey, apiRoot: spec.apiRoot })).resolves.toEqual({
          status: 'OK',
          message: 'Connection successful!',
        });
        // A saved credential with a wrong key, and a wrong key typed into the form of a good one.
        await expect(credentialTest(CRED.wrongKey, { ...good, apiKey: 'not-the-key' })).resolves.toEqual({ status: 'Error', message: WRONG_KEY_MESSAGE });
        await expect(credentialTest(CRED.real, { ...good, apiKey: 'typo' })).resolves.toEqual({ status: 'Error', message: WRONG_KEY_MESSAGE });
        const noApi = await credentialTest(CRED.real, { ...good, apiRoot: '/wp-json/other/v1' });
        expect(noApi.status).toBe('Error');
        expect(noApi.message).toMatch(NO_API_MESSAGE);
        // A Store URL pasted with a WordPress admin path still reaches the store.
        await expect(credentialTest(CRED.real, { ...good, storeUrl: `${real.url}/wp-admin/` })).resolves.toEqual({ status: 'OK', message: 'Connection successful!' });
      }),
    );

    /**
     * Activate → exactly one hook at the production URL; a purchase → one delivery and an execution
     * with the payload; a refund → no delivery and no execution; a non-matching delivery posted
     * straight to the URL → ignored by the node; deactivate → no hook, and a purchase reaches nobody.
     */
    async function triggerLifecycle(store: Sandbox, workflowId: string, webhookId: string): Promise<void> {
      const hookUrl = (server as N8nInstance).webhookUrl(webhookId, 'webhook');
      expect(store.hooks()).toEqual([]);
      await timed(`activate ${workflowId}`, () => activateWorkflow(session, workflowId));
      expect(store.hooks()).toEqual([
        expect.objectContaining({ hookUrl, statuses: ['purchased'], productId: null, planIds: [], source: 'n8n', pricesInCents: false }),
      ]);
      // The store's own admin API lists it too.
      const listed = (await (await fetch(`${store.url}/sandbox/v1/hooks`)).json()) as Array<{ hookUrl: string }>;
      expect(listed.map((hook) => hook.hookUrl)).toEqual([hookUrl]);

      let seen = (await listExecutions(session, workflowId)).map((e) => e.id);
      const deliveries = await store.fireEvent({ type: 'purchased' });
      expect(deliveries).toEqual([expect.objectContaining({ hookUrl, event: 'purchased', status: 200 })]);
      const payload = deliveries[0]?.payload as Record<string, unknown>;
      const execution = await timed('event to finished execution', () => waitForExecution(session, workflowId, { seen }));
      expect({ status: execution.status, mode: execution.mode }).toEqual({ status: 'success', mode: 'webhook' });
      const items = executionNodeOutput(execution, 'Trigger');
      expect(items).toHaveLength(1);
      const order = await clientFor(store).getOrder(String(payload.id));
      expect(items[0]).toMatchObject({
        trigger: 'purchased',
        id: order.id,
        customer_email: payload.customer_email,
        product_id: payload.product_id,
        order_amount: payload.order_amount,
      });
      expect(executionNodeOutput(execution, 'Received')).toEqual(items);

      // Another event: the store sends it to no hook, and nothing runs.
      seen = (await listExecutions(session, workflowId)).map((e) => e.id);
      await expect(store.fireEvent({ type: 'refunded' })).resolves.toEqual([]);
      // The node's own filter: a refund delivered to this purchase trigger starts nothing.
      const reply = await fetch(hookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...payload, trigger: 'refunded', status: 'refunded' }),
      });
      expect({ status: reply.status, body: await reply.json() }).toEqual({ status: 200, body: { received: 1, started: false } });
      await sleep(1500);
      expect((await listExecutions(session, workflowId)).filter((e) => !seen.includes(e.id))).toEqual([]);

      await timed(`deactivate ${workflowId}`, () => deactivateWorkflow(session, workflowId));
      expect(store.hooks()).toEqual([]);
      await expect(store.fireEvent({ type: 'purchased' })).resolves.toEqual([]);
    }

    it(
      'trigger on the real profile: activate, hook, event → execution with the payload, deactivate (broken webhook/delete → zap-delete)',
      withN8nOutput(async () => {
        // The store behaves as real ones do: webhook/delete answers 500, so the trigger must fall back
        // to webhook/zap-delete; subscribe answers a numeric id.
        const config = (await (await fetch(`${stores.real.url}/sandbox/v1/config`)).json()) as { deviations: Record<string, boolean> };
        expect(config.deviations).toMatchObject({ brokenWebhookDelete: true, zapDeleteRoute: true, numericSubscribeId: true });
        await triggerLifecycle(stores.real, WF.triggerReal, WEBHOOK.real);
      }),
    );

    it(
      'trigger on the spec profile: the same lifecycle',
      withN8nOutput(() => triggerLifecycle(stores.spec, WF.triggerSpec, WEBHOOK.spec)),
    );

    it(
      'activating again, publishing a changed event, and restarting n8n never leave two hooks (real profile)',
      withN8nOutput(async () => {
        const store = stores.real;
        const hookUrl = (server as N8nInstance).webhookUrl(WEBHOOK.real, 'webhook');
        const hooks = () => store.hooks().map((hook) => ({ id: hook.id, hookUrl: hook.hookUrl, statuses: hook.statuses }));

        await activateWorkflow(session, WF.triggerReal);
        const [first] = hooks();
        expect(hooks()).toEqual([{ id: expect.any(String), hookUrl, statuses: ['purchased'] }]);
        // Activating an active workflow again changes nothing.
        await activateWorkflow(session, WF.triggerReal);
        expect(hooks()).toEqual([first]);
        // Deactivate and activate: the old hook is deleted, one new hook is made.
        await deactivateWorkflow(session, WF.triggerReal);
        expect(hooks()).toEqual([]);
        await activateWorkflow(session, WF.triggerReal);
        const [second] = hooks();
        expect(hooks()).toEqual([{ id: expect.any(String), hookUrl, statuses: ['purchased'] }]);
        expect(second?.id).not.toBe(first?.id);

        // Edit the active workflow in place (event → renewal) and publish the new version, as the
        // editor's Publish button does: the purchase hook is replaced by a renewal hook.
        const workflow = await rest<{ versionId: string; name: string; nodes: Array<Record<string, unknown>>; connections: unknown; settings: unknown }>(
          session,
          'GET',
          `/workflows/${WF.triggerReal}`,
        );
        const nodes = workflow.nodes.map((node) =>
          node.name === 'Trigger' ? { ...node, parameters: { ...(node.parameters as object), event: 'renewal' } } : node,
        );
        const updated = await rest<{ versionId: string }>(session, 'PATCH', `/workflows/${WF.triggerReal}`, {
          versionId: workflow.versionId,
          name: workflow.name,
          nodes,
          connections: workflow.connections,
          settings: workflow.settings,
        });
        await rest(session, 'POST', `/workflows/${WF.triggerReal}/activate`, { versionId: updated.versionId });
        await waitForPublished(session, WF.triggerReal);
        const [third] = hooks();
        expect(hooks()).toEqual([{ id: expect.any(String), hookUrl, statuses: ['renewal'] }]);
        expect(third?.id).not.toBe(second?.id);

        // Restart n8n on the same port: it activates the workflow again and keeps the one hook,
        // which still starts executions.
        await restartN8n();
        await waitForPublished(session, WF.triggerReal);
        expect(hooks()).toEqual([third]);
        const seen = (await listExecutions(session, WF.triggerReal)).map((e) => e.id);
        const deliveries = await store.fireEvent({ type: 'renewal' });
        expect(deliveries).toEqual([expect.objectContaining({ hookUrl, event: 'renewal', status: 200 })]);
        const execution = await waitForExecution(session, WF.triggerReal, { seen });
        expect(executionNodeOutput(execution, 'Trigger')).toEqual([
          expect.objectContaining({ trigger: 'renewal', id: (deliveries[0]?.payload as { id: unknown }).id }),
        ]);

        await deactivateWorkflow(session, WF.triggerReal);
        expect(hooks()).toEqual([]);
      }),
    );

    it(
      'example "Product purchased → order summary" summarises a purchase',
      withN8nOutput(async () => {
        const store = stores.real;
        const example = loadExamples().find((wf) => wf.id === 'csExampleTrigger');
        const webhookId = String(example?.nodes.find((node) => node.webhookId)?.webhookId);
        await activateWorkflow(session, 'csExampleTrigger');
        expect(store.hooks().map((hook) => hook.hookUrl)).toEqual([(server as N8nInstance).webhookUrl(webhookId, 'webhook')]);
        const seen = (await listExecutions(session, 'csExampleTrigger')).map((e) => e.id);
        const [delivery] = await store.fireEvent({ type: 'purchased' });
        const payload = delivery?.payload as Record<string, unknown>;
        const execution = await waitForExecution(session, 'csExampleTrigger', { seen });
        expect(execution.status).toBe('success');
        expect(executionNodeOutput(execution, 'Order summary')).toEqual([
          expect.objectContaining({
            event: 'purchased',
            orderId: payload.id,
            customer: payload.customer_name,
            email: payload.customer_email,
            product: payload.product_name,
            amount: payload.order_amount,
          }),
        ]);
        await deactivateWorkflow(session, 'csExampleTrigger');
        expect(store.hooks()).toEqual([]);
      }),
    );
  });
});
