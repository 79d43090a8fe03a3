/**
 * The e2e n8n fixture: one n8n 2.41 (SQLite, the package from n8n/dist) per jest run, started once by
 * jest's global set-up (./globalSetup.ts) and shared by every suite that calls `useSharedN8n`. A suite
 * gets a logged-in REST session and makes its own credentials and workflows through n8n's REST API, as
 * the editor does; after the suite the fixture checks that it left no active workflow and no hook in
 * its stores (a failing check fails the suite), then deletes what it made.
 *
 * A suite that needs a process of its own (a restart, a kill, a setting that cannot change at run
 * time) calls `useOwnN8n(reason, ...)`: the same interface on an n8n of its own, plus stop/start.
 *
 *   const n8n = useSharedN8n('n8n verify e2e');
 *   beforeAll(async () => {
 *     store = await n8n.sandbox({ profile: 'spec' });
 *     const cred = await n8n.addCredential(store, 'Sandbox for verification');
 *     await n8n.addWorkflows([triggerWorkflow({ id: WF, webhookId, credential: cred, event: 'purchased' })]);
 *   });
 *
 * N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1 keeps user folders.
 */
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, type SandboxOptions, type SandboxProfile, startSandbox } from '../../../sandbox';
import { ensureN8n, type N8nInstall } from '../../../scripts/n8n/install';
import {
  ensureOwner,
  login,
  rest,
  saveCredential,
  saveWorkflow,
  startN8n,
  webhookUrlFor,
  type N8nHome,
  type N8nInstance,
  type N8nWorkflowJson,
  type RestSession,
} from '../../../scripts/n8n/instance';
import { sandboxCredential, type CredentialRef } from '../../../scripts/start/examples';
import { triggerWorkflow } from '../../../scripts/kit/workflows';
import { HOOK_SECRET_PARAM } from '../../../shared/src/triggers/guard';
import { ROOT, timer, withOutput, type LifecycleContext } from './steps';

/** Where the global set-up tells the suites about the shared n8n (a JSON file: SharedN8nState). */
export const SHARED_N8N_ENV = 'COMMERCE_E2E_SHARED_N8N';
/** What a test file calls to ride on the shared n8n; the global set-up starts n8n only when a selected file has it. */
export const SHARED_MARKER = 'useSharedN8n(';

interface SharedN8nState {
  url: string;
  userFolder: string;
  version: string;
  email: string;
  password: string;
  /** n8n's output, one line each, appended as it comes. */
  logFile: string;
}

const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);

/** The N8nHome of an n8n that loads the package from n8n/dist, logging to `logFile` too when given. */
function packageHome(install: N8nInstall, userFolder: string, logFile?: string): N8nHome {
  const log = (line: string) => {
    if (logFile) appendFileSync(logFile, `${line}\n`);
    if (VERBOSE) process.stderr.write(`${line}\n`);
  };
  return {
    install,
    userFolder,
    customExtensions: path.join(ROOT, 'n8n', 'dist'),
    ...(logFile || VERBOSE ? { log } : {}),
  };
}

/** Starts the shared n8n (global set-up): a fresh user folder, the owner set up, its state written to `stateFile`. */
export async function startSharedN8n(stateFile: string): Promise<N8nInstance> {
  const install = await ensureN8n();
  const userFolder = mkdtempSync(path.join(tmpdir(), 'n8n-shared-e2e-'));
  const logFile = path.join(userFolder, 'n8n.log');
  appendFileSync(logFile, '');
  const server = await startN8n({ ...packageHome(install, userFolder, logFile), readyTimeoutMs: 180_000 });
  const owner = await ensureOwner(server);
  const state: SharedN8nState = {
    url: server.url,
    userFolder,
    version: install.version,
    email: owner.email,
    password: owner.password,
    logFile,
  };
  appendFileSync(stateFile, JSON.stringify(state));
  return server;
}

/** Stops the shared n8n and removes its folder (global tear-down). */
export async function stopSharedN8n(server: N8nInstance): Promise<void> {
  await server.stop();
  if (!process.env.N8N_E2E_KEEP) rmSync(server.userFolder, { recursive: true, force: true });
  else process.stderr.write(`kept the shared n8n's user folder ${server.userFolder}\n`);
}

/**
 * The trigger's log line when it subscribes or deletes a hook (shared/src/triggers/hooks.ts), and
 * n8n 2.x's warning when it gives up deleting a trigger's webhook at unpublish.
 */
const HOOK_LOG_LINE = /\bhook \S+ was (subscribed|deleted|already gone)\b|Abandoned webhook/;

/** The n8n a suite works with: its own part of a shared n8n, or a process of its own. */
export class SuiteN8n {
  session!: RestSession;
  url = '';
  readonly clock;
  readonly timed;
  /** Production webhooks are received by this n8n. */
  readonly ctx: LifecycleContext = {
    session: () => this.session,
    hookUrl: (webhookId) => this.webhookUrl(webhookId, 'webhook'),
  };
  protected readonly stores: Sandbox[] = [];
  protected readonly workflowIds: string[] = [];
  protected readonly credentialIds: string[] = [];

  constructor(title: string) {
    this.clock = timer(title);
    this.timed = this.clock.timed;
  }

  webhookUrl(...parts: string[]): string {
    return webhookUrlFor(this.url, parts);
  }

  /** n8n's output while this suite ran (its last lines when the suite has its own process). */
  output(): string {
    return '';
  }

  /**
   * The lines searched for a hook's log when one is left: `output()` here (the shared n8n's whole log
   * since the suite opened; a process of the suite's own keeps its last 300 lines). The queue-mode
   * suite, whose `output()` is each role's last lines, gives the main's whole log instead.
   */
  protected wholeOutput(): string {
    return this.output();
  }

  /** A test body whose failure message ends with n8n's output of this suite. */
  check(fn: () => Promise<void>): () => Promise<void> {
    return withOutput(() => [['n8n', this.output()]], fn);
  }

  /** A sandbox store for this suite, closed after it (the fixture checks it has no hook left). */
  async sandbox(opts: Omit<SandboxOptions, 'port'> & { profile: SandboxProfile }): Promise<Sandbox> {
    const store = await startSandbox({ quiet: true, ...opts, port: 0 });
    this.stores.push(store);
    return store;
  }

  /**
   * A Commerce Service credential for `store`, made through n8n's REST API (as the editor saves one);
   * n8n assigns its id. `data` replaces the store's own (e.g. a wrong key: wrongKeyCredential in ./steps).
   */
  async addCredential(
    store: Sandbox,
    name: string,
    data: Record<string, unknown> = sandboxCredential(store).data,
  ): Promise<CredentialRef> {
    const made = await saveCredential(this.session, { name, type: sandboxCredential(store).type, data });
    this.credentialIds.push(made.id);
    return made;
  }

  /** Saves the suite's workflows (their fixed ids kept), inactive, as the editor's Save does. */
  async addWorkflows(workflows: N8nWorkflowJson[]): Promise<void> {
    for (const workflow of workflows) {
      this.workflowIds.push(await saveWorkflow(this.session, workflow));
    }
  }

  /**
   * A store, a credential for it and a saved, inactive webhook trigger workflow on that credential
   * (`Trigger` → `Received`, n8n/workflows.ts): the set-up of a suite about one trigger.
   */
  async storeWithTrigger(
    opts: Omit<SandboxOptions, 'port'> & { profile: SandboxProfile },
    credentialName: string,
    trigger: Omit<Parameters<typeof triggerWorkflow>[0], 'credential'>,
  ): Promise<Sandbox> {
    const store = await this.sandbox(opts);
    const credential = await this.addCredential(store, credentialName);
    await this.addWorkflows([triggerWorkflow({ ...trigger, credential })]);
    return store;
  }

  /** After the suite: no workflow of it active, no hook in its stores; then what it made is deleted. */
  async leaveClean(): Promise<void> {
    const active: string[] = [];
    for (const id of this.workflowIds) {
      const workflow = await rest<{ active: boolean }>(this.session, 'GET', `/workflows/${id}`);
      if (workflow.active) active.push(id);
    }
    // A hook left is named by its id, when it was made and its URL, the per-hook secret masked (a
    // failure message is a log line): the id and time tell which activation made it.
    const secret = new RegExp(`([?&]${HOOK_SECRET_PARAM}=)[^&]*`);
    const hooks = this.stores.flatMap((store) =>
      store.hooks().map((hook) => `${hook.id} (made ${hook.createdAt}) ${hook.hookUrl.replace(secret, '$1***')}`),
    );
    // With a hook left, the trigger's log lines of its hooks (ids only) say which delete never came.
    const hookLog =
      hooks.length > 0
        ? this.wholeOutput()
            .split('\n')
            .filter((line) => HOOK_LOG_LINE.test(line))
        : [];
    expect({ activeWorkflows: active, hooksLeft: hooks, ...(hooks.length > 0 ? { hookLog } : {}) }).toEqual({
      activeWorkflows: [],
      hooksLeft: [],
    });
    for (const id of this.workflowIds) {
      await rest(this.session, 'POST', `/workflows/${id}/archive`, {});
      await rest(this.session, 'DELETE', `/workflows/${id}`);
    }
    for (const id of this.credentialIds) await rest(this.session, 'DELETE', `/credentials/${id}`);
  }

  /** Stops what the suite started (its stores; an n8n of its own). */
  async close(): Promise<void> {
    await Promise.all(this.stores.map((store) => store.close()));
  }
}

/** Opens `n8n` before the suite's tests; after them checks it is left clean, then closes it. */
function registerHooks<T extends SuiteN8n & { open(): Promise<void> }>(n8n: T, openTimeoutMs: number): T {
  beforeAll(() => n8n.open(), openTimeoutMs);
  afterAll(async () => {
    try {
      await n8n.leaveClean();
    } finally {
      await n8n.close();
      n8n.clock.print();
    }
  }, 120_000);
  return n8n;
}

/** This suite's part of the shared n8n (read from the state the global set-up wrote). */
class SharedSuiteN8n extends SuiteN8n {
  private logFile = '';
  private logFrom = 0;

  async open(): Promise<void> {
    const file = process.env[SHARED_N8N_ENV];
    if (!file)
      throw new Error(
        `no shared n8n: run the suite with jest's e2e config (jest --config jest.e2e.config.js), whose global set-up starts it (${SHARED_N8N_ENV} is unset)`,
      );
    const state = JSON.parse(readFileSync(file, 'utf8')) as SharedN8nState;
    this.url = state.url;
    this.logFile = state.logFile;
    this.logFrom = statSync(state.logFile).size;
    this.session = await login(state.url, state.email, state.password);
  }

  override output(): string {
    const size = statSync(this.logFile).size;
    const buffer = Buffer.alloc(size - this.logFrom);
    const fd = openSync(this.logFile, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, this.logFrom);
    } finally {
      closeSync(fd);
    }
    return buffer.toString('utf8');
  }
}

/** Rides on the run's shared n8n (call inside the suite's describe, before its own beforeAll). */
export function useSharedN8n(title: string): SuiteN8n {
  return registerHooks(new SharedSuiteN8n(title), 60_000);
}

/** A suite's n8n of its own: the same interface, plus stop and start (on the same port: webhook URLs stay). */
export class OwnN8n extends SuiteN8n {
  server: N8nInstance | undefined;
  home!: N8nHome;
  private userFolder = '';

  constructor(
    title: string,
    private readonly folderPrefix: string,
    private readonly env?: Record<string, string>,
  ) {
    super(title);
  }

  async open(): Promise<void> {
    const install = await this.timed('ensureN8n (cached)', () => ensureN8n());
    // n8n/dist as the global set-up built it (or built here, when no selected file shares the run n8n).
    // Imported here, not at the top: globalSetup.ts imports this module (and one that extends SuiteN8n).
    const { buildN8n } = await import('./globalSetup');
    await this.timed('build:n8n (unless built)', () => buildN8n());
    this.userFolder = mkdtempSync(path.join(tmpdir(), this.folderPrefix));
    this.home = { ...packageHome(install, this.userFolder), ...(this.env ? { env: this.env } : {}) };
    await this.start();
  }

  /** Starts n8n (on `port`, or a free one) and logs in as the owner. */
  async start(port?: number): Promise<void> {
    this.server = await this.timed(port ? 'n8n restart to ready' : 'n8n start to ready', () =>
      startN8n({ ...this.home, ...(port ? { port } : {}), readyTimeoutMs: 180_000 }),
    );
    this.url = this.server.url;
    this.session = (await ensureOwner(this.server)).session;
  }

  async stop(): Promise<void> {
    await this.timed('n8n stop', () => (this.server as N8nInstance).stop());
  }

  /** Stops n8n and starts it again on the same port (so production webhook URLs stay the same). */
  async restart(): Promise<void> {
    const port = this.server?.port;
    await this.stop();
    await this.start(port);
  }

  override output(): string {
    return this.server?.output() ?? '';
  }

  override async close(): Promise<void> {
    await super.close();
    await this.server?.stop();
    if (this.userFolder && !process.env.N8N_E2E_KEEP) rmSync(this.userFolder, { recursive: true, force: true });
  }
}

/**
 * An n8n of the suite's own; `reason` says in one line why it cannot share (a restart, a kill, a
 * setting that cannot change at run time). It is checked like a shared one after the suite.
 */
export function useOwnN8n(
  reason: string,
  title: string,
  folderPrefix: string,
  /** Settings n8n reads at start (e.g. N8N_SCHEDULER_ENABLED), for the suite's own process. */
  env?: Record<string, string>,
): OwnN8n {
  if (!reason.trim()) throw new Error('useOwnN8n needs the reason the suite cannot share the run n8n');
  return registerHooks(new OwnN8n(title, folderPrefix, env), 300_000);
}
