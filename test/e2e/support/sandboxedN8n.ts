/**
 * The set-up of an e2e suite that needs one sandbox store and one n8n of its own: the package built,
 * a throwaway n8n user folder with a credential for the store and the suite's workflows imported.
 * The suite starts n8n itself (when and how often is what it tests). N8N_E2E_VERBOSE=1 streams n8n's
 * output; N8N_E2E_KEEP=1 keeps the user folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, type SandboxProfile, startSandbox } from '../../../sandbox';
import { ensureN8n } from '../../../scripts/n8n/install';
import { importCredentials, importWorkflows, type N8nHome, type N8nWorkflowJson } from '../../../scripts/n8n/instance';
import { sandboxCredential, type CredentialRef } from '../../../scripts/start/examples';
import { npmRun, ROOT, type timer } from './steps';

export interface SandboxedN8n {
  store: Sandbox;
  home: N8nHome;
  /** Stops the store and removes the user folder (stop n8n first). */
  close(): Promise<void>;
}

export async function prepareSandboxedN8n(options: {
  profile: SandboxProfile;
  folderPrefix: string;
  credential: CredentialRef;
  workflows: N8nWorkflowJson[];
  clock: ReturnType<typeof timer>;
}): Promise<SandboxedN8n> {
  const { clock } = options;
  const install = await clock.timed('ensureN8n (cached)', () => ensureN8n());
  await clock.timed('npm run build:n8n', () => npmRun('build:n8n'));
  const store = await startSandbox({ port: 0, profile: options.profile, quiet: true });
  const userFolder = mkdtempSync(path.join(tmpdir(), options.folderPrefix));
  const home: N8nHome = {
    install,
    userFolder,
    customExtensions: path.join(ROOT, 'n8n', 'dist'),
    ...(process.env.N8N_E2E_VERBOSE ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
  };
  await clock.timed('import credential and workflows', async () => {
    await importCredentials(home, [sandboxCredential(store, options.credential)]);
    await importWorkflows(home, options.workflows);
  });
  return {
    store,
    home,
    async close() {
      await store.close();
      if (!process.env.N8N_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
    },
  };
}
