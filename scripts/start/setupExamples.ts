/**
 * The sandbox credential and the example workflows in `npm start`'s n8n, the same way in both modes:
 * a fresh database (queue mode, a first run) gets every example, a kept one only those deleted since.
 */
import * as fs from 'fs';
import * as path from 'path';
import {
  activateWorkflow,
  importCredentials,
  N8nRestError,
  rest,
  saveWorkflow,
  type N8nHome,
  type N8nWorkflowJson,
  type RestSession,
} from '../n8n/instance';
import { EXAMPLE_CREDENTIAL, activeOnStart, loadExamples, sandboxCredential } from './examples';
import { activeSandboxTriggers, reRegisterHooks } from './hooks';

type Say = (line: string) => void;

/** Written once the examples in a user folder name the installed node types. */
const EXAMPLES_MARKER = 'commerce-service-examples.json';

/**
 * The sandbox credential, every run (it follows SANDBOX_PORT and SANDBOX_API_KEY), with n8n's CLI
 * before n8n starts: only an import keeps the fixed id the examples name.
 */
export async function importExampleCredential(
  home: N8nHome,
  sandbox: { url: string; apiKey: string; apiRoot: string },
  step: Say,
): Promise<void> {
  step(`Importing the credential "${EXAMPLE_CREDENTIAL.name}" (user folder ${home.userFolder})`);
  await importCredentials(home, [sandboxCredential(sandbox)]);
}

/** `GET /workflows/{id}`: the saved workflow, or undefined when there is none (archived ones count). */
async function savedWorkflow(session: RestSession, id: string): Promise<{ versionId: string } | undefined> {
  try {
    return await rest<{ versionId: string }>(session, 'GET', `/workflows/${id}`);
  } catch (error) {
    if (error instanceof N8nRestError && error.reply.status === 404) return undefined;
    throw error;
  }
}

/**
 * Saves the missing examples through the running n8n's REST API, as the editor's Save does (fixed ids
 * kept), so no n8n CLI process boots for them. A later run keeps the user's changes, except once in a
 * folder whose examples name the CUSTOM.* types of earlier versions (no marker): those are replaced.
 */
export async function saveExamples(session: RestSession, userFolder: string, step: Say): Promise<N8nWorkflowJson[]> {
  const marker = path.join(userFolder, EXAMPLES_MARKER);
  const current = fs.existsSync(marker);
  const saved: N8nWorkflowJson[] = [];
  for (const example of loadExamples()) {
    const existing = await savedWorkflow(session, example.id);
    if (existing && current) continue;
    step(`Saving the example workflow "${example.name}"`);
    const { id, name, nodes, connections, settings } = example;
    if (existing)
      await rest(session, 'PATCH', `/workflows/${id}`, {
        versionId: existing.versionId,
        name,
        nodes,
        connections,
        settings,
      });
    else await saveWorkflow(session, example);
    saved.push(example);
  }
  fs.writeFileSync(marker, `${JSON.stringify({ nodeTypes: 'installed' })}\n`);
  return saved;
}

/**
 * The sandbox starts empty each run: the active sandbox triggers register their hooks again; the
 * trigger examples saved just now are activated (not a recipe still waiting for its chat URL).
 * Returns the names of the active sandbox triggers.
 */
export async function activateExamples(
  session: RestSession,
  saved: N8nWorkflowJson[],
  webhookBase: string,
  step: Say,
): Promise<string[]> {
  const stale = await activeSandboxTriggers(session, EXAMPLE_CREDENTIAL.id);
  if (stale.length) {
    step(`Registering the hooks of active trigger workflows: ${stale.map((wf) => `"${wf.name}"`).join(', ')}`);
    await reRegisterHooks(session, stale);
  }
  for (const wf of saved.filter((w) => activeOnStart(w) && !stale.some((s) => s.id === w.id))) {
    step(`Activating "${wf.name}" (its hook: ${webhookBase}/webhook/...)`);
    await activateWorkflow(session, wf.id);
  }
  return (await activeSandboxTriggers(session, EXAMPLE_CREDENTIAL.id)).map((wf) => wf.name);
}
