/**
 * The package in the newest n8n 1.x the registry serves (N8N1_VERSION, installed and cached by
 * scripts/n8n/install.ts on the project's Node 24, which its engines allow), one process with SQLite,
 * against the sandbox store (both profiles): the same end-to-end checks as the 2.x suite, through the
 * shared steps in ./support/steps.ts: the credential test through n8n's REST API; every action
 * operation in one workflow run with `n8n execute`; the trigger's webhook lifecycle; re-activation,
 * deactivate/activate and a restart never leave two hooks.
 *
 * Where n8n 1.x cannot be installed, this prints `SKIPPED: <reason>` and skips.
 * N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1 keeps the user folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../sandbox';
import { ensureN8n, N8N1_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  ensureOwner,
  execute,
  importCredentials,
  importWorkflows,
  startN8n,
  waitForPublished,
  type N8nHome,
  type N8nInstance,
  type N8nRun,
  type RestSession,
} from '../../scripts/n8n/instance';
import { sandboxCredential } from '../../scripts/start/examples';
import { clientFor, pickInputs } from './n8n/expected';
import { ACTION_CASES, actionWorkflow, triggerWorkflow, type ActionInputs } from './n8n/workflows';
import { probe } from './support/probe';
import {
  CRED,
  expectActionCase,
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

const found = probe(['n8n1']);
if (!found.ok) {
  process.stderr.write(`\nSKIPPED: n8n ${N8N1_VERSION} end-to-end tests: ${found.reason}\n\n`);
  describe(`n8n ${N8N1_VERSION} end-to-end`, () => {
    it.skip(`SKIPPED: ${found.reason.split('\n')[0]}`, () => undefined);
  });
}
const describeN8n1 = found.ok ? describe : describe.skip;

describeN8n1(`n8n ${N8N1_VERSION} (n8n 1.x) on 127.0.0.1 with the package, against the sandbox`, () => {
  const stores = {} as Record<'real' | 'spec', Sandbox>;
  let home: N8nHome;
  let userFolder = '';
  let inputs: ActionInputs;
  let server: N8nInstance | undefined;
  let session: RestSession;
  const clock = timer(`n8n ${N8N1_VERSION} e2e`);
  const timed = clock.timed;
  const check = (fn: () => Promise<void>) => withOutput(() => [['n8n', server?.output()]], fn);
  const ctx: LifecycleContext = {
    session: () => session,
    hookUrl: (webhookId) => (server as N8nInstance).webhookUrl(webhookId, 'webhook'),
  };

  beforeAll(async () => {
    const install = await timed(`ensureN8n ${N8N1_VERSION} (cached)`, () => ensureN8n({ version: N8N1_VERSION }));
    await timed('npm run build:n8n', () => npmRun('build:n8n'));
    stores.real = await startSandbox({ port: 0, profile: 'real' });
    stores.spec = await startSandbox({ port: 0, profile: 'spec' });
    inputs = await pickInputs(clientFor(stores.real));
    userFolder = mkdtempSync(path.join(tmpdir(), 'n8n1-e2e-'));
    home = {
      install,
      userFolder,
      customExtensions: path.join(ROOT, 'n8n', 'dist'),
      ...(VERBOSE ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    };
    await timed('import credentials (first CLI run: migrations)', () =>
      importCredentials(home, [sandboxCredential(stores.real, CRED.real), sandboxCredential(stores.spec, CRED.spec), wrongKeyCredential(stores.real)]),
    );
    await timed('import workflows', () =>
      importWorkflows(home, [
        actionWorkflow(WF.actions, inputs, [
          { label: 'real', credential: CRED.real },
          { label: 'spec', credential: CRED.spec },
        ]),
        triggerWorkflow({ id: WF.triggerReal, webhookId: WEBHOOK.real, credential: CRED.real, event: 'purchased' }),
        triggerWorkflow({ id: WF.triggerSpec, webhookId: WEBHOOK.spec, credential: CRED.spec, event: 'purchased' }),
      ]),
    );
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    await Promise.all(Object.values(stores).map((store) => store.close()));
    if (userFolder && !process.env.N8N_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
    else if (userFolder) process.stderr.write(`kept n8n user folder ${userFolder}\n`);
    clock.print();
  });

  describe('n8n 1.x: Commerce Service node, every operation in one workflow run with `n8n execute`', () => {
    let actionRun: Promise<N8nRun> | undefined;
    const runActions = () => (actionRun ??= timed('n8n execute (26 action nodes)', () => execute(home, WF.actions, { allowError: true })));

    describe.each(['real', 'spec'] as const)('%s profile', (profile) => {
      it.each(ACTION_CASES.map((c) => [c.name, c] as const))('n8n 1.x: %s returns the sandbox records', async (_name, c) => {
        await expectActionCase(await runActions(), profile, stores[profile], c, inputs);
      });
    });

    it('n8n 1.x: the run as a whole succeeded', async () => {
      const result = await runActions();
      expect({ status: result.status, error: result.data.resultData.error ?? null }).toEqual({ status: 'success', error: null });
    });
  });

  describe('n8n 1.x: running n8n (REST API, webhooks)', () => {
    beforeAll(async () => {
      server = await timed('n8n start to ready', () => startN8n({ ...home, readyTimeoutMs: 180_000 }));
      session = (await ensureOwner(server)).session;
    }, 300_000);

    /**
     * n8n 1.x does not apply a declarative credential test's response-code rules to these failures
     * (its tester looks for `error.cause.response`, which 1.x's request errors lack), so the editor
     * shows n8n's generic text for the status instead of the package's message. The pass/fail
     * verdicts are the same as on 2.x; only the wording differs (see the README's Compatibility).
     */
    const N8N1_MESSAGES = {
      wrongKey: 'Authorization failed - please check your credentials',
      noApi: /^The resource you are requesting could not be found/,
    };

    it(
      'n8n 1.x: credential test: the right key passes, a wrong key or API root fails (with n8n 1.x\'s generic messages; both profiles)',
      check(async () => {
        await expectCredentialTests(session, stores.real, { good: CRED.real, wrongKey: CRED.wrongKey }, N8N1_MESSAGES);
        await expectCredentialTests(session, stores.spec, { good: CRED.spec, wrongKey: CRED.wrongKey }, N8N1_MESSAGES);
      }),
    );

    it(
      'n8n 1.x: trigger on the real profile: activate, hook, event → execution with the payload, deactivate (broken webhook/delete → zap-delete)',
      check(() => expectTriggerLifecycle(ctx, stores.real, WF.triggerReal, WEBHOOK.real)),
    );

    it(
      'n8n 1.x: trigger on the spec profile: the same lifecycle',
      check(() => expectTriggerLifecycle(ctx, stores.spec, WF.triggerSpec, WEBHOOK.spec)),
    );

    it(
      'n8n 1.x: activating again, deactivate + activate, and restarting n8n never leave two hooks (real profile)',
      check(async () => {
        const store = stores.real;
        const hookUrl = ctx.hookUrl(WEBHOOK.real);
        await activateWorkflow(session, WF.triggerReal);
        const [first] = hookSummary(store);
        expect(hookSummary(store)).toEqual([{ id: expect.any(String), hookUrl, statuses: ['purchased'] }]);
        await activateWorkflow(session, WF.triggerReal);
        expect(hookSummary(store)).toEqual([first]);
        await deactivateWorkflow(session, WF.triggerReal);
        expect(hookSummary(store)).toEqual([]);
        await activateWorkflow(session, WF.triggerReal);
        const [second] = hookSummary(store);
        expect(hookSummary(store)).toEqual([{ id: expect.any(String), hookUrl, statuses: ['purchased'] }]);
        expect(second?.id).not.toBe(first?.id);

        // Restart on the same port: n8n activates the workflow again and keeps the one hook.
        const port = server?.port;
        await timed('n8n stop', () => (server as N8nInstance).stop());
        server = await timed('n8n restart to ready', () => startN8n({ ...home, port, readyTimeoutMs: 180_000 }));
        session = (await ensureOwner(server)).session;
        await waitForPublished(session, WF.triggerReal);
        expect(hookSummary(store)).toEqual([second]);
        await expectPurchaseRuns(ctx, store, WF.triggerReal, WEBHOOK.real);

        await deactivateWorkflow(session, WF.triggerReal);
        expect(store.hooks()).toEqual([]);
      }),
    );
  });
});
