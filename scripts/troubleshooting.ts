/**
 * Each README's Troubleshooting tables, made from the shared client, so a README says what the code
 * says: one row per connection situation (`shared/src/situations.ts`), one per message a read can end
 * with beyond those (a rate limit, a server error, an unexpected status or shape, the time a step may
 * spend: each made by running the code that writes it), and for n8n the texts of its credential test
 * (`STATUS_ANSWERS`). `npx tsx scripts/troubleshooting.ts n8n|zapier` prints them;
 * test/unit/scripts/troubleshooting.test.ts holds each README to them.
 */
import { resolveStore } from '../shared/src/config';
import type { CommerceServiceError } from '../shared/src/errors';
import { parseBody } from '../shared/src/http/parseBody';
import { RequestPipeline } from '../shared/src/http/pipeline';
import { responseError } from '../shared/src/http/responseError';
import { NETWORK_CODES, STATUS_ANSWERS } from '../shared/src/http/situations';
import type { HttpResponse } from '../shared/src/http/transport';
import { SITUATIONS, type Situation } from '../shared/src/situations';

export type Readme = 'n8n' | 'zapier';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** What n8n's credential test shows for a situation: a Node error code, or the answer to a status. */
function credentialTestShows(situation: Situation): string {
  const codes = Object.entries(NETWORK_CODES)
    .filter(([, told]) => told === situation)
    .map(([code]) => `\`${code}\``);
  if (situation === 'timeout') return '`ETIMEDOUT`, `ECONNABORTED`';
  // n8n's helper (axios over Node's https) reports plain HTTP on an https:// address as EPROTO, and an
  // https:// that nothing serves as a refused or cut connection (test/e2e/wordpress.e2e.ts shows both).
  if (situation === 'no-https') return '`EPROTO` ("wrong version number"), `ECONNREFUSED`, `ECONNRESET`';
  if (codes.length > 0) return codes.join(', ');
  const statuses = STATUS_ANSWERS.filter((answer) => answer.situations.includes(situation)).map(
    (answer) => `HTTP ${answer.status}`,
  );
  return statuses.length > 0 ? `the ${statuses.join(' / ')} answer` : 'a node names it';
}

/** A message a read can end with that is no connection situation: its words, and what n8n's credential test shows. */
export interface ReadMessage {
  kind: 'rate-limit' | 'server-error' | 'unexpected-status' | 'unexpected-shape' | 'time-budget';
  summary: string;
  hint: string;
  credentialTest: string;
}

const STORE = resolveStore({ storeUrl: 'https://your-store.com', apiKey: 'k' });
const CONTEXT = {
  store: STORE.label,
  operation: 'Get an order',
  apiKey: STORE.apiKey,
  apiRoot: STORE.apiRootText,
  url: 'https://your-store.com/wp-json/sc/v1/orders/1',
};

/** The error `responseError` makes of a non-JSON-API answer with this status and these headers. */
function answered(status: number, headers: Record<string, string> = {}): CommerceServiceError {
  const response: HttpResponse = { status, headers, body: '' };
  return responseError(CONTEXT, response, parseBody(response.body));
}

/** What a pipeline's `send` throws: a read whose answer has no expected shape, or a step with no time left. */
async function sent(options: { deadlineMs?: number; problem?: string }): Promise<CommerceServiceError> {
  const pipeline = new RequestPipeline(STORE, {
    timeoutMs: 1000,
    ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
    transport: { send: () => Promise.resolve({ status: 200, headers: {}, body: '{}' }), sendsGetBody: false },
  });
  try {
    await pipeline.send({
      label: CONTEXT.operation,
      request: { method: 'GET', url: CONTEXT.url, query: {}, headers: {}, auth: { style: 'none' } },
      retried: false,
      read: () => Promise.resolve({ problem: options.problem ?? '' }),
    });
  } catch (error) {
    return error as CommerceServiceError;
  }
  throw new Error('the pipeline answered where the table needs its error');
}

/** What an error says after "<operation> failed on <store>: ", as the README's first column gives it. */
function said(error: CommerceServiceError): string {
  const prefix = `${CONTEXT.operation} failed on ${CONTEXT.store}: `;
  if (!error.happened.startsWith(prefix) || !error.happened.endsWith('.'))
    throw new Error(`"${error.happened}" no longer starts "${prefix}": update scripts/troubleshooting.ts`);
  return error.happened.slice(prefix.length, -1);
}

/** `text` with `value` written as `<n>`, failing if the code no longer writes the value there. */
function placeholder(text: string, value: string, name = '<n>'): string {
  if (!text.includes(value)) throw new Error(`"${text}" no longer holds ${value}: update scripts/troubleshooting.ts`);
  return text.replace(value, name);
}

/** The five messages beyond the situations, each as the shared client writes it. */
export async function readMessages(): Promise<ReadMessage[]> {
  const limited = answered(429);
  const limitedFor = answered(429, { 'retry-after': '37' });
  const server = answered(502);
  const unexpected = answered(100);
  const shape = await sent({ problem: 'WHAT' });
  const budget = await sent({ deadlineMs: 1 });
  return [
    {
      kind: 'rate-limit',
      summary: said(limited),
      hint: `${limited.hint} With a Retry-After: "${placeholder(limitedFor.hint, '37')}"`,
      credentialTest: 'n8n’s own message for HTTP 429',
    },
    {
      kind: 'server-error',
      summary: placeholder(said(server), 'HTTP 502', 'HTTP 5xx'),
      hint: server.hint,
      credentialTest: 'n8n’s own message for the status',
    },
    {
      kind: 'unexpected-status',
      summary: placeholder(said(unexpected), 'HTTP 100', 'HTTP <status>'),
      hint: unexpected.hint,
      credentialTest: 'n8n’s own message for the status',
    },
    {
      kind: 'unexpected-shape',
      summary: placeholder(said(shape), 'WHAT', '<what is missing>'),
      hint: shape.hint,
      credentialTest: 'a node names it',
    },
    {
      kind: 'time-budget',
      summary: placeholder(said(budget), '1 ms', '<n> seconds'),
      hint: budget.hint,
      credentialTest: 'a node names it',
    },
  ];
}

export async function troubleshootingTable(readme: Readme): Promise<string> {
  const situations = Object.keys(SITUATIONS) as Situation[];
  const reads = await readMessages();
  if (readme === 'zapier') {
    return [
      '| The message says (after "… failed on your-store.com:") | Do this |',
      '|---|---|',
      ...situations.map((situation) => {
        const { summary, hint } = SITUATIONS[situation];
        return `| ${cell(summary)} | ${cell(hint)} |`;
      }),
      ...reads.map(({ summary, hint }) => `| ${cell(summary)} | ${cell(hint)} |`),
    ].join('\n');
  }
  return [
    '| A node\'s error says (after "… failed on your-store.com:") | The credential test shows | Do this |',
    '|---|---|---|',
    ...situations.map((situation) => {
      const { summary, hint } = SITUATIONS[situation];
      return `| ${cell(summary)} | ${credentialTestShows(situation)} | ${cell(hint)} |`;
    }),
    ...reads.map(({ summary, hint, credentialTest }) => `| ${cell(summary)} | ${credentialTest} | ${cell(hint)} |`),
  ].join('\n');
}

/** n8n's credential test, status by status: the text it shows (one rule per status, `STATUS_ANSWERS`). */
export function credentialTestTable(): string {
  const byMessage = new Map<string, number[]>();
  for (const { status, message } of STATUS_ANSWERS) byMessage.set(message, [...(byMessage.get(message) ?? []), status]);
  return [
    '| Answer | The credential test says |',
    '|---|---|',
    ...[...byMessage].map(([message, statuses]) => `| HTTP ${statuses.join(', ')} | ${cell(message)} |`),
  ].join('\n');
}

if (require.main === module) {
  const readme = process.argv[2] === 'zapier' ? 'zapier' : 'n8n';
  void troubleshootingTable(readme).then((table) => {
    console.log(table);
    if (readme === 'n8n') console.log(`\n${credentialTestTable()}`);
  });
}
