/**
 * Runs an N8nPlan (topology.ts): its data folder and log, the services it needs, then its n8n
 * processes, each part registered with the run's Teardown as soon as it exists. Both modes come out
 * as the same N8nStack, so the rest of the start (imports, owner, hooks, banner) is one path.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { setTimeout as delay } from 'timers/promises';
import type { Log, N8nInstall } from '../n8n/install';
import { startN8n, type N8nHome, type N8nInstance } from '../n8n/instance';
import { prepareQueueMode, QUEUE_PROCESSES } from '../n8n/queue';
import type { N8nPlan } from './topology';
import type { Teardown } from './teardown';

export interface N8nStack {
  /** For the CLI (import, list): the main's user folder and, in queue mode, the shared database. */
  home: N8nHome;
  /** Every n8n process' user folder (each loads the community packages of its own). */
  userFolders: string[];
  /** The editor's URL and the main's user folder (where the owner's login is saved). */
  editor: { url: string; userFolder: string };
  /** Every n8n process' output (and Postgres' and Redis'), whatever --verbose says. */
  logFile: string;
  /** Starts the n8n processes, in the plan's order. */
  start(): Promise<void>;
  /** What runs where, one line each, with pids. */
  describe(): string[];
}

export interface StackOptions {
  install: N8nInstall;
  /** For every n8n process and CLI command (e.g. where community packages are installed from). */
  env: Record<string, string>;
  teardown: Teardown;
  /** Also shows the processes' output lines (--verbose); they always go to the log file. */
  echo?: Log;
  /** Progress of the services' set-up (apt-get install when missing). */
  setupLog: Log;
}

/** A stop that first waits (briefly) for a start under way, so a Ctrl-C mid-start stops what it started. */
function afterStart(starting: () => Promise<unknown> | undefined, stop: () => Promise<void>): () => Promise<void> {
  return async () => {
    await Promise.race([starting()?.catch(() => undefined), delay(20_000, undefined, { ref: false })]);
    await stop();
  };
}

export async function openN8nStack(plan: N8nPlan, opts: StackOptions): Promise<N8nStack> {
  const { teardown } = opts;
  const folder = plan.data.kept ? plan.data.folder : fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-service-queue-'));
  fs.mkdirSync(folder, { recursive: true });
  if (!plan.data.kept) teardown.add(async () => fs.rmSync(folder, { recursive: true, force: true }));
  const logFile = path.join(folder, 'n8n.log');
  const stream = fs.createWriteStream(logFile, { flags: 'a' });
  teardown.add(() => new Promise<void>((resolve) => stream.end(resolve)));
  const log: Log = (line) => {
    stream.write(`${line}\n`);
    opts.echo?.(line);
  };
  const [main] = plan.processes;
  if (!main) throw new Error('an n8n plan without processes');
  const mainPort = main.port === 'free' ? undefined : main.port.number;

  if (plan.mode === 'queue') {
    const qm = await prepareQueueMode({
      install: opts.install,
      baseFolder: folder,
      env: opts.env,
      log,
      setupLog: opts.setupLog,
      ports: { main: mainPort, webhook: Number(new URL(plan.webhookBase).port) },
      readyTimeoutMs: 240_000,
    });
    let starting: Promise<void> | undefined;
    teardown.add(
      afterStart(() => starting, qm.stop),
      'n8n main, worker and webhook processor, Redis and Postgres stopped (their folders removed).',
    );
    return {
      home: qm.home,
      userFolders: QUEUE_PROCESSES.map((spec) => path.join(folder, spec.role)),
      editor: qm.mainInstance(),
      logFile,
      start: () => (starting = qm.startN8n()),
      describe: qm.describe,
    };
  }

  const home: N8nHome = { install: opts.install, userFolder: folder, env: opts.env, log };
  let starting: Promise<N8nInstance> | undefined;
  let instance: N8nInstance | undefined;
  teardown.add(
    afterStart(
      () => starting,
      async () => instance?.stop(),
    ),
    'n8n stopped.',
  );
  return {
    home,
    userFolders: [folder],
    editor: { url: plan.editorUrl, userFolder: folder },
    logFile,
    async start() {
      // `instance` is set before anything awaiting `starting` resumes (the stop reads it).
      starting = startN8n({ ...home, ...(mainPort ? { port: mainPort } : {}), readyTimeoutMs: 180_000 }).then(
        (started) => (instance = started),
      );
      await starting;
    },
    describe: () => [
      `${main.label.padEnd(11)}  ${plan.editorUrl}/  ${main.does}  pid ${instance?.pid ?? '-'}  (${folder})`,
    ],
  };
}
