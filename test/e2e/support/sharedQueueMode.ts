/**
 * The e2e queue-mode fixture: one n8n 2.41 queue-mode stack per jest run (scripts/n8n/queue.ts:
 * Postgres, Redis, the main, one worker, one webhook processor, the package from n8n/dist in all
 * three), started once by jest's global set-up (./globalSetup.ts) when a selected file calls
 * `useSharedQueueMode`, as single-process n8n is shared (./sharedN8n.ts). A suite makes its own
 * stores, credentials and workflows through the main's REST API; after it, the fixture checks that it
 * left no active workflow and no hook in its stores, then deletes what it made.
 *
 * Suites run side by side on the stack. A test holds it shared (`check`); a test that stops or
 * restarts one of its processes holds it alone (`alone`): it waits for the tests holding it to end,
 * and the others wait for it. The processes belong to the global set-up's process, so a suite asks it
 * to stop and start them over a small HTTP control server on 127.0.0.1 (its address is in the state).
 * Each process' output goes to a log file of its role, across restarts; a suite reads the part
 * written since it opened.
 *
 *   const n8n = useSharedQueueMode('queue mode e2e');
 *   beforeAll(n8n.check(async () => { store = await n8n.sandbox({ profile: 'real' }); ... }), 60_000);
 *   it('...', n8n.check(async () => { ... ranOn(n8n.process('worker'), id) ... }));
 *   it('...', n8n.alone(async () => { await n8n.restart('main'); ... }));
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureN8n } from '../../../scripts/n8n/install';
import { ensureOwner, login, webhookUrlFor } from '../../../scripts/n8n/instance';
import { prepareQueueMode, QUEUE_PROCESSES, type QueueMode, type QueueRole } from '../../../scripts/n8n/queue';
import type { PostgresServer } from '../../../scripts/services/postgres';
import { treeCpuSeconds } from '../../../scripts/kit/burst';
import { SuiteN8n } from './sharedN8n';
import { ROOT, withOutput } from './steps';

/** Where the global set-up tells the suites about the shared stack (a JSON file: SharedQueueState). */
export const SHARED_QUEUE_ENV = 'COMMERCE_E2E_SHARED_QUEUE';
/** What a test file calls to ride on the shared stack; the global set-up starts it only when a selected file has it. */
export const SHARED_QUEUE_MARKER = 'useSharedQueueMode(';

type Hold = 'shared' | 'exclusive';
const ROLES: readonly QueueRole[] = QUEUE_PROCESSES.map((spec) => spec.role);
/** A hold not granted in this time fails the test, naming who holds the stack (a suite that died holding it). */
const HOLD_WAIT_MS = 12 * 60_000;

interface SharedQueueState {
  mainUrl: string;
  webhookBase: string;
  control: string;
  email: string;
  password: string;
  postgres: Pick<PostgresServer, 'host' | 'port' | 'user' | 'database'>;
  /** Each n8n role's output, one line each, appended as it comes (across restarts). */
  logs: Record<QueueRole, string>;
}

const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);

/** The running stack and its control server (the global set-up's). */
export interface RunningQueueMode {
  topology: QueueMode;
  control: http.Server;
  baseFolder: string;
}

/** Readers and writers of the stack: shared holds together, an exclusive one alone, first come first served. */
class StackLock {
  private readonly holders = new Map<string, { hold: Hold; who: string }>();
  private readonly waiting: Array<{ hold: Hold; who: string; token: string; grant: () => void }> = [];

  acquire(hold: Hold, who: string, waitMs: number): Promise<string> {
    const token = randomUUID();
    return new Promise((granted, refused) => {
      const timer = setTimeout(() => {
        const index = this.waiting.findIndex((w) => w.token === token);
        if (index >= 0) this.waiting.splice(index, 1);
        refused(new Error(`not granted in ${waitMs / 1000} s; held by ${this.describe()}`));
      }, waitMs);
      const grant = () => {
        clearTimeout(timer);
        granted(token);
      };
      this.waiting.push({ hold, who, token, grant });
      this.pump();
    });
  }

  release(token: string): void {
    this.holders.delete(token);
    this.pump();
  }

  holdsAlone(token: string): boolean {
    return this.holders.get(token)?.hold === 'exclusive';
  }

  private pump(): void {
    for (let next = this.waiting[0]; next; next = this.waiting[0]) {
      const exclusiveHeld = [...this.holders.values()].some((h) => h.hold === 'exclusive');
      if (next.hold === 'shared' ? exclusiveHeld : this.holders.size > 0) return;
      this.waiting.shift();
      this.holders.set(next.token, { hold: next.hold, who: next.who });
      next.grant();
    }
  }

  private describe(): string {
    return [...this.holders.values()].map((h) => `${h.who} (${h.hold})`).join(', ') || 'nobody';
  }
}

/**
 * The control server: POST /hold {hold, who} → {token}; /release {token}; /process {token, role,
 * action: stop | kill | start};
 * /cpu {role} → {seconds}, the CPU the role's process and its children have used so far.
 */
function controlServer(topology: QueueMode): http.Server {
  const lock = new StackLock();
  const act = async (route: string, body: Record<string, string>): Promise<unknown> => {
    if (route === '/hold') return { token: await lock.acquire(body.hold as Hold, body.who ?? '?', HOLD_WAIT_MS) };
    if (route === '/release') {
      lock.release(body.token ?? '');
      return {};
    }
    const role = body.role as QueueRole;
    if (route === '/cpu' && ROLES.includes(role)) return { seconds: treeCpuSeconds(topology[role].pid) };
    if (route !== '/process' || !ROLES.includes(role)) throw new Error(`no control route ${route} for ${body.role}`);
    if (!lock.holdsAlone(body.token ?? ''))
      throw new Error(`stopping or starting n8n ${role} needs the stack held alone`);
    if (body.action === 'stop') {
      await topology.stopProcess(role);
      return {};
    }
    if (body.action === 'kill') {
      await topology.killProcess(role);
      return {};
    }
    if (body.action === 'start') return { pid: (await topology.startProcess(role)).pid };
    throw new Error(`no action ${JSON.stringify(body.action)} (stop, kill or start)`);
  };
  return http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      act(req.url ?? '', JSON.parse(text || '{}') as Record<string, string>).then(
        (answer) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
        (error: unknown) => res.writeHead(409).end(error instanceof Error ? error.message : String(error)),
      );
    });
  });
}

/** Starts the shared stack (global set-up): Postgres, Redis, the three n8n processes, the owner, the control server. */
export async function startSharedQueueMode(stateFile: string): Promise<RunningQueueMode> {
  const install = await ensureN8n();
  const baseFolder = mkdtempSync(path.join(tmpdir(), 'n8n-queue-shared-e2e-'));
  const logs = Object.fromEntries(ROLES.map((role) => [role, path.join(baseFolder, `${role}.log`)])) as Record<
    QueueRole,
    string
  >;
  for (const file of Object.values(logs)) appendFileSync(file, '');
  // Lines come prefixed with the process' label (scripts/services/supervise.ts): route them by it.
  const byLabel = QUEUE_PROCESSES.map((spec) => [`[${spec.label}] `, logs[spec.role]] as const);
  const log = (line: string) => {
    const file = byLabel.find(([prefix]) => line.startsWith(prefix))?.[1];
    if (file) appendFileSync(file, `${line}\n`);
    if (VERBOSE) process.stderr.write(`${line}\n`);
  };
  const topology = await prepareQueueMode({
    install,
    baseFolder,
    customExtensions: path.join(ROOT, 'n8n', 'dist'),
    log,
    readyTimeoutMs: 240_000,
  });
  let control: http.Server | undefined;
  try {
    // The main migrates the empty database at its start, before the worker and webhook processor start.
    await topology.startN8n();
    const owner = await ensureOwner(topology.mainInstance());
    control = controlServer(topology);
    await new Promise<void>((listening) => control?.listen(0, '127.0.0.1', listening));
    const { port } = control.address() as AddressInfo;
    const state: SharedQueueState = {
      mainUrl: topology.mainInstance().url,
      webhookBase: topology.webhookBase,
      control: `http://127.0.0.1:${port}`,
      email: owner.email,
      password: owner.password,
      postgres: topology.postgres,
      logs,
    };
    appendFileSync(stateFile, JSON.stringify(state));
  } catch (error) {
    control?.close();
    await topology.stop();
    throw error;
  }
  return { topology, control, baseFolder };
}

/** Stops the shared stack and removes its folders (global tear-down). */
export async function stopSharedQueueMode(running: RunningQueueMode): Promise<void> {
  running.control.close();
  await running.topology.stop();
  if (!process.env.N8N_E2E_KEEP) rmSync(running.baseFolder, { recursive: true, force: true });
  else process.stderr.write(`kept the shared queue mode's folders under ${running.baseFolder}\n`);
}

/** A JSON POST to the control server (node's http: a hold may wait longer than fetch's header timeout). */
function control<T>(base: string, route: string, body: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(text) as T)
          : reject(new Error(`shared queue mode ${route}: ${text}`)),
      );
    });
    req.on('error', (error) =>
      reject(new Error(`shared queue mode control server ${base} did not answer (${error.message})`)),
    );
    req.end(JSON.stringify(body));
  });
}

/** The part of one role's log written since `from` (bytes), as lines. */
function readLog(file: string, from: number): string[] {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.max(0, size - from));
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8').split('\n').filter(Boolean);
}

/** A point in each role's log: `linesSince(role, mark)` reads from there. */
export type LogMark = Record<QueueRole, number>;

/** This suite's part of the shared stack. */
export class SharedQueueSuite extends SuiteN8n {
  private state!: SharedQueueState;
  private opened!: LogMark;
  private token: string | undefined;

  constructor(private readonly title: string) {
    super(title);
  }

  /** Postgres of the stack (psql reads what n8n persisted). */
  get postgres(): SharedQueueState['postgres'] {
    return this.state.postgres;
  }

  async open(): Promise<void> {
    const file = process.env[SHARED_QUEUE_ENV];
    if (!file)
      throw new Error(
        `no shared queue mode: run the suite with jest's e2e config (jest --config jest.e2e.config.js), whose global set-up starts it (${SHARED_QUEUE_ENV} is unset)`,
      );
    this.state = JSON.parse(readFileSync(file, 'utf8')) as SharedQueueState;
    this.url = this.state.mainUrl;
    this.opened = this.mark();
    await this.held('shared', () => this.login())();
  }

  /** Logs in to the main as the owner (again after the main restarted). */
  async login(): Promise<void> {
    this.session = await login(this.state.mainUrl, this.state.email, this.state.password);
  }

  /** Production webhooks are the webhook processor's. */
  override webhookUrl(...parts: string[]): string {
    return webhookUrlFor(this.state.webhookBase, parts);
  }

  mark(): LogMark {
    return Object.fromEntries(ROLES.map((role) => [role, statSync(this.state.logs[role]).size])) as LogMark;
  }

  /** The role's log lines since `from` (default: since this suite opened). */
  linesSince(role: QueueRole, from: LogMark = this.opened): string[] {
    return readLog(this.state.logs[role], from[role]);
  }

  /** A role's output since this suite opened, for ./queueMode.ts (`ranOn`, `pollLines`). */
  process(role: QueueRole, from?: LogMark): { lines(): string[] } {
    return { lines: () => this.linesSince(role, from) };
  }

  override output(): string {
    return ROLES.map((role) => `[${role}]\n${this.linesSince(role).slice(-30).join('\n')}`).join('\n');
  }

  /** The main's lines: it subscribes and deletes hooks. */
  protected override wholeOutput(): string {
    return this.linesSince('main').join('\n');
  }

  /** CPU seconds one role's process (and its children) has used since it started. */
  async cpuSeconds(role: QueueRole): Promise<number> {
    return (await control<{ seconds: number }>(this.state.control, '/cpu', { role })).seconds;
  }

  /** A test body run while the stack is held shared (other suites' tests beside it, no restart). */
  override check(fn: () => Promise<void>): () => Promise<void> {
    return this.held('shared', fn);
  }

  /** A test body run while the stack is held alone: it may stop and start processes (`restart`). */
  alone(fn: () => Promise<void>): () => Promise<void> {
    return this.held('exclusive', fn);
  }

  /**
   * Stops one n8n process and starts it again on the same port; `whileStopped` runs in between.
   * Only inside `alone`. After the main, logs in again.
   */
  async restart(role: QueueRole, whileStopped?: () => Promise<void>): Promise<void> {
    await this.stopAndStart(role, 'stop', whileStopped);
  }

  /**
   * Kills one n8n process as a crash does (SIGKILL: no shutdown, nothing flushed) and starts it again
   * on the same port; `whileDown` runs in between. Only inside `alone`.
   */
  async crash(role: QueueRole, whileDown?: () => Promise<void>): Promise<void> {
    await this.stopAndStart(role, 'kill', whileDown);
  }

  /** Stops (`stop`) or kills (`kill`) one n8n process, runs `between`, starts it again; after the main, logs in again. */
  private async stopAndStart(role: QueueRole, how: 'stop' | 'kill', between?: () => Promise<void>): Promise<void> {
    const token = this.token ?? '';
    await control(this.state.control, '/process', { token, role, action: how });
    try {
      await between?.();
    } finally {
      await control(this.state.control, '/process', { token, role, action: 'start' });
    }
    if (role === 'main') await this.login();
  }

  private held(hold: Hold, fn: () => Promise<void>): () => Promise<void> {
    const outputs = (): Array<[string, string]> =>
      this.state ? ROLES.map((role) => [`n8n ${role}`, this.linesSince(role).join('\n')]) : [];
    return withOutput(outputs, async () => {
      if (!this.state) throw new Error(`${this.title}: the shared queue mode was not opened (see the first error)`);
      const who = `${this.title} (pid ${process.pid})`;
      const { token } = await control<{ token: string }>(this.state.control, '/hold', { hold, who });
      this.token = token;
      try {
        await fn();
      } finally {
        this.token = undefined;
        await control(this.state.control, '/release', { token });
      }
    });
  }
}

/** Rides on the run's shared queue-mode stack (call inside the suite's describe, before its own beforeAll). */
export function useSharedQueueMode(title: string): SharedQueueSuite {
  const n8n = new SharedQueueSuite(title);
  beforeAll(() => n8n.open(), HOLD_WAIT_MS + 60_000);
  afterAll(
    n8n.check(async () => {
      try {
        await n8n.leaveClean();
      } finally {
        await n8n.close();
        n8n.clock.print();
      }
    }),
    HOLD_WAIT_MS + 120_000,
  );
  return n8n;
}
