/**
 * One n8n process (SQLite) with the package, against the sandbox store in both profiles, its fixtures
 * imported with n8n's CLI and its all-actions run made with `n8n execute`: the set-up, start, restart
 * and teardown of the n8n 1.x suite (n8n1.e2e.ts), registered as jest hooks. The 2.x suite
 * (n8n.e2e.ts) runs on the run's shared n8n (./sharedN8n.ts) instead; both declare the tests here that
 * read what any topology gives them (PackageSuite): the action tests and the trigger lifecycles, and
 * both use the restart step.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../../sandbox';
import { ensureN8n } from '../../../scripts/n8n/install';
import {
  deactivateWorkflow,
  ensureOwner,
  execute,
  importCredentials,
  importWorkflows,
  startN8n,
  waitForPublished,
  type N8nCredentialJson,
  type N8nHome,
  type N8nInstance,
  type N8nRun,
  type N8nWorkflowJson,
  type RestSession,
} from '../../../scripts/n8n/instance';
import { sandboxCredential } from '../../../scripts/start/examples';
import { clientFor, pickInputs } from '../n8n/expected';
import { buildN8n } from './globalSetup';
import { ACTION_CASES, actionWorkflow, type ActionInputs } from '../n8n/workflows';
import { triggerWorkflow } from '../../../scripts/kit/workflows';
import {
  CRED,
  expectActionCase,
  expectPurchaseRuns,
  expectTriggerLifecycle,
  hookSummary,
  ROOT,
  SharedRun,
  timer,
  WEBHOOK,
  WF,
  withOutput,
  wrongKeyCredential,
  type HookSummary,
  type LifecycleContext,
} from './steps';

export type Stores = Record<'real' | 'spec', Sandbox>;

export interface SingleProcessOptions {
  /** The n8n version to install (cached) and run. */
  version: string;
  /** Prefix of the temporary n8n user folder. */
  folderPrefix: string;
  /** Credentials to import besides the shared ones (CRED.real, CRED.spec, CRED.wrongKey). */
  extraCredentials?: (stores: Stores) => N8nCredentialJson[];
  /** Workflows to import besides the shared ones (WF.actions, WF.triggerReal, WF.triggerSpec). */
  extraWorkflows?: () => N8nWorkflowJson[];
}

const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);

/**
 * What the tests declared here read of a suite, whatever runs its n8n: both stores, the action inputs
 * picked from the real one, the all-actions workflow's run, and where production webhooks arrive.
 * The trigger workflows are WF.triggerReal and WF.triggerSpec (webhooks WEBHOOK.real, WEBHOOK.spec).
 */
export interface PackageSuite {
  readonly stores: Stores;
  readonly inputs: ActionInputs;
  readonly ctx: LifecycleContext;
  /** How the all-actions run is made, for its test's name (e.g. `n8n execute`). */
  readonly actionRunKind: string;
  /** The one run of the all-actions workflow (WF.actions), made on first use; `owner` names its test. */
  actionRun(owner: string): SharedRun<N8nRun>;
  /** A test body whose failure message ends with n8n's output. */
  check(fn: () => Promise<void>): () => Promise<void>;
}

/** The state of one suite's n8n; its fields are set by the hooks useSingleProcessN8n registers. */
export class SingleProcessN8n implements PackageSuite {
  readonly stores = {} as Stores;
  home!: N8nHome;
  inputs!: ActionInputs;
  server: N8nInstance | undefined;
  session!: RestSession;
  private userFolder = '';
  private actions: SharedRun<N8nRun> | undefined;
  private readonly clock;
  readonly timed;
  readonly actionRunKind = 'n8n execute';
  /** Production webhooks are received by the one process. */
  readonly ctx: LifecycleContext = {
    session: () => this.session,
    hookUrl: (webhookId) => (this.server as N8nInstance).webhookUrl(webhookId, 'webhook'),
  };

  constructor(private readonly opts: SingleProcessOptions) {
    this.clock = timer(`n8n ${opts.version} e2e`);
    this.timed = this.clock.timed;
  }

  /** A test body whose failure message ends with n8n's last output lines. */
  check(fn: () => Promise<void>): () => Promise<void> {
    return withOutput(() => [['n8n', this.server?.output()]], fn);
  }

  /** Installs (cached) and builds, starts both stores, imports the fixtures; n8n is not running yet. */
  async setup(): Promise<void> {
    const { version, folderPrefix } = this.opts;
    const install = await this.timed(`ensureN8n ${version} (cached)`, () => ensureN8n({ version }));
    // n8n/dist as the global set-up built it (or built here, when no selected file shares the run n8n).
    await this.timed('build:n8n (unless built)', () => buildN8n());
    this.stores.real = await startSandbox({ port: 0, profile: 'real' });
    this.stores.spec = await startSandbox({ port: 0, profile: 'spec' });
    this.inputs = await pickInputs(clientFor(this.stores.real));
    this.userFolder = mkdtempSync(path.join(tmpdir(), folderPrefix));
    this.home = {
      install,
      userFolder: this.userFolder,
      customExtensions: path.join(ROOT, 'n8n', 'dist'),
      ...(VERBOSE ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    };
    const { real, spec } = this.stores;
    await this.timed('import credentials (first CLI run)', () =>
      importCredentials(this.home, [
        sandboxCredential(real, CRED.real),
        sandboxCredential(spec, CRED.spec),
        wrongKeyCredential(real),
        ...(this.opts.extraCredentials?.(this.stores) ?? []),
      ]),
    );
    await this.timed('import workflows', () =>
      importWorkflows(this.home, [
        actionWorkflow(WF.actions, this.inputs, [
          { label: 'real', credential: CRED.real },
          { label: 'spec', credential: CRED.spec },
        ]),
        triggerWorkflow({ id: WF.triggerReal, webhookId: WEBHOOK.real, credential: CRED.real, event: 'purchased' }),
        triggerWorkflow({ id: WF.triggerSpec, webhookId: WEBHOOK.spec, credential: CRED.spec, event: 'purchased' }),
        ...(this.opts.extraWorkflows?.() ?? []),
      ]),
    );
  }

  async teardown(): Promise<void> {
    await this.server?.stop();
    await Promise.all(Object.values(this.stores).map((store) => store.close()));
    if (this.userFolder && !process.env.N8N_E2E_KEEP) rmSync(this.userFolder, { recursive: true, force: true });
    else if (this.userFolder) process.stderr.write(`kept n8n user folder ${this.userFolder}\n`);
    this.clock.print();
  }

  /**
   * One `n8n execute` of the all-actions workflow (28 nodes: 14 cases of the 13 operations × 2 profiles),
   * shared by the action tests; `owner` names the test that reports the run as a whole. A failing node
   * stops the run, and its test then shows the node's error.
   */
  actionRun(owner: string): SharedRun<N8nRun> {
    return (this.actions ??= new SharedRun(owner, () =>
      this.timed(`n8n execute (${2 * ACTION_CASES.length} action nodes)`, () =>
        execute(this.home, WF.actions, { allowError: true }),
      ),
    ));
  }

  /** Starts n8n (on `port`, or a free one) and logs in as the owner. */
  async start(port?: number): Promise<void> {
    this.server = await this.timed(port ? 'n8n restart to ready' : 'n8n start to ready', () =>
      startN8n({ ...this.home, ...(port ? { port } : {}), readyTimeoutMs: 180_000 }),
    );
    this.session = (await ensureOwner(this.server)).session;
  }

  /** Stops n8n and starts it again on the same port (so production webhook URLs stay the same). */
  async restart(): Promise<void> {
    const port = this.server?.port;
    await this.timed('n8n stop', () => (this.server as N8nInstance).stop());
    await this.start(port);
  }
}

/** The suite's n8n, set up before its tests and torn down after them (call inside its describe). */
export function useSingleProcessN8n(opts: SingleProcessOptions): SingleProcessN8n {
  const n8n = new SingleProcessN8n(opts);
  beforeAll(() => n8n.setup(), 900_000);
  afterAll(() => n8n.teardown());
  return n8n;
}

/** Starts n8n before the tests of the calling describe (those that need the REST API or webhooks). */
export function useRunningN8n(n8n: SingleProcessN8n): void {
  beforeAll(() => n8n.start(), 300_000);
}

/**
 * Declares, in the calling describe, the all-actions run as a test of its own (the run as a whole
 * succeeded, or why not), then a test per action case and profile (the node's output is what the
 * store serves). `prefix` starts each test's name.
 */
export function declareActionTests(n8n: PackageSuite, prefix = ''): void {
  const actions = n8n.actionRun(`${prefix}the all-actions run (${n8n.actionRunKind}) as a whole succeeded`);
  it(actions.owner, async () => {
    const result = await actions.run();
    expect({ status: result.status, error: result.data.resultData.error ?? null }).toEqual({
      status: 'success',
      error: null,
    });
  });

  describe.each(['real', 'spec'] as const)('%s profile', (profile) => {
    it.each(ACTION_CASES.map((c) => [c.name, c] as const))(
      `${prefix}%s returns the sandbox records`,
      async (_name, c) => {
        await expectActionCase(await actions.read(), profile, n8n.stores[profile], c, n8n.inputs);
      },
    );
  });
}

/**
 * With the workflow active and `hook` its one hook: restarting n8n on the same port activates the
 * workflow again and keeps that hook, which still starts executions for `event`; deactivating
 * then removes it.
 */
export async function expectRestartKeepsHook(
  n8n: { restart(): Promise<void>; session: RestSession; ctx: LifecycleContext },
  store: Sandbox,
  workflowId: string,
  webhookId: string,
  hook: HookSummary | undefined,
  event = 'purchased',
): Promise<void> {
  await n8n.restart();
  await waitForPublished(n8n.session, workflowId);
  expect(hookSummary(store)).toEqual([hook]);
  await expectPurchaseRuns(n8n.ctx, store, workflowId, webhookId, event);
  await deactivateWorkflow(n8n.session, workflowId);
  expect(store.hooks()).toEqual([]);
}

/**
 * Declares, in the calling describe, the webhook trigger's lifecycle test on each profile (see
 * expectTriggerLifecycle). The real profile's store behaves as real ones do: webhook/delete answers
 * 500, so the trigger must fall back to webhook/zap-delete; subscribe answers a numeric id.
 */
export function declareTriggerLifecycleTests(n8n: PackageSuite, prefix = ''): void {
  it(
    `${prefix}trigger on the real profile: activate, hook, event → execution with the payload, deactivate (broken webhook/delete → zap-delete)`,
    n8n.check(async () => {
      const config = (await (await fetch(`${n8n.stores.real.url}/sandbox/v1/config`)).json()) as {
        deviations: Record<string, boolean>;
      };
      expect(config.deviations).toMatchObject({
        brokenWebhookDelete: true,
        zapDeleteRoute: true,
        numericSubscribeId: true,
      });
      await expectTriggerLifecycle(n8n.ctx, n8n.stores.real, WF.triggerReal, WEBHOOK.real);
    }),
  );

  it(
    `${prefix}trigger on the spec profile: the same lifecycle`,
    n8n.check(() => expectTriggerLifecycle(n8n.ctx, n8n.stores.spec, WF.triggerSpec, WEBHOOK.spec)),
  );
}
