/**
 * The example workflows in n8n/examples/ (what `npm start` saves in its n8n, and what the e2e tests run) and
 * the sandbox credential they use. They name the installed node types, as a user's n8n has them after
 * Settings → Community nodes; not part of the npm package (not in its `files`).
 */
import * as fs from 'fs';
import * as path from 'path';
import type { N8nCredentialJson, N8nWorkflowJson } from '../n8n/cli';
import { REPO_ROOT } from '../toolchain';

const EXAMPLES_DIR = path.join(REPO_ROOT, 'n8n', 'examples');

/** The credential every example names; `npm start` imports it pointing at the local sandbox. */
export const EXAMPLE_CREDENTIAL = {
  id: 'csSandboxCred001',
  name: 'Commerce Service sandbox',
  type: 'commerceServiceApi',
} as const;

/** The package's name on npm: n8n types its installed nodes `<package name>.<node name>`. */
export const PACKAGE_NAME = 'n8n-nodes-commerce-service';

/** Node types as n8n names the nodes of the installed package (Settings → Community nodes): what the examples use. */
export const INSTALLED_NODE_TYPES = {
  action: `${PACKAGE_NAME}.commerceService`,
  trigger: `${PACKAGE_NAME}.commerceServiceTrigger`,
  pollingTrigger: `${PACKAGE_NAME}.commerceServicePollingTrigger`,
} as const;

/** Node types as n8n names nodes loaded from N8N_CUSTOM_EXTENSIONS (the test harnesses). */
export const NODE_TYPES = {
  action: 'CUSTOM.commerceService',
  trigger: 'CUSTOM.commerceServiceTrigger',
  pollingTrigger: 'CUSTOM.commerceServicePollingTrigger',
} as const;

type NodeRole = keyof typeof NODE_TYPES;
const isNode = (node: Record<string, unknown>, role: NodeRole) =>
  node.type === NODE_TYPES[role] || node.type === INSTALLED_NODE_TYPES[role];

export interface CredentialRef {
  id: string;
  name: string;
}

/** The nodes of a workflow that are the Commerce Service Polling Trigger. */
export function pollingTriggerNodes(workflow: {
  nodes: Array<Record<string, unknown>>;
}): Array<Record<string, unknown>> {
  return workflow.nodes.filter((node) => isNode(node, 'pollingTrigger'));
}

/** Every `*.json` of n8n/examples, parsed, sorted by file name. */
export function loadExamples(dir = EXAMPLES_DIR): N8nWorkflowJson[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const workflow = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as N8nWorkflowJson;
      if (typeof workflow.id !== 'string' || !Array.isArray(workflow.nodes)) {
        throw new Error(`${path.join(dir, name)} is not an n8n workflow with a fixed id`);
      }
      return workflow;
    });
}

/**
 * A copy of an example for an n8n that loads the package from N8N_CUSTOM_EXTENSIONS (the test
 * harnesses): its Commerce Service nodes typed `CUSTOM.<node>` instead of the installed types.
 */
export function forCustomExtensions(workflow: N8nWorkflowJson): N8nWorkflowJson {
  const copy = JSON.parse(JSON.stringify(workflow)) as N8nWorkflowJson;
  for (const node of copy.nodes) {
    const role = (Object.keys(NODE_TYPES) as NodeRole[]).find((r) => node.type === INSTALLED_NODE_TYPES[r]);
    if (role) node.type = NODE_TYPES[role];
  }
  return copy;
}

/**
 * The nodes of a workflow that are the Commerce Service Trigger (webhook). `npm start` activates the
 * examples that have one; the polling example stays inactive until the user activates it.
 */
export function triggerNodes(workflow: { nodes: Array<Record<string, unknown>> }): Array<Record<string, unknown>> {
  return workflow.nodes.filter((node) => isNode(node, 'trigger'));
}

/** Where the recipes' HTTP Request posts until the user pastes a chat's incoming-webhook URL (`.invalid` never resolves). */
export const CHAT_URL_PLACEHOLDER = 'https://paste-your-incoming-webhook-url-here.invalid/';

/** Whether a workflow still posts to the placeholder: it stays inactive, since it could only fail. */
function needsChatUrl(workflow: { nodes: Array<Record<string, unknown>> }): boolean {
  return workflow.nodes.some(
    (node) => (node.parameters as Record<string, unknown> | undefined)?.url === CHAT_URL_PLACEHOLDER,
  );
}

/**
 * The examples `npm start` activates: those with a webhook trigger, no polling trigger (polls are left
 * for the user to start, as the polling example is) and nothing left for the user to fill in.
 */
export function activeOnStart(workflow: { nodes: Array<Record<string, unknown>> }): boolean {
  return triggerNodes(workflow).length > 0 && pollingTriggerNodes(workflow).length === 0 && !needsChatUrl(workflow);
}

/** The sandbox credential in the form `n8n import:credentials` takes. */
export function sandboxCredential(
  sandbox: { url: string; apiKey: string; apiRoot: string },
  ref: CredentialRef = EXAMPLE_CREDENTIAL,
): N8nCredentialJson {
  return {
    id: ref.id,
    name: ref.name,
    type: EXAMPLE_CREDENTIAL.type,
    data: { storeUrl: sandbox.url, apiKey: sandbox.apiKey, apiRoot: sandbox.apiRoot },
  };
}
