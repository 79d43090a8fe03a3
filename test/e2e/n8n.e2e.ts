/**
 * The n8n package in a real n8n (2.41.1, installed and cached by scripts/n8n on the project's Node 24),
 * on 127.0.0.1, against the sandbox store (both profiles, started in this process; n8n runs in child
 * processes). Checked: the package passes n8n's lint and scanner, and packs; the credential test
 * through n8n's REST API; every action operation in one workflow run with `n8n execute`, compared
 * with what the sandbox serves; the trigger's webhook lifecycle (activate → one hook at the
 * production URL, a store event → an execution with the payload, other events → nothing,
 * deactivate → no hook, never two hooks); the example workflows `npm start` imports. The steps
 * the n8n 1.x and queue-mode suites make too are in ./support (this file adds what only 2.x shows:
 * the package's own credential test messages, a published edit of an active trigger, the examples).
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and the n8n tests are skipped (fail under CI=true); the
 * package checks still run. N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1 keeps the user folder.
 */
import { collect } from '../../shared/src';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  execute,
  executionNodeOutput,
  listExecutions,
  nodeOutput,
  rest,
  waitForExecution,
  waitForPublished,
} from '../../scripts/n8n/instance';
import { EXAMPLE_CREDENTIAL, forCustomExtensions, loadExamples, sandboxCredential } from '../../scripts/start/examples';
import { clientFor } from './n8n/expected';
import { describeIf, probe } from './support/probe';
import {
  declareActionTests,
  declareTriggerLifecycleTests,
  expectRestartKeepsHook,
  useRunningN8n,
  useSingleProcessN8n,
} from './support/singleProcess';
import {
  CRED,
  expectCredentialTests,
  expectReactivationKeepsOneHook,
  hookSummary,
  npmRun,
  WEBHOOK,
  WF,
} from './support/steps';

// ---------------------------------------------------------------------------------------------
// Package checks: need no n8n, always run.

describe('n8n package', () => {
  it("npm run lint:n8n passes (n8n's own `n8n-node lint`, strict, default config)", async () => {
    const { stdout } = await npmRun('lint:n8n');
    expect(stdout).toMatch(/n8n-node lint/);
  });

  it("npm run scan:n8n passes (n8n's scanner on the source and the packed tarball)", async () => {
    const { stdout } = await npmRun('scan:n8n');
    expect(stdout).toMatch(/passed the source and the tarball/);
  });

  it('npm run pack:n8n passes (the tarball installs and loads on its own)', async () => {
    const { stdout } = await npmRun('pack:n8n');
    expect(stdout).toMatch(/Pack check passed/);
  });
});

// ---------------------------------------------------------------------------------------------
// Real n8n. Whether it can run is decided before the tests are collected (installing on first use).

const describeN8n = describeIf(probe(['n8n']), `n8n end-to-end tests (real n8n ${N8N_VERSION})`);

const EXAMPLE = { latestOrders: 'csExampleLatestO', allCustomers: 'csExampleAllCust', purchased: 'csExampleTrigger' };
const example = (id: string) => {
  const workflow = loadExamples()
    .map(forCustomExtensions)
    .find((wf) => wf.id === id);
  if (!workflow) throw new Error(`no example workflow ${id} in n8n/examples`);
  return workflow;
};

describeN8n(`n8n ${N8N_VERSION} on 127.0.0.1 with the package, against the sandbox`, () => {
  const n8n = useSingleProcessN8n({
    version: N8N_VERSION,
    folderPrefix: 'n8n-e2e-',
    // The examples name this credential; here it points at the real-profile sandbox.
    extraCredentials: (stores) => [sandboxCredential(stores.real, EXAMPLE_CREDENTIAL)],
    extraWorkflows: () => loadExamples().map(forCustomExtensions),
  });

  // -------------------------------------------------------------------------------------------
  describe('Commerce Service node: every operation in one workflow, run with `n8n execute`', () => {
    declareActionTests(n8n);

    it('example workflows "List latest orders" and "Return all customers" return the sandbox records', async () => {
      const client = clientFor(n8n.stores.real);
      for (const [workflow, nodeLabel, expected] of [
        [example(EXAMPLE.latestOrders), 'Latest paid orders', await client.latestOrders({ status: 'paid' })],
        [
          example(EXAMPLE.allCustomers),
          'All customers',
          await collect(client.iterate((page) => client.listCustomers(page))),
        ],
      ] as const) {
        const result = await n8n.timed(`n8n execute (${workflow.name})`, () => execute(n8n.home, workflow.id ?? ''));
        const output = nodeOutput(result, nodeLabel);
        expect(output.length).toBeGreaterThan(0);
        expect(output).toEqual(JSON.parse(JSON.stringify(expected)));
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('running n8n (REST API, webhooks)', () => {
    useRunningN8n(n8n);

    it(
      'credential test: the right key passes, a wrong key or API root fails with a clear message',
      n8n.check(async () => {
        await expectCredentialTests(n8n.session, n8n.stores.real, { good: CRED.real, wrongKey: CRED.wrongKey });
        await expectCredentialTests(n8n.session, n8n.stores.spec, { good: CRED.spec, wrongKey: CRED.wrongKey });
      }),
    );

    declareTriggerLifecycleTests(n8n);

    it(
      'activating again, publishing a changed event, and restarting n8n never leave two hooks (real profile)',
      n8n.check(async () => {
        const store = n8n.stores.real;
        const second = await expectReactivationKeepsOneHook(n8n.ctx, store, WF.triggerReal, WEBHOOK.real);

        // Edit the active workflow in place (event → renewal) and publish the new version, as the
        // editor's Publish button does: the purchase hook is replaced by a renewal hook.
        const workflow = await rest<{
          versionId: string;
          name: string;
          nodes: Array<Record<string, unknown>>;
          connections: unknown;
          settings: unknown;
        }>(n8n.session, 'GET', `/workflows/${WF.triggerReal}`);
        const nodes = workflow.nodes.map((node) =>
          node.name === 'Trigger'
            ? { ...node, parameters: { ...(node.parameters as object), event: 'renewal' } }
            : node,
        );
        const updated = await rest<{ versionId: string }>(n8n.session, 'PATCH', `/workflows/${WF.triggerReal}`, {
          versionId: workflow.versionId,
          name: workflow.name,
          nodes,
          connections: workflow.connections,
          settings: workflow.settings,
        });
        await rest(n8n.session, 'POST', `/workflows/${WF.triggerReal}/activate`, { versionId: updated.versionId });
        await waitForPublished(n8n.session, WF.triggerReal);
        const [third] = hookSummary(store);
        expect(hookSummary(store)).toEqual([
          { id: expect.any(String), hookUrl: n8n.ctx.hookUrl(WEBHOOK.real), statuses: ['renewal'] },
        ]);
        expect(third?.id).not.toBe(second?.id);

        // Restart n8n on the same port: it keeps the one renewal hook, which still starts executions.
        await expectRestartKeepsHook(n8n, store, WF.triggerReal, WEBHOOK.real, third, 'renewal');
      }),
    );

    it(
      'example "Product purchased → order summary" summarises a purchase',
      n8n.check(async () => {
        const store = n8n.stores.real;
        const webhookId = String(example(EXAMPLE.purchased).nodes.find((node) => node.webhookId)?.webhookId);
        await activateWorkflow(n8n.session, EXAMPLE.purchased);
        expect(store.hooks().map((hook) => hook.hookUrl)).toEqual([n8n.ctx.hookUrl(webhookId)]);
        const seen = (await listExecutions(n8n.session, EXAMPLE.purchased)).map((e) => e.id);
        const [delivery] = await store.fireEvent({ type: 'purchased' });
        const payload = delivery?.payload as Record<string, unknown>;
        const execution = await waitForExecution(n8n.session, EXAMPLE.purchased, { seen });
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
        await deactivateWorkflow(n8n.session, EXAMPLE.purchased);
        expect(store.hooks()).toEqual([]);
      }),
    );
  });
});
