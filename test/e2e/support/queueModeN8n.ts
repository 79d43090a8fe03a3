/**
 * A queue-mode stack of a suite's own (scripts/n8n/queue.ts: a throwaway Postgres and Redis, the main,
 * one worker, one webhook processor, the package in all three) against one sandbox store (real
 * profile unless the suite asks for another), registered as jest hooks: for a suite that cannot ride
 * on the run's shared stack (./sharedQueueMode.ts) because it needs settings the processes read at
 * start. Each suite gives its own credentials and workflows, saved through the main's REST API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, type SandboxProfile, startSandbox } from '../../../sandbox';
import { ensureN8n } from '../../../scripts/n8n/install';
import {
  ensureOwner,
  saveCredential,
  saveWorkflow,
  type N8nCredentialJson,
  type N8nWorkflowJson,
  type RestSession,
} from '../../../scripts/n8n/instance';
import { prepareQueueMode, type QueueMode, type QueueRole } from '../../../scripts/n8n/queue';
import { freePort } from '../../../scripts/services/ports';
import type { CredentialRef } from '../../../scripts/start/examples';
import { buildN8n } from './globalSetup';
import { ROOT, timer, withOutput } from './steps';

export interface QueueModeOptions {
  /** Names the suite's timing line. */
  title: string;
  /** Prefix of the temporary folder of the three n8n user folders. */
  folderPrefix: string;
  /** Credentials to save (their `id` is n8n's to choose: the workflows get the saved ones). */
  credentials: (store: Sandbox) => N8nCredentialJson[];
  /** Workflows to save, inactive, given the saved credentials in the order asked for. */
  workflows: (credentials: CredentialRef[]) => N8nWorkflowJson[];
  /** Extra env for the three n8n processes, given the main's and the webhook processor's URLs. */
  env?: (urls: { main: string; webhook: string }) => Record<string, string>;
  /** The sandbox store's profile (default `real`: deliveries carry the secret) and PHP workers (default: the sandbox's). */
  store?: { profile?: SandboxProfile; phpWorkers?: number };
  /** Extra env for one n8n process, once the store's address is known. */
  roleEnv?: (store: Sandbox) => Partial<Record<QueueRole, Record<string, string>>>;
}

const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);

/** The state of one suite's queue-mode n8n; its fields are set by the hooks useQueueModeN8n registers. */
export class QueueModeN8n {
  store!: Sandbox;
  session!: RestSession;
  private started: QueueMode | undefined;
  private baseFolder = '';
  private readonly clock;
  readonly timed;

  constructor(private readonly opts: QueueModeOptions) {
    this.clock = timer(opts.title);
    this.timed = this.clock.timed;
  }

  /** The running processes (main, worker, webhook processor), Postgres and Redis. */
  get topology(): QueueMode {
    if (!this.started) throw new Error('queue mode is used before its beforeAll ran');
    return this.started;
  }

  /** The end of each process' output (undefined for one that is not running). */
  outputs(): Array<[string, string | undefined]> {
    const safe = (fn: () => string) => {
      try {
        return fn();
      } catch {
        return undefined; // that process is not running
      }
    };
    return [
      ['n8n main', safe(() => this.started?.main.output() ?? '')],
      ['n8n worker', safe(() => this.started?.worker.output() ?? '')],
      ['n8n webhook', safe(() => this.started?.webhook.output() ?? '')],
    ];
  }

  /** A test body whose failure message ends with every process' last output lines. */
  check(fn: () => Promise<void>): () => Promise<void> {
    return withOutput(() => this.outputs(), fn);
  }

  /** Logs in to the (current) main as the owner. */
  async login(): Promise<void> {
    this.session = (await ensureOwner(this.topology.mainInstance())).session;
  }

  /**
   * Installs (cached) and builds, starts the store, Postgres and Redis and n8n's three processes (the
   * main migrates the database), then saves the credentials and workflows through REST (a CLI import
   * would start n8n once more for each).
   */
  async setup(): Promise<void> {
    const install = await this.timed('ensureN8n (cached)', () => ensureN8n());
    await this.timed('npm run build:n8n (unless the global set-up did)', buildN8n);
    const { profile = 'real', phpWorkers } = this.opts.store ?? {};
    this.store = await startSandbox({ port: 0, profile, quiet: true, ...(phpWorkers ? { phpWorkers } : {}) });
    const roleEnv = this.opts.roleEnv?.(this.store);
    this.baseFolder = mkdtempSync(path.join(tmpdir(), this.opts.folderPrefix));
    const log = VERBOSE ? (line: string) => process.stderr.write(`${line}\n`) : undefined;
    const ports = { main: await freePort(), webhook: await freePort() };
    const env = this.opts.env?.({
      main: `http://127.0.0.1:${ports.main}`,
      webhook: `http://127.0.0.1:${ports.webhook}`,
    });
    const topology = await this.timed('Postgres + Redis start', () =>
      prepareQueueMode({
        install,
        baseFolder: this.baseFolder,
        customExtensions: path.join(ROOT, 'n8n', 'dist'),
        ...(roleEnv ? { roleEnv } : {}),
        ...(log ? { log } : {}),
        ...(env ? { env } : {}),
        ports,
        readyTimeoutMs: 240_000,
      }),
    );
    this.started = topology;
    await this.timed('main (Postgres migrations), worker and webhook processor to ready', () => topology.startN8n());
    process.stderr.write(`queue mode topology:\n  ${topology.describe().join('\n  ')}\n`);
    await this.login();
    await this.timed('save credentials and workflows (REST)', async () => {
      const saved: CredentialRef[] = [];
      for (const credential of this.opts.credentials(this.store))
        saved.push(await saveCredential(this.session, credential));
      for (const workflow of this.opts.workflows(saved)) await saveWorkflow(this.session, workflow);
    });
  }

  async teardown(): Promise<void> {
    await this.timed('stop all', async () => this.started?.stop());
    await this.store?.close();
    if (this.baseFolder && !process.env.N8N_E2E_KEEP) rmSync(this.baseFolder, { recursive: true, force: true });
    else if (this.baseFolder) process.stderr.write(`kept n8n user folders under ${this.baseFolder}\n`);
    this.clock.print();
  }
}

/** The suite's queue-mode n8n, set up before its tests and torn down after them (call inside its describe). */
export function useQueueModeN8n(opts: QueueModeOptions): QueueModeN8n {
  const n8n = new QueueModeN8n(opts);
  beforeAll(() => n8n.setup(), 900_000);
  afterAll(() => n8n.teardown(), 120_000);
  return n8n;
}
