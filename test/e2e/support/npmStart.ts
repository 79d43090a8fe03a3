/**
 * `npm start` as a user runs it: `npm start -- <options>` from the repository root, in its own
 * process group (a terminal's foreground job, so a "Ctrl-C" is SIGINT to the whole group), with the
 * ports and the n8n user folder moved by the documented environment variables. Its stdout is kept
 * line by line; its process tree is read from /proc, so a test can prove that nothing outlives it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { ROOT, sleep } from './steps';
import { startTimeOf } from '../../../scripts/services/processIdentity';

export interface NpmStart {
  /** The job's stdout lines so far, npm's header left out (stderr is kept apart). */
  lines: string[];
  stderr(): string;
  /** Resolves with the first stdout line that matches; fails on exit or after timeoutMs. */
  waitForLine(match: RegExp | string, timeoutMs: number): Promise<string>;
  /** Every live process started under it (npm, tsx, node, n8n, its task runners, Postgres, Redis...). */
  processTree(): number[];
  /**
   * Ctrl-C: SIGINT to its process group; resolves once its output is closed (npm, tsx and the job
   * all gone) with how npm ended: npm itself dies of the SIGINT, as in a terminal.
   */
  interrupt(timeoutMs?: number): Promise<Ended>;
  /** Its output closed: every process holding it has ended. */
  closed: Promise<Ended>;
  /** SIGKILL to the group and every process seen in its tree (a failed test's clean-up). */
  kill(): void;
}

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * `npm start -- <args>` with `env` over `base` (this process's environment unless given), in `cwd`
 * (the repository root unless given: a fresh clone elsewhere).
 */
export function npmStart(
  args: string[],
  env: Record<string, string>,
  { cwd = ROOT, base = process.env }: { cwd?: string; base?: NodeJS.ProcessEnv } = {},
): NpmStart {
  const child: ChildProcess = spawn('npm', ['start', ...(args.length ? ['--', ...args] : [])], {
    cwd,
    env: { ...base, ...env, FORCE_COLOR: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let err = '';
  let partial = '';
  const waiters = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      // npm's own header ("> start", "> tsx scripts/start.ts ...", blank lines) is not the job's output.
      if (!lines.length && (line === '' || line.startsWith('> '))) continue;
      lines.push(line);
    }
    for (const wake of waiters) wake();
  });
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  let ended: Ended | undefined;
  const closed = new Promise<Ended>((resolve) =>
    child.on('close', (code, signal) => {
      ended = { code, signal };
      for (const wake of waiters) wake();
      resolve(ended);
    }),
  );
  /** Each pid seen in the tree, with its start time: a pid the system has given to another process since is not ours. */
  const seen = new Map<number, string>();
  const pid = child.pid ?? 0;

  const processTree = (): number[] => {
    const parentOf = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parentOf.set(Number(entry), ppid);
      } catch {
        // gone meanwhile
      }
    }
    const tree = new Set<number>(parentOf.has(pid) ? [pid] : []);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [p, parent] of parentOf)
        if (!tree.has(p) && tree.has(parent)) {
          tree.add(p);
          grew = true;
        }
    }
    for (const p of tree) {
      const started = startTimeOf(p);
      if (started) seen.set(p, started);
    }
    return [...tree].sort((a, b) => a - b);
  };

  return {
    lines,
    stderr: () => err,
    closed,
    processTree,
    waitForLine(match, timeoutMs) {
      const test = (line: string) => (typeof match === 'string' ? line.includes(match) : match.test(line));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`no line ${match} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const found = lines.find(test);
          if (found !== undefined) done(undefined, found);
          else if (ended) done(new Error(`npm start ended (${JSON.stringify(ended)}) before a line ${match}`));
        };
        const done = (error?: Error, line?: string) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) {
            error.message += `\n--- npm start stdout ---\n${lines.slice(-40).join('\n')}\n--- stderr ---\n${err.slice(-3000)}`;
            reject(error);
          } else resolve(line as string);
        };
        waiters.add(check);
        check();
      });
    },
    async interrupt(timeoutMs = 90_000) {
      processTree();
      process.kill(-pid, 'SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
      const result = await Promise.race([closed, late]);
      clearTimeout(timer);
      if (result === 'timeout') throw new Error(`npm start did not end within ${timeoutMs} ms of SIGINT`);
      return result;
    },
    kill() {
      // Only the processes that are still the ones seen: pids are reused (pid_max can be 32768), and
      // other e2e files run beside this one.
      const ours = [...seen].filter(([p, started]) => startTimeOf(p) === started).map(([p]) => p);
      if (!ended) child.kill('SIGKILL');
      for (const p of ours) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
}

/** The pids of `pids` still alive (zombies count as gone: they hold nothing). */
export function alive(pids: number[]): number[] {
  return pids.filter((p) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  });
}

/** Waits until none of `pids` is alive; returns those still alive after timeoutMs. */
export async function waitGone(pids: number[], timeoutMs = 15_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pids).length && Date.now() < deadline) await sleep(200);
  return alive(pids);
}

/** A banner field: the text after the label, e.g. `   Login         owner@example.com`. */
export function bannerField(lines: string[], label: string): string {
  const line = lines.find((l) => l.startsWith(`   ${label} `) || l.startsWith(` ${label} `));
  if (!line) throw new Error(`the banner has no "${label}" line:\n${lines.join('\n')}`);
  return line.trim().slice(label.length).trim();
}

/**
 * The environment of a user's shell, for commands run in a fresh clone: this process's, less what
 * `npm run` and jest add (npm_* settings, INIT_CWD, NODE_ENV, and every `node_modules` folder on PATH,
 * among them the project's own Node 24), with `pathFirst` put first on PATH. `node` is then the
 * machine's. npx may not fetch a package unasked (`npm_config_yes=false`), as on a machine whose
 * `~/.npmrc` says so or that cannot reach the registry during an install.
 */
export function userShellEnv(pathFirst: string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || ['INIT_CWD', 'NODE_ENV', 'NODE_OPTIONS'].includes(key) || key.startsWith('JEST_'))
      continue;
    env[key] = value;
  }
  const machinePath = (process.env.PATH ?? '').split(':').filter((dir) => dir && !dir.includes('node_modules'));
  env.PATH = [...pathFirst, ...machinePath].join(':');
  env.npm_config_yes = 'false';
  env.FORCE_COLOR = '0';
  return env;
}

export interface Ran {
  /** The exit code, or the signal that ended it. */
  exit: number | string;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

/** Runs `command args` in `cwd` with exactly `env`; resolves however it ends (a timeout kills it). */
export function runIn(
  cwd: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeoutMs / 1000} s)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ exit: `spawn failed: ${error.message}`, output });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ exit: code ?? String(signal), output });
    });
  });
}
