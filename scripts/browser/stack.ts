/**
 * What `npm start` runs, on free ports and a throw-away n8n user folder so it never collides with a
 * running `npm start`: the sandbox store (real profile) and a real n8n with this repository's package
 * (n8n/dist: the caller builds it), the sandbox credential and the example workflows, an owner, and the
 * example trigger workflows activated. Built from the same functions scripts/start.ts uses.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startSandbox, type Sandbox } from '../../sandbox';
import { ensureN8n } from '../n8n/install';
import { REPO_ROOT } from '../toolchain';
import {
  activateWorkflow,
  ensureOwner,
  importCredentials,
  saveWorkflow,
  startN8n,
  type N8nHome,
  type N8nInstance,
  type OwnerLogin,
} from '../n8n/instance';
import { activeOnStart, forCustomExtensions, loadExamples, sandboxCredential } from '../start/examples';

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
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => undefined);
  const install = await ensureN8n({ log });
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
    // The credential by the CLI (only an import keeps the fixed id the examples name), the examples
    // through the REST API once n8n runs, as npm start does: one n8n CLI boot instead of two.
    await importCredentials(home, [sandboxCredential(sandbox)]);
    n8n = await startN8n({ ...home, readyTimeoutMs: 180_000 });
    const owner = await ensureOwner(n8n);
    for (const wf of examples) await saveWorkflow(owner.session, wf);
    const triggers = examples.filter(activeOnStart);
    for (const wf of triggers) await activateWorkflow(owner.session, wf.id);
    return { sandbox, n8n, owner, home, activeExamples: triggers.map((wf) => wf.name), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
