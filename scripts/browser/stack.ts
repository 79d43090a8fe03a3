/**
 * What `npm start` runs, on free ports and a throw-away n8n user folder so it never collides with a
 * running `npm start`: the sandbox store (real profile) and a real n8n with this repository's package
 * (n8n/dist, built first), the sandbox credential and the example workflows, an owner, and the example
 * trigger workflows activated. Built from the same functions scripts/start.ts uses.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { startSandbox, type Sandbox } from '../../sandbox';
import { ensureN8n } from '../n8n/install';
import { REPO_ROOT } from '../toolchain';
import {
  activateWorkflow,
  ensureOwner,
  importCredentials,
  importWorkflows,
  startN8n,
  type N8nHome,
  type N8nInstance,
  type OwnerLogin,
} from '../n8n/instance';
import { activeOnStart, forCustomExtensions, loadExamples, sandboxCredential } from '../start/examples';

const run = promisify(execFile);

export interface Stack {
  sandbox: Sandbox;
  n8n: N8nInstance;
  owner: OwnerLogin;
  home: N8nHome;
  /** Names of the example workflows whose trigger is active (their hooks are on the sandbox). */
  activeExamples: string[];
  stop(): Promise<void>;
}

export interface StackOptions {
  log?: (line: string) => void;
  /** Keep the n8n user folder after stop (for debugging). */
  keep?: boolean;
  /** Build n8n/dist first (default true): the browser must see the package as the sources are now. */
  build?: boolean;
}

/**
 * `npm run build:n8n`, retried: another change to the package sources may be half-way. Its output
 * comes back in the error of the last try.
 */
async function buildN8nPackage(tries = 3, waitMs = 20_000): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run('npm', ['run', '--silent', 'build:n8n'], {
        cwd: REPO_ROOT,
        timeout: 300_000,
        maxBuffer: 20 * 1024 * 1024,
      });
      return;
    } catch (error) {
      if (attempt >= tries) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`npm run build:n8n failed ${tries} times; last output:\n${stdout}\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => undefined);
  const install = await ensureN8n({ log });
  if (options.build !== false) await buildN8nPackage();
  const sandbox = await startSandbox({ port: 0, profile: 'real' });
  const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-browser-'));
  const home: N8nHome = { install, userFolder, customExtensions: path.join(REPO_ROOT, 'n8n', 'dist'), log };
  let n8n: N8nInstance | undefined;
  const stop = async () => {
    await n8n?.stop();
    await sandbox.close();
    if (!options.keep) fs.rmSync(userFolder, { recursive: true, force: true });
  };
  try {
    // This stack loads the package from N8N_CUSTOM_EXTENSIONS: the examples' nodes are typed CUSTOM.<node> here.
    const examples = loadExamples().map(forCustomExtensions);
    await importCredentials(home, [sandboxCredential(sandbox)]);
    await importWorkflows(home, examples);
    n8n = await startN8n({ ...home, readyTimeoutMs: 180_000 });
    const owner = await ensureOwner(n8n);
    const triggers = examples.filter(activeOnStart);
    for (const wf of triggers) await activateWorkflow(owner.session, wf.id);
    return { sandbox, n8n, owner, home, activeExamples: triggers.map((wf) => wf.name), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
