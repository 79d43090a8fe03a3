/**
 * Starts a real n8n server (`n8n start`) on 127.0.0.1 and stops it without leaving processes behind.
 * CLI helpers (import, publish, execute) and REST helpers (owner, executions) are re-exported here.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import type { Socket } from 'net';
import { killGroup } from './cli';
import { eachLine, freePort, n8nEnv, type N8nHome } from './env';

export * from './cli';
export * from './rest';
export { freePort, n8nEnv, ENCRYPTION_KEY, type N8nHome } from './env';

export interface StartOptions extends N8nHome {
  /** Default: a free port. */
  port?: number;
  /** How long to wait for readiness (default 120 s). */
  readyTimeoutMs?: number;
}

export interface N8nInstance {
  /** e.g. http://127.0.0.1:5678 (no trailing slash). */
  url: string;
  port: number;
  userFolder: string;
  pid: number;
  /**
   * Production URL of a published workflow's webhook: `${url}/webhook/<parts joined by />`. A trigger
   * node's webhook is at `<webhookId>/<path>`; the built-in Webhook node's at its `path` alone.
   */
  webhookUrl(...parts: string[]): string;
  /** Last lines n8n printed (for error messages). */
  output(): string;
  /** SIGTERM, then SIGKILL of the whole process group after `graceMs` (default 15 s). Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

// n8n prints this once its HTTP server, task runner and startup work are done; /healthz answers
// earlier. Published workflows are activated asynchronously even after it: see waitForPublished.
const READY_LINE = 'Editor is now accessible via';

export async function startN8n(opts: StartOptions): Promise<N8nInstance> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(opts.userFolder, { recursive: true });
  const env = n8nEnv(opts, {
    N8N_PORT: String(port),
    // Base of the URLs trigger nodes register remotely (n8n 2.x deprecates the old WEBHOOK_URL).
    N8N_WEBHOOK_URL: `${url}/`,
    N8N_EDITOR_BASE_URL: `${url}/`,
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    // Publication (activation) work waits in an outbox; poll it every second, not every 15 s.
    N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
  });
  const child = spawn(opts.install.nodeBin, [opts.install.n8nBin, 'start'], {
    cwd: opts.userFolder,
    env,
    detached: true, // own process group: stop() also ends the task runners n8n spawns
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!child.pid) throw new Error('n8n did not start (no pid)');
  const pid = child.pid;
  const watchdog = startWatchdog(opts.install.nodeBin, pid);

  const lines: string[] = [];
  let sawReadyLine = false;
  const onLine = (line: string) => {
    if (!line.trim()) return;
    if (line.includes(READY_LINE)) sawReadyLine = true;
    lines.push(line);
    if (lines.length > 200) lines.shift();
    opts.log?.(`[n8n] ${line}`);
  };
  eachLine(child.stdout, onLine);
  eachLine(child.stderr, onLine);
  let hasExited = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (err) => (lines.push(`spawn failed: ${err.message}`), resolve()));
  });
  void exited.then(() => (hasExited = true));

  let stopping: Promise<void> | undefined;
  const instance: N8nInstance = {
    url,
    port,
    userFolder: opts.userFolder,
    pid,
    webhookUrl: (...parts) => `${url}/webhook/${parts.map((p) => p.replace(/^\/+|\/+$/g, '')).join('/')}`,
    output: () => lines.join('\n'),
    stop: (graceMs = 15000) => (stopping ??= stopGroup(child, exited, watchdog, graceMs)),
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120000);
  while (!(sawReadyLine && (await healthy(url)))) {
    if (hasExited || Date.now() > deadline) {
      await instance.stop(2000);
      const why = hasExited ? `exited with ${child.exitCode ?? child.signalCode}` : 'not ready in time';
      throw new Error(`n8n ${why} (port ${port}). Last output:\n${lines.slice(-40).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return instance;
}

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/healthz`, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

async function stopGroup(child: ChildProcess, exited: Promise<void>, watchdog: ChildProcess, graceMs: number): Promise<void> {
  killGroup(child.pid, 'SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
  ]);
  // Also after a clean exit: a task runner may outlive the main process.
  killGroup(child.pid, 'SIGKILL');
  if (timedOut) await exited;
  watchdog.kill('SIGKILL');
}

/**
 * A tiny detached process that ends n8n's process group when our process dies without calling
 * stop() (test crash, Ctrl-C, SIGKILL): it notices because the pipe from us to its stdin closes.
 */
function startWatchdog(nodeBin: string, pgid: number): ChildProcess {
  const code = `
    const pg = Number(process.env.WATCHDOG_PGID);
    const kill = (s) => { try { process.kill(-pg, s); return true; } catch { return false; } };
    for (const s of ['SIGINT', 'SIGHUP', 'SIGTERM']) process.on(s, () => {});
    process.stdin.on('data', () => {});
    process.stdin.on('close', () => {
      if (!kill('SIGTERM')) process.exit(0);
      setTimeout(() => { kill('SIGKILL'); process.exit(0); }, 10000);
      setInterval(() => { if (!kill(0)) process.exit(0); }, 250);
    });`;
  const watchdog = spawn(nodeBin, ['-e', code], {
    env: { WATCHDOG_PGID: String(pgid) },
    detached: true, // not in our process group, so a Ctrl-C does not kill it before it acts
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the watchdog nor its pipe may keep our process alive.
  watchdog.unref();
  (watchdog.stdin as unknown as Socket | null)?.unref();
  return watchdog;
}
