/**
 * The n8n package in a real n8n (2.41.1, installed and cached by scripts/n8n on the project's Node 24;
 * the run's shared n8n, ./support/sharedN8n.ts), on 127.0.0.1, against sandbox stores of both profiles
 * (started in this process). Checked: the credential test through n8n's REST API; every action
 * operation in one workflow, run as the editor's "Execute workflow" (a manual run through REST, whose
 * run data is what `n8n execute` prints), compared with what the sandbox serves; the trigger's webhook
 * lifecycle (activate → one hook at the production URL, a store event → an execution with the payload,
 * other events → nothing, deactivate → no hook); the example workflows `npm start` saves. On an n8n
 * of its own, since it restarts n8n: activating again, publishing a changed event and a restart never
 * leave two hooks. The steps the n8n 1.x and queue-mode suites make too are in ./support (this file
 * adds what only 2.x shows: the package's own credential test messages, a published edit of an active
 * trigger, the examples).
 *
 * The package's own checks run elsewhere: `npm run lint:n8n` (n8n's `n8n-node lint`) and
 * `npm run scan:n8n` (n8n's scanner on the source and the tarball) in `npm test`; the pack check on
 * the release tree, which is what gets published, in n8nReleaseTree.e2e.ts. The pack check on n8n/
 * stays here: only it packs n8n/ with its prepack/postpack README steps and checks them.
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and the n8n tests are skipped (fail
 * under CI=true); the pack check still runs. N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1
 * keeps the user folders.
 */
import { collect } from '@commerce-service/shared';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  listExecutions,
  nodeOutput,
  rest,
  waitForExecution,
  waitForPublished,
  type N8nRun,
  type N8nWorkflowJson,
} from '../../scripts/n8n/instance';
import {
  EXAMPLE_CREDENTIAL,
  forCustomExtensions,
  loadExamples,
  type CredentialRef,
} from '../../scripts/start/examples';
import { clientFor, pickInputs } from './n8n/expected';
import { actionWorkflow, ACTION_CASES, type ActionInputs } from './n8n/workflows';
import { triggerWorkflow } from '../../scripts/kit/workflows';
import { manualRun } from './support/installed';
import { describeIf, probe } from './support/probe';
import { useOwnN8n, useSharedN8n, type SuiteN8n } from './support/sharedN8n';
import {
  declareActionTests,
  declareTriggerLifecycleTests,
  expectRestartKeepsHook,
  type PackageSuite,
  type Stores,
} from './support/singleProcess';
import {
  CRED,
  expectCredentialTests,
  expectReactivationKeepsOneHook,
  hookSummary,
  npmRun,
  SharedRun,
  WEBHOOK,
  WF,
  withHookSecret,
  wrongKeyCredential,
} from './support/steps';

// ---------------------------------------------------------------------------------------------
// Needs no n8n, always runs.

describe('n8n package', () => {
  // Not a copy of the release tree's pack check: only this one packs n8n/, through its prepack and
  // postpack README steps, and checks the packed README and that the repository's is put back.
  it('npm run pack:n8n passes (the tarball installs and loads on its own)', async () => {
    const { stdout } = await npmRun('pack:n8n');
    expect(stdout).toMatch(/Pack check passed/);
  });
});

// ---------------------------------------------------------------------------------------------
// Real n8n. Whether it can run is decided before the tests are collected (installing on first use).

const describeN8n = describeIf(probe(['n8n']), `n8n end-to-end tests (real n8n ${N8N_VERSION})`);

const EXAMPLE = { latestOrders: 'csExampleLatestO', allCustomers: 'csExampleAllCust', purchased: 'csExampleTrigger' };

/** An example as the user makes it theirs: its Commerce Service nodes on `credential` (made through REST, id n8n's). */
function example(id: string, credential: CredentialRef): N8nWorkflowJson {
  const workflow = loadExamples()
    .map(forCustomExtensions)
    .find((wf) => wf.id === id);
  if (!workflow) throw new Error(`no example workflow ${id} in n8n/examples`);
  for (const node of workflow.nodes) {
    const credentials = node.credentials as Record<string, CredentialRef> | undefined;
    if (credentials?.commerceServiceApi?.id === EXAMPLE_CREDENTIAL.id) credentials.commerceServiceApi = credential;
  }
  return workflow;
}

/** The package's fixtures on the run's shared n8n (both stores, credentials and workflows made through REST). */
class SharedPackageSuite implements PackageSuite {
  readonly stores = {} as Stores;
  inputs!: ActionInputs;
  readonly actionRunKind = 'manual run, the editor\'s "Execute workflow"';
  private actions: SharedRun<N8nRun> | undefined;

  constructor(readonly n8n: SuiteN8n) {}

  get ctx() {
    return this.n8n.ctx;
  }

  check(fn: () => Promise<void>): () => Promise<void> {
    return this.n8n.check(fn);
  }

  actionRun(owner: string): SharedRun<N8nRun> {
    return (this.actions ??= new SharedRun(owner, () =>
      this.n8n.timed(`manual run (${2 * ACTION_CASES.length} action nodes)`, () =>
        manualRun(this.n8n.session, WF.actions, 300_000),
      ),
    ));
  }
}

describeN8n(`n8n ${N8N_VERSION} on 127.0.0.1 with the package, against the sandbox`, () => {
  describe("on the run's shared n8n", () => {
    const n8n = useSharedN8n('n8n e2e');
    const suite = new SharedPackageSuite(n8n);
    const credentials = {} as Record<'real' | 'spec' | 'wrongKey' | 'example', CredentialRef>;

    beforeAll(async () => {
      const { stores } = suite;
      stores.real = await n8n.sandbox({ profile: 'real' });
      stores.spec = await n8n.sandbox({ profile: 'spec' });
      suite.inputs = await pickInputs(clientFor(stores.real));
      credentials.real = await n8n.addCredential(stores.real, CRED.real.name);
      credentials.spec = await n8n.addCredential(stores.spec, CRED.spec.name);
      const wrongKey = wrongKeyCredential(stores.real);
      credentials.wrongKey = await n8n.addCredential(stores.real, wrongKey.name, wrongKey.data);
      // The examples name EXAMPLE_CREDENTIAL; here it points at the real-profile sandbox.
      credentials.example = await n8n.addCredential(stores.real, EXAMPLE_CREDENTIAL.name);
      await n8n.addWorkflows([
        actionWorkflow(WF.actions, suite.inputs, [
          { label: 'real', credential: credentials.real },
          { label: 'spec', credential: credentials.spec },
        ]),
        triggerWorkflow({
          id: WF.triggerReal,
          webhookId: WEBHOOK.real,
          credential: credentials.real,
          event: 'purchased',
        }),
        triggerWorkflow({
          id: WF.triggerSpec,
          webhookId: WEBHOOK.spec,
          credential: credentials.spec,
          event: 'purchased',
        }),
        ...Object.values(EXAMPLE).map((id) => example(id, credentials.example)),
      ]);
    }, 300_000);

    // -----------------------------------------------------------------------------------------
    describe('Commerce Service node: every operation in one workflow, one manual run', () => {
      declareActionTests(suite);

      it(
        'example workflows "List latest orders" and "Return all customers" return the sandbox records',
        n8n.check(async () => {
          const client = clientFor(suite.stores.real);
          for (const [id, nodeLabel, expected] of [
            [EXAMPLE.latestOrders, 'Latest paid orders', await client.latestOrders({ status: 'paid' })],
            [
              EXAMPLE.allCustomers,
              'All customers',
              await collect(client.iterate((page) => client.listCustomers(page))),
            ],
          ] as const) {
            const result = await n8n.timed(`manual run (${id})`, () => manualRun(n8n.session, id));
            expect({ id, status: result.status, error: result.data.resultData.error ?? null }).toEqual({
              id,
              status: 'success',
              error: null,
            });
            const output = nodeOutput(result, nodeLabel);
            expect(output.length).toBeGreaterThan(0);
            expect(output).toEqual(JSON.parse(JSON.stringify(expected)));
          }
        }),
      );
    });

    // -----------------------------------------------------------------------------------------
    describe('REST API, webhooks', () => {
      it(
        'credential test: the right key passes, a wrong key or API root fails with a clear message',
        n8n.check(async () => {
          const { real, spec } = suite.stores;
          await expectCredentialTests(n8n.session, real, { good: credentials.real, wrongKey: credentials.wrongKey });
          await expectCredentialTests(n8n.session, spec, { good: credentials.spec, wrongKey: credentials.wrongKey });
        }),
      );

      declareTriggerLifecycleTests(suite);

      it(
        'example "Product purchased → order summary" summarises a purchase',
        n8n.check(async () => {
          const store = suite.stores.real;
          const purchased = example(EXAMPLE.purchased, credentials.example);
          const webhookId = String(purchased.nodes.find((node) => node.webhookId)?.webhookId);
          await activateWorkflow(n8n.session, EXAMPLE.purchased);
          expect(store.hooks().map((hook) => hook.hookUrl)).toEqual([withHookSecret(n8n.ctx.hookUrl(webhookId))]);
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

  // -------------------------------------------------------------------------------------------
  describe('on an n8n of its own (restarted)', () => {
    const n8n = useOwnN8n('the test restarts n8n', 'n8n restart e2e', 'n8n-restart-e2e-');
    let store: Stores['real'];

    beforeAll(async () => {
      store = await n8n.storeWithTrigger({ profile: 'real' }, CRED.real.name, {
        id: WF.triggerReal,
        webhookId: WEBHOOK.real,
        event: 'purchased',
      });
    }, 120_000);

    it(
      'activating again, publishing a changed event, and restarting n8n never leave two hooks (real profile)',
      n8n.check(async () => {
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
          { id: expect.any(String), hookUrl: withHookSecret(n8n.ctx.hookUrl(WEBHOOK.real)), statuses: ['renewal'] },
        ]);
        expect(third?.id).not.toBe(second?.id);

        // Restart n8n on the same port: it keeps the one renewal hook, which still starts executions.
        await expectRestartKeepsHook(n8n, store, WF.triggerReal, WEBHOOK.real, third, 'renewal');
      }),
    );
  });
});
