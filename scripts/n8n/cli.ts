/**
 * n8n's own CLI against a user folder: import credentials/workflows, publish (activate), execute.
 * Import and publish write the database directly, so run them before `startN8n` (a running server
 * does not pick up publish changes until restarted). `execute` runs the workflow in its own process.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { freePort, n8nEnv, type N8nHome } from './env';
import { withLock } from '../services/folderLock';
import { sameGroup, startTimeOf } from '../services/processIdentity';

/** A credential as `n8n import:credentials` takes it; `data` in plain text is encrypted on import. */
export interface N8nCredentialJson {
  id: string;
  name: string;
  type: string;
  data: Record<string, unknown>;
}

/** Workflow JSON as exported by n8n; a fixed `id` lets later calls refer to it. */
export interface N8nWorkflowJson {
  id: string;
  name: string;
  nodes: Array<Record<string, unknown>>;
  connections: Record<string, unknown>;
  settings?: Record<string, unknown>;
  [key: string]: unknown;
}

interface CliResult {
  code: number | null;
  /** The signal that ended the process, when one did (code is then null). */
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

class N8nCliError extends Error {
  /** For `execute`: the failed run, when n8n printed it (node errors are in `data.resultData.error`). */
  run?: N8nRun;
  constructor(
    message: string,
    readonly result: CliResult,
  ) {
    super(`${message}\n--- stdout ---\n${tail(result.stdout)}\n--- stderr ---\n${tail(result.stderr)}`);
    this.name = 'N8nCliError';
  }
}

const tail = (text: string) => text.split('\n').slice(-40).join('\n');

/**
 * Runs `n8n <args>` with the home's env; kills the whole process group at the deadline. Its stdout and
 * stderr go to files, read once it has exited: n8n ends with `process.exit()`, and Node writes to a
 * pipe asynchronously (what the reader has not drained by then is lost: a printed run was seen cut
 * mid-record), but to a file synchronously.
 */
async function runCli(home: N8nHome, args: string[], timeoutMs = 180000): Promise<CliResult> {
  await seedDatabase(home);
  return runInFolder(home, args, timeoutMs);
}

async function runInFolder(home: N8nHome, args: string[], timeoutMs: number): Promise<CliResult> {
  fs.mkdirSync(home.userFolder, { recursive: true });
  // Each n8n process starts a task-runner broker (default port 5679): give each its own port so a
  // CLI command can run next to a server or another test.
  const env = n8nEnv(home, { N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-cli-'));
  const files = { stdout: path.join(dir, 'stdout'), stderr: path.join(dir, 'stderr') };
  const fds = { stdout: fs.openSync(files.stdout, 'w'), stderr: fs.openSync(files.stderr, 'w') };
  try {
    const { code, signal, timedOut } = await new Promise<{
      code: number | null;
      signal: NodeJS.Signals | null;
      timedOut: boolean;
    }>((resolve, reject) => {
      const child = spawn(home.install.nodeBin, [home.install.n8nBin, ...args], {
        cwd: home.userFolder,
        env,
        detached: true, // own process group, so the timeout also ends its task runner
        stdio: ['ignore', fds.stdout, fds.stderr],
      });
      let timedOut = false;
      const started = child.pid ? startTimeOf(child.pid) : '';
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid, 'SIGKILL', started);
      }, timeoutMs);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('exit', (exitCode, exitSignal) => {
        clearTimeout(timer);
        killGroup(child.pid, 'SIGKILL', started); // a task runner left behind by the command
        resolve({ code: exitCode, signal: exitSignal, timedOut });
      });
    });
    const result: CliResult = {
      code,
      signal,
      stdout: fs.readFileSync(files.stdout, 'utf8'),
      stderr: fs.readFileSync(files.stderr, 'utf8'),
    };
    const log = home.log;
    if (log)
      for (const line of `${result.stdout}\n${result.stderr}`.split('\n'))
        if (line.trim()) log(`[n8n ${args[0]}] ${line}`);
    if (timedOut) throw new N8nCliError(`n8n ${args.join(' ')} timed out after ${timeoutMs} ms`, result);
    return result;
  } finally {
    fs.closeSync(fds.stdout);
    fs.closeSync(fds.stderr);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Where an install keeps its migrated database, beside node_modules (removed when it is installed again). */
export const MIGRATED_DATABASE = 'migrated-database';
const SQLITE_FILES = ['database.sqlite', 'database.sqlite-wal'];

/**
 * Gives a new user folder the SQLite database that n8n's migrations make, copied from a template this
 * install's n8n made once (`n8n list:workflow` in an empty folder). Otherwise a folder's first n8n process
 * runs every migration in n8n's history: a first `n8n start` of 2.41.1 took 9.9-12.7 CPU-seconds and
 * 7.5-9.5 s to ready seeded, 13.2-15.6 and 10.8-12.4 s fresh (2 cores); the e2e starts about twenty.
 * Folders that already have a database, and Postgres homes (queue mode), are left as they are.
 */
export async function seedDatabase(home: N8nHome): Promise<void> {
  const folder = path.join(home.userFolder, '.n8n');
  if (home.env?.DB_TYPE === 'postgresdb' || fs.existsSync(path.join(folder, SQLITE_FILES[0]))) return;
  const template = await migratedDatabase(home);
  fs.mkdirSync(folder, { recursive: true });
  for (const file of SQLITE_FILES)
    if (fs.existsSync(path.join(template, file))) fs.copyFileSync(path.join(template, file), path.join(folder, file));
}

/** The install's migrated database (a folder holding SQLITE_FILES), made under a lock on first use. */
async function migratedDatabase(home: N8nHome): Promise<string> {
  const template = path.join(home.install.dir, MIGRATED_DATABASE);
  const made = () => fs.existsSync(path.join(template, SQLITE_FILES[0]));
  if (made()) return template;
  await withLock(
    `${template}.lock`,
    () => undefined,
    async () => {
      if (made()) return;
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-migrate-'));
      try {
        const result = await runInFolder({ install: home.install, userFolder: work }, ['list:workflow'], 180000);
        if (result.code !== 0)
          throw new N8nCliError(`n8n list:workflow (to migrate a new database) failed (${ended(result)})`, result);
        const partial = `${template}.partial`;
        fs.rmSync(partial, { recursive: true, force: true });
        fs.mkdirSync(partial, { recursive: true });
        for (const file of SQLITE_FILES) {
          const from = path.join(work, '.n8n', file);
          if (fs.existsSync(from)) fs.copyFileSync(from, path.join(partial, file));
        }
        fs.renameSync(partial, template);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  );
  return template;
}

/** How a CLI process ended, for messages: `exit 1`, or `killed by SIGKILL`. */
const ended = (result: CliResult) => (result.signal ? `killed by ${result.signal}` : `exit ${result.code}`);

/** SIGKILLs the group `pid` leads, unless that pid is now another process than the one that started at `started`. */
export function killGroup(
  pid: number | undefined,
  signal: NodeJS.Signals,
  started = pid ? startTimeOf(pid) : '',
): void {
  if (!pid || !sameGroup(pid, started)) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // group already gone
  }
}

/** Writes JSON to a temp file for `--input` (n8n reads files, not stdin). */
function withInputFile<T>(data: unknown, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-import-'));
  const file = path.join(dir, 'input.json');
  fs.writeFileSync(file, JSON.stringify(data));
  return fn(file).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

/** n8n's import commands log failures but may still exit 0: check for the success line. */
function expectSuccess(what: string, result: CliResult, pattern: RegExp): void {
  if (result.code !== 0 || !pattern.test(result.stdout + result.stderr)) {
    throw new N8nCliError(`${what} failed (${ended(result)})`, result);
  }
}

export async function importCredentials(home: N8nHome, credentials: N8nCredentialJson[]): Promise<void> {
  const result = await withInputFile(credentials, (file) => runCli(home, ['import:credentials', `--input=${file}`]));
  expectSuccess('import:credentials', result, /Successfully imported/);
}

export async function importWorkflow(home: N8nHome, workflow: N8nWorkflowJson): Promise<void> {
  await importWorkflows(home, [workflow]);
}

/** Several workflows in one n8n process (each CLI command costs a few seconds of n8n start-up). */
export async function importWorkflows(home: N8nHome, workflows: N8nWorkflowJson[]): Promise<void> {
  if (workflows.length === 0) return;
  const result = await withInputFile(workflows, (file) => runCli(home, ['import:workflow', `--input=${file}`]));
  expectSuccess('import:workflow', result, /Successfully imported/);
}

/** Activates a workflow (n8n 2.x "publish"); takes effect when the server next starts. */
export async function publishWorkflow(home: N8nHome, workflowId: string): Promise<void> {
  const result = await runCli(home, ['publish:workflow', `--id=${workflowId}`]);
  expectSuccess('publish:workflow', result, /Publishing workflow with ID/);
}

/** The run `n8n execute --rawOutput` prints: `data.resultData.runData[<node>][0].data.main[0][i].json`. */
export interface N8nRun {
  status?: string;
  finished?: boolean;
  mode?: string;
  data: { resultData: { runData: Record<string, N8nNodeRun[]>; lastNodeExecuted?: string; error?: unknown } };
  [key: string]: unknown;
}

interface N8nNodeRun {
  executionStatus?: string;
  error?: unknown;
  data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
}

/**
 * Runs a workflow from its Manual Trigger (or first start node) in a separate n8n process and returns
 * the parsed run. A failed run throws N8nCliError with `.run` set, or is returned with `allowError`.
 */
export async function execute(
  home: N8nHome,
  workflowId: string,
  opts: { allowError?: boolean; timeoutMs?: number } = {},
): Promise<N8nRun> {
  const result = await runCli(home, ['execute', `--id=${workflowId}`, '--rawOutput'], opts.timeoutMs);
  const run = parseRun(result.stdout);
  const failed = run?.data.resultData.error !== undefined;
  // n8n's, not ours: `execute` ends with `process.exit()` (BaseCommand.finally) without disposing its
  // expression engine, whose pool (@n8n/expression-runtime IsolatePool.replenish) is then building the
  // next isolated-vm isolate on another thread. A core dump of such a SIGSEGV: the main thread in
  // node::Environment::Exit, the isolate's thread faulting in V8's heap; under a load average of 27,
  // 5 of 6 runs crashed so, and 0 of 6 with N8N_EXPRESSION_ENGINE=legacy (no isolates). It comes after
  // the whole run was printed (a file: written synchronously), so that run stands, with the crash noted.
  const crashedOnExit = run !== undefined && result.signal === 'SIGSEGV';
  if (crashedOnExit)
    process.stderr.write(`n8n execute ${workflowId}: the run was printed whole, then n8n crashed on exit (SIGSEGV)\n`);
  if (run && (result.code === 0 || (crashedOnExit && !failed) || opts.allowError)) return run;
  const error = run?.data.resultData.error as { message?: string } | undefined;
  const reason = error?.message ? `: ${error.message}` : run ? '' : ' (its output holds no whole run)';
  const failure = new N8nCliError(`execute ${workflowId} failed (${ended(result)})${reason}`, result);
  if (run) failure.run = run;
  throw failure;
}

/** n8n prints the run pretty (2-space indent) after its log lines, and before error details. */
function parseRun(stdout: string): N8nRun | undefined {
  const start = stdout.search(/^\{$/m);
  if (start < 0) return undefined;
  const end = stdout.slice(start).search(/^\}$/m); // only the top-level brace sits at column 0
  if (end < 0) return undefined;
  try {
    return JSON.parse(stdout.slice(start, start + end + 1)) as N8nRun;
  } catch {
    return undefined;
  }
}

/** The `json` of each item a node output on its first run (output 0 unless given). */
export function nodeOutput(run: N8nRun, nodeName: string, output = 0): Array<Record<string, unknown>> {
  const first = run.data.resultData.runData[nodeName]?.[0];
  return (first?.data?.main[output] ?? []).map((item) => item.json);
}
