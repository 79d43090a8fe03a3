/**
 * One long-running n8n process (`n8n start`, `n8n worker` or `n8n webhook`) on 127.0.0.1, supervised
 * (own process group, watchdog) and ready when it has printed its ready line and /healthz/readiness
 * answers 200.
 */
import * as fs from 'fs';
import * as http from 'http';
import { supervise, type Supervised } from '../services/supervise';
import { seedDatabase } from './cli';
import { n8nEnv, type N8nHome } from './env';

export type N8nCommand = 'start' | 'worker' | 'webhook';

/** What each command prints once it is up (n8n 1.x and 2.x alike). */
const READY_LINES: Record<N8nCommand, string> = {
  // After the HTTP server, task runner and start-up work; /healthz answers earlier. Published
  // workflows are activated asynchronously even after it (2.x): see waitForPublished.
  start: 'Editor is now accessible via',
  worker: 'n8n worker is now ready',
  webhook: 'Webhook listener waiting for requests',
};

export interface N8nProcessOptions extends N8nHome {
  command: N8nCommand;
  /** The port /healthz/readiness answers on: N8N_PORT for start/webhook, QUEUE_HEALTH_CHECK_PORT for a worker. */
  port: number;
  /** Env for this process only (the home's `env` still wins). */
  processEnv?: Record<string, string>;
  /** Extra CLI arguments (e.g. `--concurrency=5` for a worker). */
  args?: string[];
  /** How long to wait for readiness (default 120 s). */
  readyTimeoutMs?: number;
  /** Prefix of its log lines (default `n8n` for start, else `n8n <command>`). */
  label?: string;
}

export interface N8nProcess {
  command: N8nCommand;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  /** Last lines it printed (for error messages). */
  output(): string;
  /** Every line it printed (bounded), e.g. to prove a worker ran an execution. */
  lines(): readonly string[];
  /** SIGTERM (n8n's graceful shutdown), then SIGKILL to the group after graceMs (default 15 s). Idempotent. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to the group at once: n8n ends as on a crash, without its shutdown. */
  kill(): Promise<void>;
}

export async function launchN8n(opts: N8nProcessOptions): Promise<N8nProcess> {
  const url = `http://127.0.0.1:${opts.port}`;
  fs.mkdirSync(opts.userFolder, { recursive: true });
  // The home's env is applied last, as everywhere (N8nHome.env).
  const home: N8nHome = { ...opts, env: { ...opts.processEnv, ...opts.env } };
  await seedDatabase(home);
  const label = opts.label ?? (opts.command === 'start' ? 'n8n' : `n8n ${opts.command}`);
  const server: Supervised = supervise({
    cmd: opts.install.nodeBin,
    args: [opts.install.n8nBin, opts.command, ...(opts.args ?? [])],
    cwd: opts.userFolder,
    env: n8nEnv(home, {}),
    label,
    stopSignal: 'SIGTERM',
    ...(opts.log ? { log: (line: string) => opts.log?.(line) } : {}),
  });
  const proc: N8nProcess = {
    command: opts.command,
    url,
    port: opts.port,
    pid: server.pid,
    output: server.output,
    lines: server.lines,
    stop: (graceMs = 15000) => server.stop(graceMs),
    kill: () => server.kill(),
  };
  if (!server.pid) {
    await server.exited;
    throw new Error(`n8n ${opts.command} did not start: ${server.output()}`);
  }
  const readyLine = READY_LINES[opts.command];
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120000);
  while (!(server.lines().some((l) => l.includes(readyLine)) && (await ready(url)))) {
    if (server.hasExited() || Date.now() > deadline) {
      const why = server.hasExited() ? 'exited' : 'was not ready in time';
      await proc.stop(2000);
      throw new Error(
        `n8n ${opts.command} ${why} (port ${opts.port}). Last output:\n${server.output().split('\n').slice(-40).join('\n')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return proc;
}

/**
 * n8n's own readiness: /healthz answers as soon as the port listens, /healthz/readiness only once the
 * database is connected and migrated and (2.x) the server or worker has marked itself ready.
 */
function ready(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    // A connection of its own (agent: false): no kept-alive socket to reuse later (see ./rest.ts).
    const req = http.get(`${url}/healthz/readiness`, { timeout: 2000, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}
