/**
 * Proves the n8n harness with built-in nodes only: install (cached), CLI import + execute of a
 * Manual Trigger workflow, and a published Webhook workflow receiving a POST on a started server,
 * observed through the REST executions API. Prints timings and disk use.
 *   npx tsx scripts/n8n/smoke.ts [--keep]   (--keep leaves the temp user folder for inspection)
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { ToolchainUnavailableError } from '../toolchain';
import { ensureN8n } from './install';
import {
  ensureOwner,
  execute,
  executionNodeOutput,
  importWorkflow,
  listExecutions,
  nodeOutput,
  publishWorkflow,
  startN8n,
  waitForExecution,
  waitForPublished,
  type N8nHome,
  type N8nInstance,
  type N8nWorkflowJson,
} from './instance';

const MANUAL_ID = 'smokeManualWf001';
const HOOK_ID = 'smokeWebhookWf01';
const WEBHOOK_ID = '6f1c2d3e-0000-4000-8000-00000000c0de';
const HOOK_PATH = 'commerce-service-smoke';

const manualWorkflow: N8nWorkflowJson = {
  id: MANUAL_ID,
  name: 'Smoke: manual',
  nodes: [
    { id: 'm1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    {
      id: 'm2',
      name: 'Set',
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      position: [220, 0],
      parameters: {
        assignments: { assignments: [{ id: 'a1', name: 'greeting', value: 'hello', type: 'string' }] },
        options: {},
      },
    },
    {
      id: 'm3',
      name: 'Code',
      type: 'n8n-nodes-base.code',
      typeVersion: 2,
      position: [440, 0],
      parameters: { jsCode: 'return $input.all().map((i) => ({ json: { ...i.json, sum: 1 + 2 } }));' },
    },
  ],
  connections: {
    Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] },
    Set: { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
  },
  settings: { executionOrder: 'v1' },
};

const webhookWorkflow: N8nWorkflowJson = {
  id: HOOK_ID,
  name: 'Smoke: webhook',
  nodes: [
    {
      id: 'w1',
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      webhookId: WEBHOOK_ID, // fixed, so the URL is known before n8n starts
      parameters: { httpMethod: 'POST', path: HOOK_PATH, responseMode: 'onReceived', options: {} },
    },
    {
      id: 'w2',
      name: 'Mark',
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      position: [220, 0],
      parameters: {
        assignments: {
          assignments: [{ id: 'b1', name: 'orderId', value: '={{ $json.body.order_id }}', type: 'number' }],
        },
        options: {},
      },
    },
  ],
  connections: { Webhook: { main: [[{ node: 'Mark', type: 'main', index: 0 }]] } },
  settings: { executionOrder: 'v1' },
};

function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function check(ok: boolean, what: string, detail: unknown): void {
  if (!ok) throw new Error(`smoke check failed: ${what}: ${JSON.stringify(detail)}`);
  console.log(`ok - ${what}`);
}

const du = (dir: string) => execFileSync('du', ['-sh', dir], { encoding: 'utf8' }).split('\t')[0];

async function main(): Promise<void> {
  const timings: Record<string, number> = {};
  const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    try {
      return await fn();
    } finally {
      timings[label] = (Date.now() - t0) / 1000;
    }
  };

  const install = await time('ensureN8n', () => ensureN8n());
  const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-smoke-'));
  const home: N8nHome = { install, userFolder, ...(process.env.SMOKE_VERBOSE ? { log: console.log } : {}) };
  let n8n: N8nInstance | undefined;
  try {
    await time('import manual workflow (first CLI run: migrations)', () => importWorkflow(home, manualWorkflow));
    const run = await time('execute (CLI)', () => execute(home, MANUAL_ID));
    check(run.status === 'success', 'manual workflow ran via n8n execute', run.status);
    const out = nodeOutput(run, 'Code');
    check(out[0]?.greeting === 'hello' && out[0]?.sum === 3, 'Set + Code output', out);

    await time('import webhook workflow', () => importWorkflow(home, webhookWorkflow));
    await time('publish webhook workflow', () => publishWorkflow(home, HOOK_ID));

    n8n = await time('start to ready', () => startN8n(home));
    console.log(`n8n ready at ${n8n.url}`);
    const owner = await time('owner setup', () => ensureOwner(n8n as N8nInstance));
    // Published before start, activated asynchronously after the ready line: wait for it.
    await time('published after ready', () => waitForPublished(owner.session, HOOK_ID));
    const seen = (await listExecutions(owner.session, HOOK_ID)).map((e) => e.id);

    const payload = { order_id: 4242, email: 'buyer@example.com' };
    const hookUrl = n8n.webhookUrl(HOOK_PATH); // built-in Webhook node: /webhook/<path>
    const reply = await time('webhook POST', () => post(hookUrl, payload));
    check(reply.status === 200, `POST ${hookUrl} accepted`, reply);
    const execution = await time('execution observed', () => waitForExecution(owner.session, HOOK_ID, { seen }));
    check(
      execution.status === 'success' && execution.mode === 'webhook',
      'webhook execution finished',
      execution.status,
    );
    const body = executionNodeOutput(execution, 'Webhook')[0]?.body as Record<string, unknown> | undefined;
    check(body?.order_id === 4242 && body.email === payload.email, 'execution has the payload', body);
    check(
      executionNodeOutput(execution, 'Mark')[0]?.orderId === 4242,
      'downstream node saw it',
      executionNodeOutput(execution, 'Mark'),
    );

    // The CLI can also run next to the server (separate task-broker port, same SQLite file).
    const again = await time('execute (CLI, server running)', () => execute(home, MANUAL_ID));
    check(again.status === 'success', 'execute alongside a running server', again.status);

    await time('stop', () => (n8n as N8nInstance).stop());
    n8n = undefined;
    console.log('\ntimings (s):');
    for (const [label, secs] of Object.entries(timings)) console.log(`  ${label}: ${secs}`);
    console.log(`disk: install ${du(install.dir)} (${install.dir}), user folder ${du(userFolder)}`);
    console.log('SMOKE OK');
  } finally {
    await n8n?.stop();
    if (process.argv.includes('--keep')) console.log(`kept ${userFolder}`);
    else fs.rmSync(userFolder, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  if (err instanceof ToolchainUnavailableError) console.log(`SKIPPED: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
