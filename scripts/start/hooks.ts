/**
 * Keeps the sandbox's hooks in step with n8n across `npm start` runs. The sandbox keeps hooks in memory,
 * so a fresh start has none, while n8n still holds each active trigger's hook id in its static data and,
 * at its own start, trusts it (a store cannot list hooks). Deactivating such a workflow deletes the
 * stale hook (the store answers "already gone") and forgets it; activating it registers a new one.
 */
import { activateWorkflow, deactivateWorkflow, rest, type RestSession } from '../n8n/rest';
import { triggerNodes } from './examples';

interface WorkflowSummary {
  id: string;
  name: string;
  active: boolean;
}

interface WorkflowDetail extends WorkflowSummary {
  nodes: Array<Record<string, unknown>>;
}

/** Active workflows whose Commerce Service Trigger uses the given credential. */
export async function activeSandboxTriggers(session: RestSession, credentialId: string): Promise<WorkflowSummary[]> {
  const all = await rest<WorkflowSummary[]>(session, 'GET', '/workflows');
  const found: WorkflowSummary[] = [];
  for (const summary of all.filter((wf) => wf.active)) {
    const workflow = await rest<WorkflowDetail>(session, 'GET', `/workflows/${summary.id}`);
    const usesSandbox = triggerNodes(workflow).some(
      (node) =>
        (node.credentials as Record<string, { id?: string }> | undefined)?.commerceServiceApi?.id === credentialId,
    );
    if (usesSandbox) found.push({ id: workflow.id, name: workflow.name, active: true });
  }
  return found;
}

/**
 * Re-registers the hooks of these active workflows on the (fresh) sandbox. All are deactivated before
 * any is activated again: the sandbox hands out the same ids after each restart, so deleting one
 * workflow's stale id after another workflow got that id anew would delete the new hook.
 */
export async function reRegisterHooks(session: RestSession, workflows: WorkflowSummary[]): Promise<void> {
  for (const workflow of workflows) await deactivateWorkflow(session, workflow.id);
  for (const workflow of workflows) await activateWorkflow(session, workflow.id);
}
