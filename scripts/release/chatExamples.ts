/**
 * The chat examples (the n8n examples whose HTTP Request posts to the placeholder URL) against the
 * bodies n8n/README.md ("First workflow") gives each chat app. The example's JSON body is an n8n
 * expression that picks the body from the URL's host; it is evaluated here with n8n-workflow, the
 * expression engine n8n runs, for a URL of each app, and must give that app's body.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Workflow, type INode, type INodeType, type INodeTypes } from 'n8n-workflow';
import { CHAT_URL_PLACEHOLDER, loadExamples } from '../start/examples';
import { REPO_ROOT } from '../toolchain';

export type ChatApp = 'slack' | 'discord' | 'teams';

/**
 * Incoming-webhook URLs in the shapes each app hands out, on each host it uses: Discord's current and
 * older domain, Teams Workflows on Power Platform and on the older Logic Apps host.
 */
export const CHAT_URLS: Readonly<Record<ChatApp, readonly string[]>> = {
  slack: ['https://hooks.slack.com/services/T0000000/B0000000/recipeToken000000000000'],
  discord: [
    'https://discord.com/api/webhooks/1000000000000000000/recipe-token',
    'https://discordapp.com/api/webhooks/1000000000000000001/recipe-token',
  ],
  teams: [
    'https://default0000.00.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/0000/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=recipe',
    'https://prod-00.westus.logic.azure.com:443/workflows/0000/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=recipe',
  ],
};

/**
 * The body n8n/README.md ("First workflow") gives for each app, holding `message`: Slack `text`,
 * Discord `content`, Teams the README's Adaptive Card with `message` as its TextBlock's text.
 */
export function readmeBody(app: ChatApp, message: string): unknown {
  if (app === 'slack') return { text: message };
  if (app === 'discord') return { content: message };
  const readme = readFileSync(path.join(REPO_ROOT, 'n8n', 'README.md'), 'utf8');
  const section = /^## First workflow\b[^\n]*\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const blocks = [...section.matchAll(/^ *```json\n([\s\S]*?)^ *```$/gm)].map((match) => match[1] ?? '');
  if (blocks.length !== 1)
    throw new Error(
      `n8n/README.md's "First workflow" section should hold one json block (Teams), found ${blocks.length}`,
    );
  const card = (blocks[0] ?? '').replace(/\{\{[\s\S]*?\}\}/g, () => JSON.stringify(message));
  return JSON.parse(card) as unknown;
}

/** Just what the expression reads of the HTTP Request node: its URL (`$parameter.url`) and JSON body. */
const HTTP_REQUEST: INodeType = {
  description: {
    displayName: 'HTTP Request',
    name: 'httpRequest',
    group: ['output'],
    version: 4.5,
    description: '',
    defaults: {},
    inputs: [],
    outputs: [],
    properties: [
      { displayName: 'URL', name: 'url', type: 'string', default: '' },
      { displayName: 'JSON', name: 'jsonBody', type: 'json', default: '' },
    ],
  },
};
const NODE_TYPES: INodeTypes = {
  getByName: () => HTTP_REQUEST,
  getByNameAndVersion: () => HTTP_REQUEST,
  getKnownTypes: () => ({}),
};

/** What the chat node's JSON body gives, as n8n resolves it, for `url` and an input item `{ message }`. */
function bodyFor(node: INode, url: string, message: string): unknown {
  const chat: INode = { ...node, type: 'httpRequest', parameters: { url, jsonBody: node.parameters.jsonBody ?? '' } };
  const workflow = new Workflow({ nodes: [chat], connections: {}, active: false, nodeTypes: NODE_TYPES });
  return workflow.expression.getParameterValue(
    chat.parameters.jsonBody ?? '',
    null,
    0,
    0,
    chat.name,
    [{ json: { message } }],
    'manual',
    {},
  );
}

/** What is wrong with the chat examples, one line each (empty: nothing). */
export function chatExampleProblems(dir = path.join(REPO_ROOT, 'n8n', 'examples')): string[] {
  const problems: string[] = [];
  // A name with a quote and a backslash: the body must stay valid JSON.
  const message = 'New sale: Zoë "Z" O\'Brien \\ bought Course for USD 197.00 (order #1)';
  for (const workflow of loadExamples(dir)) {
    const nodes = workflow.nodes as unknown as INode[];
    for (const node of nodes.filter((n) => n.parameters?.url === CHAT_URL_PLACEHOLDER)) {
      const where = `"${workflow.name}" → "${node.name}"`;
      const { specifyBody, jsonBody } = node.parameters;
      if (specifyBody !== 'json' || typeof jsonBody !== 'string') {
        problems.push(`${where}: posts to chat without a JSON body chosen by the URL (Specify Body: Using JSON)`);
        continue;
      }
      const feeds = Object.entries(workflow.connections as Record<string, { main?: Array<Array<{ node: string }>> }>)
        .filter(([, out]) => (out.main ?? []).flat().some((link) => link.node === node.name))
        .map(([from]) => nodes.find((n) => n.name === from));
      const sets = (input: INode | undefined) =>
        (input?.parameters?.assignments as { assignments?: Array<{ name: string }> } | undefined)?.assignments?.some(
          (field) => field.name === 'message',
        ) === true;
      if (feeds.length !== 1 || !sets(feeds[0]))
        problems.push(`${where}: its one input should be a node setting the field "message"`);
      for (const app of Object.keys(CHAT_URLS) as ChatApp[])
        for (const url of CHAT_URLS[app]) {
          const host = new URL(url).host;
          let body: unknown;
          try {
            body = bodyFor(node, url, message);
          } catch (error) {
            problems.push(`${where}: for ${host}, n8n cannot resolve the body: ${(error as Error).message}`);
            continue;
          }
          const expected = readmeBody(app, message);
          if (!isDeepStrictEqual(body, expected))
            problems.push(
              `${where}: for ${host} sends ${JSON.stringify(body)}, not ${app}'s body from n8n/README.md, ${JSON.stringify(expected)}`,
            );
        }
    }
  }
  return problems;
}
