/**
 * n8n's internal REST API (/rest, cookie auth), as the editor uses it: owner setup and login, and
 * reading executions, which is how tests see that a trigger ran and with what data.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';

export interface RestSession {
  url: string;
  /** `n8n-auth=<jwt>` */
  cookie: string;
}

export interface OwnerLogin {
  email: string;
  password: string;
  session: RestSession;
}

interface Reply {
  status: number;
  body: unknown;
  setCookie: string[];
}

export class N8nRestError extends Error {
  constructor(
    method: string,
    route: string,
    readonly reply: Reply,
  ) {
    super(`${method} ${route} -> ${reply.status}: ${JSON.stringify(reply.body).slice(0, 500)}`);
    this.name = 'N8nRestError';
  }
}

function call(
  url: string,
  method: string,
  route: string,
  body?: unknown,
  cookie?: string,
  timeoutMs = 30000,
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    // A new connection per call (agent: false). n8n's server keeps idle connections 5 s (Node's default
    // keepAliveTimeout) and Node 24's global agent keeps them for reuse; a caller whose event loop was
    // busy past those 5 s (jest compiling the next file under load) reused one n8n had closed: "socket hang up".
    const req = http.request(`${url}${route}`, { method, headers, timeout: timeoutMs, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON (an HTML error page): keep the text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, setCookie: res.headers['set-cookie'] ?? [] });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${route} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * GET/POST with the session cookie; returns the `data` n8n wraps its answers in. `timeoutMs` (default
 * 30 s) for slow calls such as installing a community package (npm runs inside the request).
 */
export async function rest<T>(
  session: RestSession,
  method: string,
  route: string,
  body?: unknown,
  opts: { timeoutMs?: number } = {},
): Promise<T> {
  const reply = await call(session.url, method, `/rest${route}`, body, session.cookie, opts.timeoutMs);
  if (reply.status >= 300) throw new N8nRestError(method, route, reply);
  return (reply.body as { data: T }).data;
}

/**
 * GET of one of the editor's files outside /rest (e.g. `/types/nodes.json`), with the session cookie,
 * on a connection of its own like every call here.
 */
export async function getEditorFile<T>(session: RestSession, route: string): Promise<T> {
  const reply = await call(session.url, 'GET', route, undefined, session.cookie);
  if (reply.status !== 200) throw new N8nRestError('GET', route, reply);
  return reply.body as T;
}

function authCookie(reply: Reply): string {
  const found = reply.setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('n8n-auth='));
  if (!found) throw new Error('n8n set no n8n-auth cookie');
  return found;
}

export async function login(url: string, email: string, password: string): Promise<RestSession> {
  const reply = await call(url, 'POST', '/rest/login', { emailOrLdapLoginId: email, password });
  if (reply.status !== 200) throw new N8nRestError('POST', '/rest/login', reply);
  return { url, cookie: authCookie(reply) };
}

const OWNER_FILE = 'commerce-service-owner.json';

/**
 * Makes sure the instance has an owner and returns a logged-in session. n8n 2.x has no owner until
 * someone claims it: `POST /rest/owner/setup` (unauthenticated, works once per database). The login
 * is saved in `<userFolder>/commerce-service-owner.json` so a later start of the same folder logs
 * in again. (Env-based setup, N8N_INSTANCE_OWNER_MANAGED_BY_ENV, needs a bcrypt hash: not built in.)
 */
export async function ensureOwner(
  instance: { url: string; userFolder: string },
  wanted: { email?: string; password?: string } = {},
): Promise<OwnerLogin> {
  const file = path.join(instance.userFolder, OWNER_FILE);
  if (fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { email: string; password: string };
    return { ...saved, session: await login(instance.url, saved.email, saved.password) };
  }
  const email = wanted.email ?? 'owner@example.com';
  // n8n wants 8-64 chars with a digit and an uppercase letter.
  const password = wanted.password ?? `Cs${randomBytes(9).toString('base64url')}7`;
  const reply = await call(instance.url, 'POST', '/rest/owner/setup', {
    email,
    firstName: 'Local',
    lastName: 'Owner',
    password,
  });
  if (reply.status !== 200) {
    const hint = JSON.stringify(reply.body).includes('already setup')
      ? ` (the owner exists but ${file} is gone: pass its email and password to login(), or start from an empty user folder)`
      : '';
    throw new N8nRestError('POST', `/rest/owner/setup${hint}`, reply);
  }
  fs.writeFileSync(file, `${JSON.stringify({ email, password }, null, 2)}\n`, { mode: 0o600 });
  return { email, password, session: { url: instance.url, cookie: authCookie(reply) } };
}

/**
 * Saves a credential as the editor's Save does (`POST /rest/credentials`) and returns the id n8n gave
 * it (n8n assigns credential ids). n8n refuses a type it has not loaded ("Unknown credential type").
 */
export async function saveCredential(
  session: RestSession,
  credential: { name: string; type: string; data: Record<string, unknown> },
): Promise<{ id: string; name: string }> {
  const { name, type, data } = credential;
  const made = await rest<{ id: string; name: string }>(session, 'POST', '/credentials', { name, type, data });
  return { id: made.id, name: made.name };
}

/**
 * Saves a workflow, inactive, as the editor's Save does (`POST /rest/workflows`), and returns its id:
 * n8n 2.x keeps the id it is given, n8n 1.x drops it and assigns one.
 */
export async function saveWorkflow(
  session: RestSession,
  workflow: { id?: string; [key: string]: unknown },
): Promise<string> {
  const made = await rest<{ id: string }>(session, 'POST', '/workflows', { ...workflow, active: false });
  return made.id;
}

/**
 * Activates (publishes) a workflow on the running server, as the editor's Publish button does, and
 * waits until its triggers are live: trigger nodes' webhookMethods (checkExists, create) run with
 * this server's URL and port, and their errors come back as an Error with n8n's message.
 */
export async function activateWorkflow(session: RestSession, workflowId: string, timeoutMs?: number): Promise<void> {
  const workflow = await rest<{ versionId: string }>(session, 'GET', `/workflows/${workflowId}`);
  await rest(session, 'POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
  await waitForPublished(session, workflowId, timeoutMs);
}

/** Deactivates (unpublishes) a workflow on the running server; trigger nodes' `delete` runs. */
export async function deactivateWorkflow(session: RestSession, workflowId: string, timeoutMs?: number): Promise<void> {
  await rest(session, 'POST', `/workflows/${workflowId}/deactivate`, {});
  await waitForPublicationStatus(session, workflowId, ['not_published'], timeoutMs);
}

interface PublicationStatus {
  status: 'in_progress' | 'not_published' | 'published' | 'partial' | 'failed';
  triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }>;
}

/**
 * n8n 2.x publishes through an outbox, asynchronously: neither the activate call returning nor the
 * server's "Editor is now accessible" line (for workflows published before start) means the
 * webhooks are registered yet. This waits until they are, and throws a trigger's activation error.
 */
export async function waitForPublished(session: RestSession, workflowId: string, timeoutMs?: number): Promise<void> {
  const result = await waitForPublicationStatus(session, workflowId, ['published', 'partial', 'failed'], timeoutMs);
  if (result.status !== 'published') {
    const errors = result.triggers
      .map((t) => t.errorMessage)
      .filter(Boolean)
      .join('; ');
    throw new Error(`workflow ${workflowId} publication ${result.status}: ${errors || 'no error message'}`);
  }
}

/**
 * n8n 2.x's publication status. n8n 1.x has no such route (404): it activates synchronously, so the
 * activate call has already returned its trigger's error, and the workflow's `active` flag is the status.
 */
async function publicationStatus(session: RestSession, workflowId: string): Promise<PublicationStatus> {
  try {
    return await rest<PublicationStatus>(session, 'GET', `/workflows/${workflowId}/publication-status`);
  } catch (error) {
    if (!(error instanceof N8nRestError && error.reply.status === 404)) throw error;
    const workflow = await rest<{ active: boolean }>(session, 'GET', `/workflows/${workflowId}`);
    return { status: workflow.active ? 'published' : 'not_published', triggers: [] };
  }
}

async function waitForPublicationStatus(
  session: RestSession,
  workflowId: string,
  wanted: Array<PublicationStatus['status']>,
  timeoutMs = 30000,
): Promise<PublicationStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await publicationStatus(session, workflowId);
    if (wanted.includes(result.status)) return result;
    if (Date.now() > deadline) throw new Error(`workflow ${workflowId} still ${result.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface ExecutionSummary {
  id: string;
  workflowId: string;
  status: string; // new | running | success | error | canceled | crashed | waiting
  mode: string; // webhook | trigger | cli | manual ...
  startedAt: string | null;
  stoppedAt: string | null;
}

export async function listExecutions(session: RestSession, workflowId: string): Promise<ExecutionSummary[]> {
  const filter = encodeURIComponent(JSON.stringify({ workflowId }));
  const page = await rest<{ results: ExecutionSummary[] }>(session, 'GET', `/executions?filter=${filter}&limit=100`);
  return page.results;
}

export interface ExecutionDetail extends ExecutionSummary {
  /** Unflattened run data: `data.resultData.runData[<node>][0].data.main[0][i].json`. */
  data: {
    resultData: {
      runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;
      error?: unknown;
    };
  };
}

export async function getExecution(session: RestSession, id: string): Promise<ExecutionDetail> {
  const raw = await rest<ExecutionSummary & { data: string }>(session, 'GET', `/executions/${id}`);
  return { ...raw, data: unflatten(raw.data) as ExecutionDetail['data'] };
}

const FINISHED = new Set(['success', 'error', 'canceled', 'crashed']);

/**
 * Polls until the workflow has a finished execution not in `seen` (ids from an earlier
 * listExecutions), then returns it with its data.
 */
export async function waitForExecution(
  session: RestSession,
  workflowId: string,
  opts: { seen?: string[]; timeoutMs?: number } = {},
): Promise<ExecutionDetail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30000);
  const seen = new Set(opts.seen ?? []);
  for (;;) {
    const found = (await listExecutions(session, workflowId)).find((e) => !seen.has(e.id) && FINISHED.has(e.status));
    if (found) return getExecution(session, found.id);
    if (Date.now() > deadline)
      throw new Error(`no new finished execution of workflow ${workflowId} within ${opts.timeoutMs ?? 30000} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Items a node output in an execution (first run, output 0 unless given). */
export function executionNodeOutput(
  execution: ExecutionDetail,
  nodeName: string,
  output = 0,
): Array<Record<string, unknown>> {
  const first = execution.data.resultData.runData[nodeName]?.[0];
  return (first?.data?.main[output] ?? []).map((item) => item.json);
}

/**
 * n8n stores run data in the `flatted` format: a JSON array whose first entry is the root; inside
 * objects and arrays every string is the index of the entry holding the value.
 */
function unflatten(text: string): unknown {
  const input = JSON.parse(text) as unknown[];
  const done = new Map<number, unknown>();
  const resolve = (index: number): unknown => {
    const entry = input[index];
    if (entry === null || typeof entry !== 'object') return entry;
    if (done.has(index)) return done.get(index);
    const out: Record<string, unknown> = Array.isArray(entry) ? ([] as unknown as Record<string, unknown>) : {};
    done.set(index, out);
    for (const [key, value] of Object.entries(entry))
      out[key] = typeof value === 'string' ? resolve(Number(value)) : value;
    return out;
  };
  return resolve(0);
}
