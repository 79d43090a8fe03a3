/**
 * Runs a long-lived server process (Postgres, Redis, an n8n process) in its own process group and
 * ends it without strays: `stop()` sends the server's own shutdown signal, then SIGKILL to the group;
 * a detached watchdog does the same (and removes a throwaway folder) if our process dies first.
 */
import { spawn, type ChildProcess } from 'child_process';
import execa, { type ExecaChildProcess, type ExecaError } from 'execa';
import * as fs from 'fs';
import type { Socket } from 'net';
import * as readline from 'readline';
import type { Readable } from 'stream';
import pWaitFor from 'p-wait-for';
import { ServiceStartError } from './errors';
import { freePort } from './ports';
import { sameGroup, startTimeOf } from './processIdentity';

export interface SuperviseOptions {
  cmd: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Run as this user (we are root and the server refuses root, as Postgres does). */
  uid?: number;
  gid?: number;
  /** Signal for a clean stop: SIGINT is Postgres' "fast" shutdown; SIGTERM for the rest. */
  stopSignal?: NodeJS.Signals;
  /** Removed by the watchdog after the group is gone, if we died without calling stop(). */
  removeOnOrphan?: string;
  /** Prefix for log lines. */
  label: string;
  log?: (line: string) => void;
  /** Lines kept for output() (default 300). */
  keep?: number;
}

export interface Supervised {
  pid: number;
  /** The kept lines of stdout and stderr. */
  output(): string;
  /** Every line so far that matches (for proofs such as "the worker ran execution 12"). */
  lines(): readonly string[];
  hasExited(): boolean;
  exited: Promise<void>;
  /** stopSignal, then SIGKILL to the group after graceMs (default 15 s). Idempotent. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to the group at once, as a crash or a lost machine ends it: no shutdown runs. Idempotent. */
  kill(): Promise<void>;
}

/** The project's Node runs the watchdog; any node binary will do. */
const NODE = process.execPath;

export function supervise(opts: SuperviseOptions): Supervised {
  // execa: the spawn, its error and exit as one promise, and a kill on our normal exit (signal-exit).
  const child = execa(opts.cmd, opts.args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    extendEnv: false, // the env given is the whole env (n8n's children must not inherit ours)
    detached: true, // own process group: stop() also ends what the server spawns
    stdio: ['ignore', 'pipe', 'pipe'],
    buffer: false, // lines are kept below, bounded
    reject: false,
    ...(opts.uid !== undefined ? { uid: opts.uid } : {}),
    ...(opts.gid !== undefined ? { gid: opts.gid } : {}),
  });
  const stopSignal = opts.stopSignal ?? 'SIGTERM';
  const keep = opts.keep ?? 300;
  const kept: string[] = [];
  const all: string[] = [];
  const onLine = (line: string) => {
    if (!line.trim()) return;
    kept.push(line);
    all.push(line);
    if (kept.length > keep) kept.shift();
    if (all.length > 20000) all.splice(0, 10000); // bounded: a long `npm start` session
    opts.log?.(`[${opts.label}] ${line}`);
  };
  eachLine(child.stdout, onLine);
  eachLine(child.stderr, onLine);
  let exitedFlag = false;
  const exited = child.then((result) => {
    exitedFlag = true;
    // A spawn error (ENOENT, EACCES) is a result with neither an exit code nor a signal.
    // Only a spawn error (ENOENT, EACCES) carries Node's own message; an exit or a signal does not.
    const { originalMessage } = result as Partial<ExecaError>;
    if (originalMessage) kept.push(`spawn ${opts.cmd} failed: ${originalMessage}`);
  });
  const pid = child.pid ?? 0;
  // Noted now, while the pid is surely ours: every later signal to the group checks it (processIdentity.ts).
  const started = pid ? startTimeOf(pid) : '';
  const watchdog = pid ? startWatchdog(pid, started, stopSignal, opts.removeOnOrphan) : undefined;
  let stopping: Promise<void> | undefined;
  return {
    pid,
    output: () => kept.join('\n'),
    lines: () => all,
    hasExited: () => exitedFlag,
    exited,
    stop: (graceMs = 15000) => (stopping ??= stopGroup(child, started, stopSignal, exited, watchdog, graceMs)),
    kill: () =>
      (stopping ??= (async () => {
        killGroup(child.pid, started, 'SIGKILL');
        await exited;
        watchdog?.kill('SIGKILL');
      })()),
  };
}

/** Calls `onLine` per complete line (chunks from a pipe can end mid-line). */
function eachLine(stream: Readable | null, onLine: (line: string) => void): void {
  if (stream) readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}

function killGroup(pid: number | undefined, started: string, signal: NodeJS.Signals | 0): boolean {
  if (!pid || !sameGroup(pid, started)) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // group already gone
  }
}

async function stopGroup(
  child: ExecaChildProcess,
  started: string,
  signal: NodeJS.Signals,
  exited: Promise<void>,
  watchdog: ChildProcess | undefined,
  graceMs: number,
): Promise<void> {
  // The server itself gets the shutdown signal (Postgres stops its own children in order).
  try {
    if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(child.pid, signal);
  } catch {
    // already gone
  }
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
  ]);
  // Also after a clean exit: a helper process (task runner, a runuser shell) may outlive the server.
  killGroup(child.pid, started, 'SIGKILL');
  if (timedOut) await exited;
  watchdog?.kill('SIGKILL');
}

/**
 * A tiny detached process that ends the group when our process dies without calling stop() (test
 * crash, Ctrl-C, SIGKILL): it notices because the pipe from us to its stdin closes.
 */
function startWatchdog(pgid: number, started: string, signal: NodeJS.Signals, removeDir?: string): ChildProcess {
  // sameGroup (processIdentity.ts) again, in the watchdog's own words: a reused pid is left alone.
  const code = `
    const pg = Number(process.env.WATCHDOG_PGID);
    const sig = process.env.WATCHDOG_SIGNAL;
    const dir = process.env.WATCHDOG_RMDIR;
    const ours = () => { try { const st = require('fs').readFileSync('/proc/' + pg + '/stat', 'utf8'); return st.slice(st.lastIndexOf(')') + 2).split(' ')[19] === process.env.WATCHDOG_START; } catch { return true; } };
    const kill = (s) => { if (!ours()) return false; try { process.kill(-pg, s); return true; } catch { return false; } };
    const done = () => { if (dir) { try { require('fs').rmSync(dir, { recursive: true, force: true }); } catch {} } process.exit(0); };
    for (const s of ['SIGINT', 'SIGHUP', 'SIGTERM']) process.on(s, () => {});
    process.stdin.on('data', () => {});
    process.stdin.on('close', () => {
      try { if (ours()) process.kill(pg, sig); } catch { if (!kill(0)) done(); }
      setTimeout(() => { kill('SIGKILL'); }, 10000);
      setInterval(() => { if (!kill(0)) done(); }, 250);
    });`;
  const watchdog = spawn(NODE, ['-e', code], {
    env: {
      WATCHDOG_PGID: String(pgid),
      WATCHDOG_START: started,
      WATCHDOG_SIGNAL: signal,
      ...(removeDir ? { WATCHDOG_RMDIR: removeDir } : {}),
    },
    detached: true, // not in our process group, so a Ctrl-C does not kill it before it acts
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the watchdog nor its pipe may keep our process alive.
  watchdog.unref();
  (watchdog.stdin as unknown as Socket | null)?.unref();
  return watchdog;
}

/**
 * Polls `check` every 200 ms (p-wait-for) until it is true; false when `timeoutMs` passes or `giveUp()`
 * says so (the process being waited on has exited: no point waiting out the timeout).
 */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  giveUp: () => boolean = () => false,
): Promise<boolean> {
  let gaveUp = false;
  const ready = async () => (await check()) || (gaveUp = giveUp());
  try {
    await pWaitFor(ready, { interval: 200, timeout: timeoutMs });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return false; // p-wait-for's deadline
    throw error;
  }
  return !gaveUp;
}

/** mkdir-free check used by callers that want to know a binary exists and is executable. */
export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Starts a server on `port`, or on a free port of our choosing. A port found free can be taken by
 * another process before the server binds it (e2e files start stacks side by side): then a port of our
 * choosing is chosen again, up to three times. A port the caller gave is never changed.
 */
export async function startOnPort<T>(port: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(port ?? (await freePort()));
    } catch (error) {
      const taken = error instanceof ServiceStartError && /Address already in use/.test(error.message);
      if (!taken || port !== undefined || attempt === 3) throw error;
    }
  }
}
