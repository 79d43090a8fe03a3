/**
 * `npm start`: the sandbox store plus a local n8n with this repository's n8n package loaded, a
 * credential for the sandbox and the example workflows imported; prints the editor URL and a login.
 * The first run installs n8n (about 3.5 min, 2.2 GB, cached) with its progress shown. Ctrl-C stops both.
 *
 *   npm start                      sandbox on 127.0.0.1:8787, n8n on 127.0.0.1:5678
 *   npm start -- --no-n8n          the sandbox only
 *   npm start -- --verbose         also n8n's own output and the sandbox's request log
 *   npm start -- --queue           n8n in queue mode: throwaway Postgres and Redis, main on N8N_PORT,
 *                                  one worker, one webhook processor on N8N_WEBHOOK_PORT (5690);
 *                                  nothing is kept between runs (see docs/queue-mode.md)
 *
 * Environment: SANDBOX_PORT (8787), SANDBOX_PROFILE (real | spec, default real), SANDBOX_API_KEY,
 * SANDBOX_SIZE, SANDBOX_SEED; N8N_PORT (5678); N8N_USER_FOLDER (<repo>/.cache/n8n-home, kept between
 * runs); N8N_OWNER_EMAIL / N8N_OWNER_PASSWORD (used when the owner is first set up); N8N_CACHE_DIR
 * (where n8n is installed). If n8n cannot be installed here, the sandbox still runs and says why.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { setTimeout as delay } from 'timers/promises';
import { parseArgs } from 'util';
import { DEFAULT_API_KEY, startSandbox, type Sandbox, type SandboxProfile } from '../sandbox';
import * as os from 'os';
import { ensureN8n, N8nUnavailableError, N8N_VERSION, REPO_ROOT } from './n8n/install';
import { prepareQueueMode, type QueueMode } from './n8n/queue';
import { ServiceUnavailableError } from './services/errors';
import {
  activateWorkflow,
  ensureOwner,
  importCredentials,
  importWorkflows,
  listWorkflows,
  login,
  startN8n,
  type N8nHome,
  type N8nInstance,
  type OwnerLogin,
} from './n8n/instance';
import { EXAMPLE_CREDENTIAL, loadExamples, sandboxCredential, triggerNodes } from './start/examples';
import { activeSandboxTriggers, reRegisterHooks } from './start/hooks';

const USAGE =
  'Usage: npm start [-- --no-n8n] [-- --queue] [-- --verbose]   (see scripts/start.ts for the environment variables)';

interface Config {
  sandboxPort: number;
  profile: SandboxProfile;
  apiKey: string;
  size?: number;
  seed?: number;
  n8n: boolean;
  n8nPort: number;
  /** --queue: the webhook processor's port. */
  queue?: { webhookPort: number };
  userFolder: string;
  ownerEmail?: string;
  ownerPassword?: string;
  verbose: boolean;
}

function port(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a port number, got "${text}"`);
  return value;
}

function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${text}"`);
  return value;
}

function readConfig(): Config | undefined {
  const { values } = parseArgs({
    options: {
      'no-n8n': { type: 'boolean' },
      queue: { type: 'boolean' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  const env = process.env;
  const profile = env.SANDBOX_PROFILE || 'real';
  if (profile !== 'real' && profile !== 'spec')
    throw new Error(`SANDBOX_PROFILE must be "real" or "spec", got "${profile}"`);
  return {
    sandboxPort: port('SANDBOX_PORT', env.SANDBOX_PORT, 8787),
    profile,
    apiKey: env.SANDBOX_API_KEY || DEFAULT_API_KEY,
    size: wholeNumber('SANDBOX_SIZE', env.SANDBOX_SIZE),
    seed: wholeNumber('SANDBOX_SEED', env.SANDBOX_SEED),
    n8n: !values['no-n8n'],
    n8nPort: port('N8N_PORT', env.N8N_PORT, 5678),
    ...(values.queue ? { queue: { webhookPort: port('N8N_WEBHOOK_PORT', env.N8N_WEBHOOK_PORT, 5690) } } : {}),
    userFolder: path.resolve(env.N8N_USER_FOLDER || path.join(REPO_ROOT, '.cache', 'n8n-home')),
    ownerEmail: env.N8N_OWNER_EMAIL || undefined,
    ownerPassword: env.N8N_OWNER_PASSWORD || undefined,
    verbose: Boolean(values.verbose),
  };
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const step = (line: string) => say(`» ${line}`);

/** Whether something already listens on 127.0.0.1:port (n8n would fail late and obscurely). */
function portInUse(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(portNumber, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/** `npm run build:n8n` (n8n/dist, what N8N_CUSTOM_EXTENSIONS loads); its output only on failure. */
function buildPackage(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build:n8n'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build:n8n failed (exit ${code}):\n${output}`)),
    );
  });
}

/** Everything `stop()` must end, filled in as the start proceeds. */
const running: {
  sandbox?: Sandbox;
  n8n?: N8nInstance;
  n8nStarting?: Promise<N8nInstance | undefined>;
  queue?: { qm: QueueMode; baseFolder: string };
  log?: fs.WriteStream;
} = {};
let stopping: Promise<void> | undefined;

function stop(signal: string): Promise<void> {
  return (stopping ??= (async () => {
    say(`\n${signal}: stopping...`);
    // n8n may be half-way through its start: wait for it (briefly) so it is stopped too.
    const n8n = running.n8n ?? (await Promise.race([running.n8nStarting, delay(20000, undefined, { ref: false })]));
    if (n8n) {
      await n8n.stop();
      say('n8n stopped.');
    }
    if (running.queue) {
      await running.queue.qm.stop();
      fs.rmSync(running.queue.baseFolder, { recursive: true, force: true });
      say('n8n main, worker and webhook processor, Redis and Postgres stopped (their folders removed).');
    }
    if (running.sandbox) {
      await running.sandbox.close();
      say('Sandbox stopped.');
    }
    running.log?.end();
  })());
}

async function main(): Promise<void> {
  const config = readConfig();
  if (!config) return;
  // A Ctrl-C reaches this process twice (from the terminal and relayed by tsx): only a second one
  // pressed a while after the first forces an exit before the clean stop is done.
  let firstSignalAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) {
        if (Date.now() - firstSignalAt < 2000) return;
        say('Stopping already; exiting now (n8n is ended by its watchdog).');
        process.exit(130);
      }
      firstSignalAt = Date.now();
      void stop(signal).then(() => process.exit(0));
    });
  }

  // 1. The sandbox store.
  const started = Date.now();
  try {
    running.sandbox = await startSandbox({
      port: config.sandboxPort,
      profile: config.profile,
      apiKey: config.apiKey,
      quiet: !config.verbose,
      ...(config.size !== undefined ? { size: config.size } : {}),
      ...(config.seed !== undefined ? { seed: config.seed } : {}),
    });
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    throw new Error(
      inUse ? `port ${config.sandboxPort} is in use: stop what runs there, or set SANDBOX_PORT` : String(error),
    );
  }
  const sandbox = running.sandbox;
  step(`Dashboard ${sandbox.url}/ : the sandbox store (profile ${config.profile}) is up (${Date.now() - started} ms)`);

  // 2. n8n with the package, the credential and the examples.
  let n8nMissing: string | undefined;
  let owner: OwnerLogin | undefined;
  let activeTriggers: string[] = [];
  if (!config.n8n) {
    n8nMissing = 'not started (--no-n8n)';
  } else {
    try {
      ({ owner, activeTriggers } = config.queue
        ? await startQueueWithExamples(config, sandbox)
        : await startN8nWithExamples(config, sandbox));
    } catch (error) {
      if (stopping) return;
      if (!(error instanceof N8nUnavailableError || error instanceof ServiceUnavailableError)) throw error;
      n8nMissing = `n8n cannot run here: ${error.message}`;
      say(`\nSKIPPED n8n: ${error.message}\nThe sandbox keeps running without it.`);
    }
  }
  if (stopping) return;
  printBanner(config, sandbox, owner, activeTriggers, n8nMissing);
}

async function startN8nWithExamples(
  config: Config,
  sandbox: Sandbox,
): Promise<{ owner: OwnerLogin; activeTriggers: string[] }> {
  if (await portInUse(config.n8nPort)) {
    throw new Error(`port ${config.n8nPort} is in use (another n8n?): stop it, or set N8N_PORT`);
  }
  step(`n8n ${N8N_VERSION}: checking the install (the first run installs it: a few minutes, about 2.2 GB)`);
  const install = await ensureN8n({ log: (line) => say(`  ${line}`) });
  if (stopping) throw new Error('stopped');

  step('Building the n8n package (npm run build:n8n)');
  await buildPackage();

  fs.mkdirSync(config.userFolder, { recursive: true });
  const logFile = path.join(config.userFolder, 'n8n.log');
  running.log = fs.createWriteStream(logFile, { flags: 'a' });
  const log = (line: string) => {
    running.log?.write(`${line}\n`);
    if (config.verbose) say(`  ${line}`);
  };
  const home: N8nHome = {
    install,
    userFolder: config.userFolder,
    customExtensions: path.join(REPO_ROOT, 'n8n', 'dist'),
    log,
  };

  step(`Importing the credential "${EXAMPLE_CREDENTIAL.name}" (user folder ${config.userFolder})`);
  // Imported on every run (same id, so it is replaced): it follows SANDBOX_PORT and SANDBOX_API_KEY.
  await importCredentials(home, [sandboxCredential(sandbox)]);

  // Examples are imported once: a later run keeps the user's changes and re-imports only deleted ones.
  const existing = new Set((await listWorkflows(home)).map((wf) => wf.id));
  const missing = loadExamples().filter((wf) => !existing.has(wf.id));
  if (missing.length) {
    step(`Importing example workflows: ${missing.map((wf) => `"${wf.name}"`).join(', ')}`);
    await importWorkflows(home, missing);
  }
  if (stopping) throw new Error('stopped');

  step(`Starting n8n on http://127.0.0.1:${config.n8nPort} (its log: ${logFile})`);
  const starting = startN8n({ ...home, port: config.n8nPort, readyTimeoutMs: 180_000 });
  running.n8nStarting = starting.catch(() => undefined);
  const n8n = await starting;
  running.n8n = n8n;
  const owner = await ownerLogin(n8n, config);

  // Hooks: the sandbox starts empty each run. Re-register the active sandbox triggers; activate the
  // example triggers imported just now.
  const stale = await activeSandboxTriggers(owner.session, EXAMPLE_CREDENTIAL.id);
  if (stale.length) {
    step(
      `Registering the hooks of active trigger workflows on the fresh sandbox: ${stale.map((wf) => `"${wf.name}"`).join(', ')}`,
    );
    await reRegisterHooks(owner.session, stale);
  }
  for (const wf of missing.filter((w) => triggerNodes(w).length > 0 && !stale.some((s) => s.id === w.id))) {
    step(`Activating "${wf.name}"`);
    await activateWorkflow(owner.session, wf.id);
  }
  const activeTriggers = (await activeSandboxTriggers(owner.session, EXAMPLE_CREDENTIAL.id)).map((wf) => wf.name);
  return { owner, activeTriggers };
}

/**
 * --queue: Postgres and Redis in temporary folders, then the main (N8N_PORT), a worker and a webhook
 * processor (N8N_WEBHOOK_PORT), all with the package; the credential and examples are imported into
 * the fresh database and the example trigger is activated (its hook points at the webhook processor).
 */
async function startQueueWithExamples(
  config: Config,
  sandbox: Sandbox,
): Promise<{ owner: OwnerLogin; activeTriggers: string[] }> {
  const webhookPort = config.queue?.webhookPort ?? 5690;
  for (const [name, p] of [
    ['N8N_PORT', config.n8nPort],
    ['N8N_WEBHOOK_PORT', webhookPort],
  ] as const) {
    if (await portInUse(p)) throw new Error(`port ${p} is in use (another n8n?): stop it, or set ${name}`);
  }
  step(
    `n8n ${N8N_VERSION} in queue mode: checking the install (the first run installs it: a few minutes, about 2.2 GB)`,
  );
  const install = await ensureN8n({ log: (line) => say(`  ${line}`) });
  if (stopping) throw new Error('stopped');
  step('Building the n8n package (npm run build:n8n)');
  await buildPackage();

  // Throwaway like the database: user folders live next to it and go at stop.
  const baseFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-service-queue-'));
  const logFile = path.join(baseFolder, 'n8n.log');
  running.log = fs.createWriteStream(logFile, { flags: 'a' });
  const log = (line: string) => {
    running.log?.write(`${line}\n`);
    if (config.verbose) say(`  ${line}`);
  };
  step('Starting Postgres and Redis (installed with apt-get when missing and possible)');
  const qm = await prepareQueueMode({
    install,
    baseFolder,
    customExtensions: path.join(REPO_ROOT, 'n8n', 'dist'),
    log,
    setupLog: (line) => say(`  ${line}`),
    ports: { main: config.n8nPort, webhook: webhookPort },
    readyTimeoutMs: 240_000,
  });
  running.queue = { qm, baseFolder };
  if (stopping) throw new Error('stopped');
  step(`Importing the credential "${EXAMPLE_CREDENTIAL.name}" and the example workflows (fresh Postgres database)`);
  await importCredentials(qm.home, [sandboxCredential(sandbox)]);
  await importWorkflows(qm.home, loadExamples());
  step(`Starting the n8n main, a worker and a webhook processor (their log: ${logFile})`);
  await qm.startN8n();
  const owner = await ownerLogin({ url: qm.mainInstance().url, userFolder: qm.mainInstance().userFolder }, config);
  for (const wf of loadExamples().filter((w) => triggerNodes(w).length > 0)) {
    step(`Activating "${wf.name}" (its hook: the webhook processor on port ${webhookPort})`);
    await activateWorkflow(owner.session, wf.id);
  }
  queueLines = qm.describe();
  const activeTriggers = (await activeSandboxTriggers(owner.session, EXAMPLE_CREDENTIAL.id)).map((wf) => wf.name);
  return { owner, activeTriggers };
}

/** What runs where in queue mode, for the banner. */
let queueLines: string[] = [];

/** The saved owner login, else a first owner set-up; N8N_OWNER_EMAIL/PASSWORD also log in to an existing owner. */
async function ownerLogin(n8n: { url: string; userFolder: string }, config: Config): Promise<OwnerLogin> {
  try {
    return await ensureOwner(n8n, { email: config.ownerEmail, password: config.ownerPassword });
  } catch (error) {
    if (!config.ownerEmail || !config.ownerPassword) throw error;
    const session = await login(n8n.url, config.ownerEmail, config.ownerPassword);
    return { email: config.ownerEmail, password: config.ownerPassword, session };
  }
}

function printBanner(
  config: Config,
  sandbox: Sandbox,
  owner: OwnerLogin | undefined,
  activeTriggers: string[],
  n8nMissing?: string,
): void {
  const event = (type: string) =>
    `curl -s -X POST ${sandbox.url}/sandbox/v1/events -H 'content-type: application/json' -d '{"type":"${type}"}'`;
  const lines = [
    '',
    '================================================================================',
    ' Commerce Service: local sandbox store' + (owner ? ` + n8n ${N8N_VERSION}` : ''),
    '================================================================================',
    ` Dashboard       ${sandbox.url}/  (products, a button per event, hooks, deliveries)`,
    ` Sandbox store   ${sandbox.url}  (profile ${config.profile})`,
    `   API root      ${sandbox.url}${sandbox.apiRoot}`,
    `   API key       ${sandbox.apiKey}`,
    `   Try           curl -s -H 'x-api-key: ${sandbox.apiKey}' '${sandbox.url}${sandbox.apiRoot}/orders?per_page=2'`,
    `   Fire an event ${event('purchased')}`,
    `                 (types: purchased refunded pending active trialing paused canceled completed lead renewal failed)`,
    `   Hooks         curl -s ${sandbox.url}/sandbox/v1/hooks`,
  ];
  if (owner) {
    lines.push(
      '',
      ` n8n editor      http://127.0.0.1:${config.n8nPort}/`,
      `   Login         ${owner.email}`,
      `   Password      ${owner.password}`,
      `   Credential    "${EXAMPLE_CREDENTIAL.name}" (Commerce Service API, pointing at the sandbox)`,
      `   Workflows     ${loadExamples()
        .map((wf) => `"${wf.name}"`)
        .join(', ')}`,
      activeTriggers.length
        ? `   Active        ${activeTriggers.map((name) => `"${name}"`).join(', ')}: fire a purchase (above) and see it under Executions`
        : '   Active        no trigger workflow on the sandbox is active',
      config.queue
        ? '   Data          a throwaway Postgres database: nothing is kept after Ctrl-C'
        : `   Data          ${config.userFolder} (kept between runs; delete it to start over)`,
    );
    if (queueLines.length) lines.push('', ' Queue mode (what runs where)', ...queueLines.map((line) => `   ${line}`));
  } else {
    lines.push('', ` n8n             ${n8nMissing ?? 'not running'}`);
  }
  lines.push('', ' Press Ctrl-C to stop.', '');
  say(lines.join('\n'));
}

main().catch(async (error: unknown) => {
  process.stderr.write(`npm start: ${error instanceof Error ? error.message : String(error)}\n`);
  await stop('error');
  process.exit(1);
});
