/**
 * What `npm start` prints once everything is up: where the dashboard, the store and n8n are, how to
 * fire an event (the types from the shared events catalogue) and, with n8n, the login and what runs where.
 */
import { EVENTS } from '../../shared/src/events/catalogue';

export interface BannerN8n {
  version: string;
  editorUrl: string;
  owner: { email: string; password: string };
  credential: string;
  /** The package as installed, and from where. */
  package: string;
  workflows: string[];
  /** Names of the active trigger workflows on the sandbox. */
  active: string[];
  /** Where its data is, and whether it is kept. */
  data: string;
  mode: 'single' | 'queue';
  /** One line per process, with pids (N8nStack.describe()). */
  where: string[];
}

export interface BannerInput {
  sandbox: { url: string; apiRoot: string; apiKey: string; profile: string };
  /** n8n's part, or why it is not running. */
  n8n: BannerN8n | { missing: string };
}

const RULE = '='.repeat(80);
const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

export function bannerLines({ sandbox, n8n }: BannerInput): string[] {
  const fire = (type: string) =>
    `curl -s -X POST ${sandbox.url}/sandbox/v1/events -H 'content-type: application/json' -d '{"type":"${type}"}'`;
  const running = 'missing' in n8n ? undefined : n8n;
  const lines = [
    '',
    RULE,
    ' Commerce Service: local sandbox store' + (running ? ` + n8n ${running.version}` : ''),
    RULE,
    ` Dashboard       ${sandbox.url}/  (products, a button per event, hooks, deliveries)`,
    ` Sandbox store   ${sandbox.url}  (profile ${sandbox.profile})`,
    `   API root      ${sandbox.url}${sandbox.apiRoot}`,
    `   API key       ${sandbox.apiKey}`,
    `   Try           curl -s -H 'x-api-key: ${sandbox.apiKey}' '${sandbox.url}${sandbox.apiRoot}/orders?per_page=2'`,
    `   Fire an event ${fire('purchased')}`,
    `                 (types: ${EVENTS.map((event) => event.key).join(' ')})`,
    `   Hooks         curl -s ${sandbox.url}/sandbox/v1/hooks`,
    '',
  ];
  if (!running) {
    lines.push(` n8n             ${'missing' in n8n ? n8n.missing : 'not running'}`);
  } else {
    lines.push(
      ` n8n editor      ${running.editorUrl}/`,
      `   Login         ${running.owner.email}`,
      `   Password      ${running.owner.password}`,
      `   Package       ${running.package}`,
      `   Credential    "${running.credential}" (Commerce Service API, pointing at the sandbox)`,
      `   Workflows     ${quoted(running.workflows)}`,
      running.active.length
        ? `   Active        ${quoted(running.active)}: fire a purchase (above) and see it under Executions`
        : '   Active        no trigger workflow on the sandbox is active',
      `   Data          ${running.data}`,
      '',
      running.mode === 'queue' ? ' Queue mode (what runs where)' : ' What runs where',
      ...running.where.map((line) => `   ${line}`),
    );
  }
  lines.push('', ' Press Ctrl-C to stop.', '');
  return lines;
}
