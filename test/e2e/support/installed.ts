/**
 * The n8n package installed the way self-hosters install it, shared by the n8n 2.x and 1.x suites
 * (n8nInstalled*.e2e.ts): the package is built and packed (`npm pack`), published to a local npm
 * registry (scripts/registry/), and installed by a real n8n with community packages on, through its
 * own community-packages REST API (what Settings → Community nodes calls; scripts/n8n/community.ts).
 * Its nodes are then typed `n8n-nodes-commerce-service.<node>`, and every check here uses those types.
 *
 * The steps run in order in one n8n (each test builds on the one before): install → node types (and
 * the suite's credentials and workflows saved over REST, as the editor's Save does) → credential test → every action → webhook trigger lifecycle → polling trigger's manual test →
 * update to 1.0.1 under an active workflow → uninstall → bad input (nodes-API level 3 among it) →
 * community packages turned off.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../../sandbox';
import {
  activateWorkflow,
  CommunityPackageError,
  COMMUNITY_SETTINGS,
  credentialTypeNames,
  deactivateWorkflow,
  ensureOwner,
  executionNodeOutput,
  getExecution,
  installCommunityPackage,
  listCommunityPackages,
  nodeTypeNames,
  rest,
  saveCredential,
  saveWorkflow,
  startN8n,
  uninstallCommunityPackage,
  updateCommunityPackage,
  type ExecutionDetail,
  type N8nHome,
  type N8nInstance,
  type N8nRun,
  type RestSession,
} from '../../../scripts/n8n/instance';
import { ensureN8n } from '../../../scripts/n8n/install';
import { packN8nPackage } from '../../../scripts/registry/pack';
import { startRegistry, type Registry } from '../../../scripts/registry/registry';
import { sandboxCredential, type CredentialRef } from '../../../scripts/start/examples';
import { clientFor, pickInputs } from '../n8n/expected';
import { ACTION_CASES, actionWorkflow, type ActionInputs } from '../n8n/workflows';
import { nodeTypesFor, triggerWorkflow } from '../../../scripts/kit/workflows';
import { newestOrderId, pollingWorkflow, POLL_NODE, purchase } from './polling';
import {
  CRED,
  expectActionCase,
  expectCredentialTests,
  expectPurchaseRuns,
  expectTriggerLifecycle,
  hookSummary,
  SharedRun,
  sleep,
  timer,
  WEBHOOK,
  WF,
  withOutput,
  wrongKeyCredential,
  type CredentialTestMessages,
  type LifecycleContext,
} from './steps';

export const PACKAGE = 'n8n-nodes-commerce-service';
/** The node types n8n gives the installed package's nodes. */
export const INSTALLED_TYPES = nodeTypesFor(PACKAGE);
const WF_POLL = 'e2eInstalledPoll';
const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface InstalledSuiteOptions {
  version: string;
  folderPrefix: string;
  /** What this n8n's credential test shows for a wrong key or API root (they differ on 1.x). */
  credentialMessages: CredentialTestMessages;
  /** Prefix of each test's name (e.g. `n8n 1.x: `). */
  prefix?: string;
  /**
   * Whether Settings → Community nodes lists a newer version in the registry (`updateAvailable`).
   * n8n 2.41 does; n8n 1.123.81 listed none here (its `npm outdated` check), though its update works.
   */
  listsUpdates: boolean;
  /**
   * `versionSpecific`: only what goes through this n8n's own community-packages API (install, the
   * node types it loads, update with one purchase, uninstall); the cases that do not depend on the
   * n8n version (credential test, actions, triggers, bad input) run once, in the 2.x suite.
   * Default `all`.
   */
  scope?: 'all' | 'versionSpecific';
}

/** The credentials and workflows the steps use, with the ids this n8n gave them. */
interface SavedFixtures {
  credentials: { real: CredentialRef; spec: CredentialRef; wrongKey: CredentialRef };
  workflows: { actions: string; triggerReal: string; poll: string };
}

/** The state of one installed-package suite, set up by its beforeAll. */
class InstalledN8n {
  readonly stores = {} as Record<'real' | 'spec', Sandbox>;
  registry!: Registry;
  tarball = '';
  home!: N8nHome;
  inputs!: ActionInputs;
  server: N8nInstance | undefined;
  session!: RestSession;
  /** Saved once the package is installed, by the test named `fixturesOwner`; read by the later steps. */
  readonly fixtures: SharedRun<SavedFixtures>;
  private workDir = '';
  readonly clock;
  readonly ctx: LifecycleContext = {
    session: () => this.session,
    hookUrl: (webhookId) => (this.server as N8nInstance).webhookUrl(webhookId, 'webhook'),
  };

  constructor(
    readonly opts: InstalledSuiteOptions,
    fixturesOwner: string,
  ) {
    this.clock = timer(`n8n ${opts.version} installed-from-a-registry e2e`);
    this.fixtures = new SharedRun(fixturesOwner, () =>
      this.clock.timed('save credentials and workflows (REST)', () => this.saveFixtures()),
    );
  }

  /** A test body whose failure message ends with n8n's and the registry's last output. */
  check(fn: () => Promise<void>): () => Promise<void> {
    return withOutput(
      () => [
        ['n8n', this.server?.output()],
        ['registry', this.registry?.output()],
      ],
      fn,
    );
  }

  async setup(): Promise<void> {
    const { timed } = this.clock;
    const install = await timed(`ensureN8n ${this.opts.version} (cached)`, () =>
      ensureN8n({ version: this.opts.version }),
    );
    this.workDir = mkdtempSync(path.join(tmpdir(), this.opts.folderPrefix));
    this.tarball = await timed('build and npm pack', () => packN8nPackage(path.join(this.workDir, 'pack')));
    this.registry = await timed('registry start', () => startRegistry());
    await timed('publish 1.0.0', () => this.registry.publish(this.tarball));
    this.stores.real = await startSandbox({ port: 0, profile: 'real', quiet: true });
    this.stores.spec = await startSandbox({ port: 0, profile: 'spec', quiet: true });
    this.inputs = await pickInputs(clientFor(this.stores.real));
    this.home = {
      install,
      userFolder: path.join(this.workDir, 'n8n'),
      communityPackages: true,
      // No npm retries: against a registry on 127.0.0.1 a refused connection is final, so the
      // registry-down case fails at once instead of after npm's back-off (10 s, then 60 s).
      env: { ...this.registry.n8nEnv, npm_config_fetch_retries: '0' },
      ...(process.env.N8N_E2E_VERBOSE ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    };
    // n8n 1.x runs `npm outdated` (for Settings → Community nodes' list) with an env of PATH alone: no
    // proxy, so it cannot reach a registry here, and npm's back-off on each refused try (10 s, then 60 s)
    // made every listing of an installed package take about 70 s. npm also reads the project's
    // .npmrc in the folder n8n runs it in: no retries there, so it fails at once (the list shows no
    // update on 1.x either way; see listsUpdates).
    const nodesDir = path.join(this.home.userFolder, '.n8n', 'nodes');
    mkdirSync(nodesDir, { recursive: true });
    writeFileSync(path.join(nodesDir, '.npmrc'), 'fetch-retries=0\n');
    await this.start(true);
  }

  /**
   * The suite's credentials and workflows, saved through the REST API as the editor's Save does. Only
   * after the install: n8n refuses a credential of a type it has not loaded. Credential ids are n8n's;
   * workflow ids too on n8n 1.x, which drops the id it is given.
   */
  async saveFixtures(): Promise<SavedFixtures> {
    const { real, spec } = this.stores;
    const credentials = {
      real: await saveCredential(this.session, sandboxCredential(real, CRED.real)),
      spec: await saveCredential(this.session, sandboxCredential(spec, CRED.spec)),
      wrongKey: await saveCredential(this.session, wrongKeyCredential(real)),
    };
    const stores = [
      { label: 'real', credential: credentials.real },
      { label: 'spec', credential: credentials.spec },
    ];
    const workflows = {
      actions: await saveWorkflow(this.session, actionWorkflow(WF.actions, this.inputs, stores, INSTALLED_TYPES)),
      triggerReal: await saveWorkflow(
        this.session,
        triggerWorkflow({
          id: WF.triggerReal,
          webhookId: WEBHOOK.real,
          credential: credentials.real,
          event: 'purchased',
          types: INSTALLED_TYPES,
        }),
      ),
      poll: await saveWorkflow(
        this.session,
        pollingWorkflow(WF_POLL, 'purchased', credentials.real, 'e2e: installed polling trigger', INSTALLED_TYPES),
      ),
    };
    return { credentials, workflows };
  }

  /** Starts n8n (community packages on or off) and logs in as the owner. */
  async start(communityPackages: boolean): Promise<void> {
    this.server = await this.clock.timed(`n8n start (community packages ${communityPackages ? 'on' : 'off'})`, () =>
      startN8n({ ...this.home, communityPackages, readyTimeoutMs: 240_000 }),
    );
    this.session = (await ensureOwner(this.server)).session;
  }

  async teardown(): Promise<void> {
    await this.server?.stop();
    await this.registry?.stop();
    await Promise.all(Object.values(this.stores).map((store) => store.close()));
    if (this.workDir && !process.env.N8N_E2E_KEEP) rmSync(this.workDir, { recursive: true, force: true });
    else if (this.workDir) process.stderr.write(`kept ${this.workDir}\n`);
    this.clock.print();
  }

  /**
   * One run of the all-actions workflow (installed types), shared by the action tests: started as the
   * editor's "Execute workflow" does (a manual run through the REST API), on the server that installed
   * the package. `owner` names the test that reports the run as a whole.
   */
  actionRun(owner: string): SharedRun<N8nRun> {
    return new SharedRun(owner, async () => {
      const { workflows } = await this.fixtures.read();
      return this.clock.timed(`manual run (${2 * ACTION_CASES.length} action nodes)`, () =>
        manualRun(this.session, workflows.actions, 300_000),
      );
    });
  }

  /** Whether n8n still answers (its /healthz). */
  async healthy(): Promise<boolean> {
    const reply = await fetch(`${(this.server as N8nInstance).url}/healthz`).catch(() => undefined);
    return reply?.status === 200;
  }
}

/** The package's node types in this n8n's editor list (`/types/nodes.json`). */
async function installedTypes(session: RestSession): Promise<string[]> {
  return (await nodeTypeNames(session)).filter((name) => name.startsWith(`${PACKAGE}.`)).sort();
}

/**
 * The polling trigger's "Fetch Test Event", as the editor runs it: a manual execution started from
 * the trigger (`POST /rest/workflows/:id/run`; 1.x wants the workflow in the body, 2.x reads it from
 * the database and ignores it), then the finished execution.
 */
export async function runTriggerManually(
  session: RestSession,
  workflowId: string,
  nodeName: string,
  timeoutMs = 60_000,
): Promise<ExecutionDetail> {
  const workflowData = await rest<Record<string, unknown>>(session, 'GET', `/workflows/${workflowId}`);
  const started = await rest<{ executionId?: string; waitingForWebhook?: boolean }>(
    session,
    'POST',
    `/workflows/${workflowId}/run`,
    { workflowData, triggerToStartFrom: { name: nodeName } },
  );
  if (!started.executionId)
    throw new Error(`manual run of ${nodeName} started no execution: ${JSON.stringify(started)}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const execution = await getExecution(session, started.executionId).catch(() => undefined);
    if (execution && ['success', 'error', 'crashed', 'canceled'].includes(execution.status)) return execution;
    if (Date.now() > deadline)
      throw new Error(`manual execution ${started.executionId} did not finish in ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

/**
 * The editor's "Execute workflow" of a workflow that starts from a Manual Trigger named `Start`, its
 * run data as `n8n execute` prints it (runData per node, and the run's error), so that `nodeOutput` reads it.
 */
export async function manualRun(session: RestSession, workflowId: string, timeoutMs = 120_000): Promise<N8nRun> {
  const execution = await runTriggerManually(session, workflowId, 'Start', timeoutMs);
  return { status: execution.status, mode: execution.mode, data: execution.data } as unknown as N8nRun;
}

/** Declares the suite's tests (in order) inside the calling describe. */
export function declareInstalledTests(opts: InstalledSuiteOptions): void {
  const p = opts.prefix ?? '';
  const typesTest = `${p}installed from a registry: the node types ${PACKAGE}.* and the credential type load in the editor's lists`;
  const n8n = new InstalledN8n(opts, typesTest);
  const timed = n8n.clock.timed;
  beforeAll(() => n8n.setup(), 1_200_000);
  afterAll(() => n8n.teardown(), 120_000);

  it(
    `${p}installed from a registry: Settings → Community nodes (REST) installs ${PACKAGE} 1.0.0 from the local registry`,
    n8n.check(async () => {
      await expect(listCommunityPackages(n8n.session)).resolves.toEqual([]);
      const installed = await timed('install through n8n (POST /rest/community-packages)', () =>
        installCommunityPackage(n8n.session, PACKAGE),
      );
      expect(installed).toMatchObject({ packageName: PACKAGE, installedVersion: '1.0.0' });
      expect(installed.installedNodes.map((node) => node.type).sort()).toEqual(Object.values(INSTALLED_TYPES).sort());
      // n8n fetched the tarball from our registry (through the proxy standing in for registry.npmjs.org).
      expect(n8n.registry.proxy.forwarded()).toContain(`GET /${PACKAGE}/-/${PACKAGE}-1.0.0.tgz`);
      const listed = await listCommunityPackages(n8n.session);
      expect(listed).toEqual([expect.objectContaining({ packageName: PACKAGE, installedVersion: '1.0.0' })]);
      expect(listed[0]?.failedLoading ?? false).toBe(false);
      expect(existsSync(path.join(n8n.home.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE, 'package.json'))).toBe(
        true,
      );
    }),
    300_000,
  );

  it(
    typesTest,
    n8n.check(async () => {
      const types = await installedTypes(n8n.session);
      for (const type of Object.values(INSTALLED_TYPES)) expect(types).toContain(type);
      expect(types.some((type) => type.startsWith('CUSTOM.'))).toBe(false);
      expect(await credentialTypeNames(n8n.session)).toContain('commerceServiceApi');
      // n8n saves credentials of that type and workflows of those nodes: the later steps' set-up.
      await n8n.fixtures.run();
    }),
  );

  if (opts.scope !== 'versionSpecific') {
    it(
      `${p}installed from a registry: credential test passes with the right key and fails with a wrong key or API root`,
      n8n.check(async () => {
        const { credentials } = await n8n.fixtures.read();
        const refs = { good: credentials.real, wrongKey: credentials.wrongKey };
        await expectCredentialTests(n8n.session, n8n.stores.real, refs, opts.credentialMessages);
      }),
    );

    const actions = n8n.actionRun(`${p}installed from a registry: the all-actions run as a whole succeeded`);
    it(actions.owner, async () => {
      const result = await actions.run();
      expect({ status: result.status, error: result.data.resultData.error ?? null }).toEqual({
        status: 'success',
        error: null,
      });
    });

    describe.each(['real', 'spec'] as const)(`${p}installed from a registry: every action (%s profile)`, (profile) => {
      it.each(ACTION_CASES.map((c) => [c.name, c] as const))('%s returns the sandbox records', async (_name, c) => {
        await expectActionCase(await actions.read(), profile, n8n.stores[profile], c, n8n.inputs);
      });
    });

    it(
      `${p}installed from a registry: webhook trigger: activate → one hook, a purchase → an execution, deactivate → no hook`,
      n8n.check(async () => {
        const { workflows } = await n8n.fixtures.read();
        await expectTriggerLifecycle(n8n.ctx, n8n.stores.real, workflows.triggerReal, WEBHOOK.real);
      }),
    );

    it(
      `${p}installed from a registry: polling trigger's manual test ("Fetch Test Event") returns the newest paid order`,
      n8n.check(async () => {
        const { workflows } = await n8n.fixtures.read();
        const [orderId] = await purchase(n8n.stores.real, 1);
        expect(await newestOrderId(n8n.stores.real)).toBe(orderId);
        const execution = await timed('polling trigger manual run', () =>
          runTriggerManually(n8n.session, workflows.poll, POLL_NODE),
        );
        expect({ status: execution.status, mode: execution.mode }).toEqual({ status: 'success', mode: 'manual' });
        const order = await clientFor(n8n.stores.real).getOrder(String(orderId));
        const items = executionNodeOutput(execution, POLL_NODE);
        expect(items).toHaveLength(1);
        expect(items[0]).toMatchObject({ id: orderId, customer_email: order.customer_email, status: 'paid' });
      }),
    );
  }

  it(
    `${p}installed from a registry: update to 1.0.1 through n8n's update (PATCH): the active workflow keeps working with exactly one hook`,
    n8n.check(async () => {
      const store = n8n.stores.real;
      const workflowId = (await n8n.fixtures.read()).workflows.triggerReal;
      await activateWorkflow(n8n.session, workflowId);
      const before = hookSummary(store);
      expect(before).toHaveLength(1);
      await timed('publish 1.0.1', () => n8n.registry.publish(n8n.tarball, { version: '1.0.1' }));
      await expect(listCommunityPackages(n8n.session)).resolves.toEqual([
        expect.objectContaining({
          packageName: PACKAGE,
          installedVersion: '1.0.0',
          ...(opts.listsUpdates ? { updateAvailable: '1.0.1' } : {}),
        }),
      ]);
      const updated = await timed('update through n8n (PATCH /rest/community-packages)', () =>
        updateCommunityPackage(n8n.session, PACKAGE, { version: '1.0.1' }),
      );
      expect(updated).toMatchObject({ packageName: PACKAGE, installedVersion: '1.0.1' });
      expect(n8n.registry.proxy.forwarded()).toContain(`GET /${PACKAGE}/-/${PACKAGE}-1.0.1.tgz`);
      const listed = await listCommunityPackages(n8n.session);
      expect(listed).toEqual([expect.objectContaining({ installedVersion: '1.0.1' })]);
      expect(listed[0]?.updateAvailable).toBeUndefined();
      // Still active, still exactly one hook at the same URL, and a purchase still runs the workflow.
      const workflow = await rest<{ active: boolean }>(n8n.session, 'GET', `/workflows/${workflowId}`);
      expect(workflow.active).toBe(true);
      const oneHook = [{ id: expect.any(String), hookUrl: before[0]?.hookUrl, statuses: ['purchased'] }];
      expect(hookSummary(store)).toEqual(oneHook);
      await expectPurchaseRuns(n8n.ctx, store, workflowId, WEBHOOK.real);
      expect(hookSummary(store)).toEqual(oneHook);
    }),
    300_000,
  );

  it(
    `${p}installed from a registry: uninstall: after deactivating its workflow no hook is left, and the package is gone from n8n`,
    n8n.check(async () => {
      await deactivateWorkflow(n8n.session, (await n8n.fixtures.read()).workflows.triggerReal);
      expect(n8n.stores.real.hooks()).toEqual([]);
      await timed('uninstall through n8n (DELETE /rest/community-packages)', () =>
        uninstallCommunityPackage(n8n.session, PACKAGE),
      );
      await expect(listCommunityPackages(n8n.session)).resolves.toEqual([]);
      await expect(installedTypes(n8n.session)).resolves.toEqual([]);
      expect(existsSync(path.join(n8n.home.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE))).toBe(false);
      expect(n8n.stores.real.hooks()).toEqual([]);
    }),
    120_000,
  );

  if (opts.scope !== 'versionSpecific') {
    it(
      `${p}installed from a registry, bad input: a package that fails to install and a missing version are named, and n8n keeps running`,
      n8n.check(async () => {
        // A package whose nodes cannot load: package.json names a node file the tarball does not have.
        const broken = `${PACKAGE}-broken`;
        await n8n.registry.publish(n8n.tarball, {
          manifest: {
            name: broken,
            n8n: { n8nNodesApiVersion: 1, credentials: [], nodes: ['dist/nodes/Missing/Missing.node.js'] },
          },
        });
        const failure = await installCommunityPackage(n8n.session, broken).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(CommunityPackageError);
        expect(failure).toMatchObject({ step: 'install', packageName: broken });
        expect((failure as Error).message).toMatch(
          new RegExp(`^n8n could not install community package "${broken}": `),
        );
        expect((failure as CommunityPackageError).n8nMessage).not.toBe('');
        expect(await n8n.healthy()).toBe(true);
        await expect(listCommunityPackages(n8n.session)).resolves.toEqual([]);

        const missing = await installCommunityPackage(n8n.session, PACKAGE, { version: '9.9.9' }).catch(
          (e: unknown) => e,
        );
        expect(missing).toBeInstanceOf(CommunityPackageError);
        expect((missing as Error).message).toMatch(/could not install community package "n8n-nodes-commerce-service"/);
        expect(await n8n.healthy()).toBe(true);
      }),
      300_000,
    );

    it(
      `${p}installed from a registry, nodes-API level: the package declaring level 3 is refused by this n8n (it supports up to 1), and n8n keeps running`,
      n8n.check(async () => {
        // The same tarball, declaring the level n8n's 3.x branch supports (docs/n8n-3.md).
        const ahead = `${PACKAGE}-level-3`;
        const { n8n: declared } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'n8n', 'package.json'), 'utf8')) as {
          n8n: Record<string, unknown>;
        };
        expect(declared.n8nNodesApiVersion).toBe(1);
        await n8n.registry.publish(n8n.tarball, {
          manifest: { name: ahead, n8n: { ...declared, n8nNodesApiVersion: 3 } },
        });
        const refused = await installCommunityPackage(n8n.session, ahead).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(CommunityPackageError);
        expect(refused).toMatchObject({ step: 'install', packageName: ahead, status: 400 });
        expect((refused as CommunityPackageError).n8nMessage).toContain("isn't compatible with your version of n8n");
        expect(await n8n.healthy()).toBe(true);
        await expect(listCommunityPackages(n8n.session)).resolves.toEqual([]);
        expect(existsSync(path.join(n8n.home.userFolder, '.n8n', 'nodes', 'node_modules', ahead))).toBe(false);
      }),
      300_000,
    );

    it(
      `${p}installed from a registry, bad input: with the registry down the install fails with n8n's reason, and n8n keeps running`,
      n8n.check(async () => {
        await n8n.registry.stop();
        const failure = await installCommunityPackage(n8n.session, PACKAGE).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(CommunityPackageError);
        expect(failure).toMatchObject({ step: 'install', packageName: PACKAGE });
        expect((failure as CommunityPackageError).n8nMessage).not.toBe('');
        expect(await n8n.healthy()).toBe(true);
        await expect(listCommunityPackages(n8n.session)).resolves.toEqual([]);
      }),
      300_000,
    );

    it(
      `${p}installed from a registry, bad input: with community packages turned off, the message says which setting to change`,
      n8n.check(async () => {
        await n8n.server?.stop();
        await n8n.start(false);
        const failure = await installCommunityPackage(n8n.session, PACKAGE).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(CommunityPackageError);
        expect((failure as Error).message).toContain(`Set ${COMMUNITY_SETTINGS.enabled}=true`);
        expect((failure as Error).message).toContain(n8n.session.url);
        expect(await n8n.healthy()).toBe(true);
      }),
      300_000,
    );
  }
}
