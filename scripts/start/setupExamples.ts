/**
 * The sandbox credential and the example workflows in `npm start`'s n8n, the same way in both modes:
 * a fresh database (queue mode, a first run) gets every example, a kept one only those deleted since.
 */
import * as fs from 'fs';
import * as path from 'path';
import {
  activateWorkflow,
  importCredentials,
  importWorkflows,
  listWorkflows,
  type N8nHome,
  type N8nWorkflowJson,
  type RestSession,
} from '../n8n/instance';
import { EXAMPLE_CREDENTIAL, activeOnStart, loadExamples, sandboxCredential } from './examples';
import { activeSandboxTriggers, reRegisterHooks } from './hooks';

type Say = (line: string) => void;

/** Written once the examples in a user folder name the installed node types. */
const EXAMPLES_MARKER = 'commerce-service-examples.json';

/** Imports the credential (every run: it follows SANDBOX_PORT and SANDBOX_API_KEY) and the missing examples. */
export async function importExamples(
  home: N8nHome,
  sandbox: { url: string; apiKey: string; apiRoot: string },
  step: Say,
): Promise<N8nWorkflowJson[]> {
  step(`Importing the credential "${EXAMPLE_CREDENTIAL.name}" (user folder ${home.userFolder})`);
  await importCredentials(home, [sandboxCredential(sandbox)]);
  // Same ids each run: a later run keeps the user's changes and re-imports only deleted examples,
  // except once in a folder whose examples name the CUSTOM.* types of earlier versions (no marker).
  const marker = path.join(home.userFolder, EXAMPLES_MARKER);
  const current = fs.existsSync(marker);
  const existing = new Set((await listWorkflows(home)).map((wf) => wf.id));
  const missing = loadExamples().filter((wf) => !current || !existing.has(wf.id));
  if (missing.length) {
    step(`Importing example workflows: ${missing.map((wf) => `"${wf.name}"`).join(', ')}`);
    await importWorkflows(home, missing);
  }
  fs.writeFileSync(marker, `${JSON.stringify({ nodeTypes: 'installed' })}\n`);
  return missing;
}

/**
 * The sandbox starts empty each run: the active sandbox triggers register their hooks again; the
 * trigger examples imported just now are activated (not a recipe still waiting for its chat URL).
 * Returns the names of the active sandbox triggers.
 */
export async function activateExamples(
  session: RestSession,
  imported: N8nWorkflowJson[],
  webhookBase: string,
  step: Say,
): Promise<string[]> {
  const stale = await activeSandboxTriggers(session, EXAMPLE_CREDENTIAL.id);
  if (stale.length) {
    step(`Registering the hooks of active trigger workflows: ${stale.map((wf) => `"${wf.name}"`).join(', ')}`);
    await reRegisterHooks(session, stale);
  }
  for (const wf of imported.filter((w) => activeOnStart(w) && !stale.some((s) => s.id === w.id))) {
    step(`Activating "${wf.name}" (its hook: ${webhookBase}/webhook/...)`);
    await activateWorkflow(session, wf.id);
  }
  return (await activeSandboxTriggers(session, EXAMPLE_CREDENTIAL.id)).map((wf) => wf.name);
}
