/**
 * The main job itself, as the README tells a user to run it: `npm start` (and `-- --no-n8n`,
 * `-- --queue`) spawned from the repository root with its ports and n8n user folder moved by the
 * documented variables (SANDBOX_PORT, N8N_PORT, N8N_WEBHOOK_PORT, N8N_USER_FOLDER) into free ports
 * and a temporary folder. Checked: the first line is the dashboard's address; the banner; a purchase
 * fired through the dashboard's admin API runs the active example workflow; a second run re-registers
 * the hooks without duplicates; Ctrl-C (SIGINT to its process group) leaves no process and no port.
 *
 * Where n8n (or, for --queue, Postgres or Redis) cannot be had, those tests print `SKIPPED: <reason>`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENTS } from '../../shared/src/events/catalogue';
import { freePort, portInUse } from '../../scripts/services/ports';
import {
  executionNodeOutput,
  listExecutions,
  login,
  rest,
  waitForExecution,
  type RestSession,
} from '../../scripts/n8n/instance';
import { EXAMPLE_CREDENTIAL, loadExamples, triggerNodes } from '../../scripts/start/examples';
import { probe, type Part } from './support/probe';
import { alive, bannerField, npmStart, waitGone, type NpmStart } from './support/npmStart';
import { sleep, timer, withHookSecret } from './support/steps';

const READY = 'Press Ctrl-C to stop.';
const FIRST_LINE = /^» Dashboard (http:\/\/127\.0\.0\.1:\d+)\/ : the sandbox store \(profile real\) is up \(\d+ ms\)$/;
const clock = timer('npm start e2e');
const timed = clock.timed;
afterAll(() => clock.print());

/** The example whose webhook trigger `npm start` activates. */
const TRIGGER_EXAMPLE = loadExamples().find((wf) => triggerNodes(wf).length > 0);
if (!TRIGGER_EXAMPLE) throw new Error('n8n/examples has no webhook trigger example');
const TRIGGER_WEBHOOK_ID = String(triggerNodes(TRIGGER_EXAMPLE)[0]?.webhookId);

/** describe, or a SKIPPED line and a skipped placeholder when a part cannot be had here. */
function describeWith(parts: Part[], title: string, body: () => void): void {
  const found = probe(parts);
  if (found.ok) return describe(title, body);
  process.stderr.write(`\nSKIPPED: ${title}: ${found.reason}\n\n`);
  describe(title, () => it.skip(`SKIPPED: ${found.reason.split('\n')[0]}`, () => undefined));
}

interface Setup {
  env: Record<string, string>;
  sandboxUrl: string;
  n8nUrl: string;
  ports: number[];
  folder: string;
}

async function setup(prefix: string): Promise<Setup> {
  const [sandbox, n8n, webhook] = [await freePort(), await freePort(), await freePort()];
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    env: {
      SANDBOX_PORT: String(sandbox),
      N8N_PORT: String(n8n),
      N8N_WEBHOOK_PORT: String(webhook),
      N8N_USER_FOLDER: path.join(folder, 'n8n-home'),
    },
    sandboxUrl: `http://127.0.0.1:${sandbox}`,
    n8nUrl: `http://127.0.0.1:${n8n}`,
    ports: [sandbox, n8n, webhook],
    folder,
  };
}

async function started(args: string[], s: Setup, label: string): Promise<NpmStart> {
  const run = npmStart(args, s.env);
  try {
    await timed(label, () => run.waitForLine(READY, 900_000));
  } catch (error) {
    run.kill();
    throw error;
  }
  return run;
}

/** Fires an event as the dashboard's button does: its admin API, with the page's own Origin. */
async function fire(sandboxUrl: string, type: string): Promise<{ event: { id: number }; deliveries: unknown[] }> {
  const reply = await fetch(`${sandboxUrl}/sandbox/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: sandboxUrl },
    body: JSON.stringify({ type }),
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as { event: { id: number }; deliveries: unknown[] };
}

async function sandboxHooks(sandboxUrl: string): Promise<Array<{ id: string; hookUrl: string; statuses: string[] }>> {
  return (await (await fetch(`${sandboxUrl}/sandbox/v1/hooks`)).json()) as Array<{
    id: string;
    hookUrl: string;
    statuses: string[];
  }>;
}

/** The editor login the banner prints. */
async function bannerLogin(run: NpmStart, n8nUrl: string): Promise<RestSession> {
  return login(n8nUrl, bannerField(run.lines, 'Login'), bannerField(run.lines, 'Password'));
}

/** The example trigger runs once per purchase, and its summary names the order. */
async function expectPurchaseRunsExample(session: RestSession, sandboxUrl: string): Promise<string> {
  const workflowId = TRIGGER_EXAMPLE?.id ?? '';
  const seen = (await listExecutions(session, workflowId)).map((e) => e.id);
  const fired = await fire(sandboxUrl, 'purchased');
  expect(fired.deliveries).toHaveLength(1);
  const execution = await timed('purchase to finished execution', () =>
    waitForExecution(session, workflowId, { seen, timeoutMs: 60_000 }),
  );
  expect({ status: execution.status, mode: execution.mode }).toEqual({ status: 'success', mode: 'webhook' });
  expect(executionNodeOutput(execution, 'Order summary')).toEqual([
    expect.objectContaining({ event: 'purchased', orderId: fired.event.id }),
  ]);
  await sleep(2000); // a duplicate hook would deliver, and run, a second time
  expect((await listExecutions(session, workflowId)).filter((e) => !seen.includes(e.id))).toHaveLength(1);
  return execution.id;
}

/** Ctrl-C: the exit code, and nothing of its process tree or ports left. */
async function expectCtrlCLeavesNothing(run: NpmStart, s: Setup, mustInclude: number[]): Promise<void> {
  const tree = run.processTree();
  expect(tree).toEqual(expect.arrayContaining(mustInclude));
  const ended = await timed('Ctrl-C to exit', () => run.interrupt());
  // npm dies of the SIGINT as in a terminal (or exits 0 once the job did); the job stops cleanly.
  expect([
    { code: 0, signal: null },
    { code: null, signal: 'SIGINT' },
  ]).toContainEqual(ended);
  const missing = ['SIGINT: stopping...', 'Sandbox stopped.'].filter((line) => !run.lines.includes(line));
  if (missing.length)
    throw new Error(
      `npm start ended ${JSON.stringify(ended)} without the line(s) ${JSON.stringify(missing)}\n` +
        `--- npm start stdout (last 15 lines) ---\n${run.lines.slice(-15).join('\n')}\n--- stderr ---\n${run.stderr().slice(-3000)}`,
    );
  expect({ left: await waitGone(tree) }).toEqual({ left: [] });
  const busy: number[] = [];
  for (const port of s.ports) if (await portInUse(port)) busy.push(port);
  expect({ portsInUse: busy }).toEqual({ portsInUse: [] });
}

/** The pids the banner's "what runs where" lines name. */
const bannerPids = (lines: string[]): number[] =>
  lines.flatMap((line) => [...line.matchAll(/\bpid (\d+)\b/g)].map((m) => Number(m[1])));

describe('npm start -- --no-n8n', () => {
  it('npm start -- --no-n8n: the dashboard first, the sandbox alone (no n8n port), and Ctrl-C leaves no process', async () => {
    const s = await setup('npm-start-no-n8n-');
    const run = await started(['--no-n8n'], s, 'npm start -- --no-n8n to ready');
    try {
      expect(run.lines[0]).toMatch(FIRST_LINE);
      expect(FIRST_LINE.exec(run.lines[0] ?? '')?.[1]).toBe(s.sandboxUrl);
      const page = await fetch(`${s.sandboxUrl}/`);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
      expect(run.lines).toContain(' n8n             not started (--no-n8n)');
      expect(run.lines.some((l) => l.includes('n8n editor'))).toBe(false);
      expect(await portInUse(Number(s.env.N8N_PORT))).toBe(false);
      await expectCtrlCLeavesNothing(run, s, []);
    } finally {
      run.kill();
      rmSync(s.folder, { recursive: true, force: true });
    }
  });
});

describeWith(['n8n'], 'npm start (one n8n process)', () => {
  let s: Setup;
  let run: NpmStart | undefined;

  beforeAll(async () => {
    s = await setup('npm-start-e2e-');
    run = await started([], s, 'npm start (first run) to ready');
  }, 960_000);

  afterAll(() => {
    run?.kill();
    if (s) rmSync(s.folder, { recursive: true, force: true });
  });

  const current = () => run as NpmStart;

  it("npm start: the first line is the dashboard's address, and the dashboard answers there", async () => {
    expect(current().lines[0]).toMatch(FIRST_LINE);
    expect(FIRST_LINE.exec(current().lines[0] ?? '')?.[1]).toBe(s.sandboxUrl);
    const page = await fetch(`${s.sandboxUrl}/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
  });

  it('npm start: the banner names the store, every event type, the editor and its login, the examples and the active trigger', async () => {
    const lines = current().lines;
    expect(bannerField(lines, 'Dashboard')).toBe(`${s.sandboxUrl}/  (products, a button per event, hooks, deliveries)`);
    expect(lines).toContain(`                 (types: ${EVENTS.map((e) => e.key).join(' ')})`);
    expect(bannerField(lines, 'n8n editor')).toBe(`${s.n8nUrl}/`);
    // The package as users get it: packed, and installed from the tarball.
    expect(bannerField(lines, 'Package')).toMatch(
      /^n8n-nodes-commerce-service@\d+\.\d+\.\d+, installed from its npm pack tarball$/,
    );
    expect(bannerField(lines, 'Credential')).toContain(`"${EXAMPLE_CREDENTIAL.name}"`);
    expect(bannerField(lines, 'Workflows')).toBe(
      loadExamples()
        .map((wf) => `"${wf.name}"`)
        .join(', '),
    );
    expect(bannerField(lines, 'Active')).toBe(
      `"${TRIGGER_EXAMPLE?.name}": fire a purchase (above) and see it under Executions`,
    );
    expect(bannerField(lines, 'Data')).toBe(`${s.env.N8N_USER_FOLDER} (kept between runs; delete it to start over)`);
    // The login works, and the editor shows the examples.
    const session = await bannerLogin(current(), s.n8nUrl);
    const workflows = await rest<Array<{ id: string }>>(session, 'GET', '/workflows');
    expect(workflows.map((wf) => wf.id).sort()).toEqual(
      loadExamples()
        .map((wf) => wf.id)
        .sort(),
    );
  });

  it('npm start: a purchase fired from the dashboard runs the active example workflow once', async () => {
    const hooks = await sandboxHooks(s.sandboxUrl);
    expect(hooks.map((h) => [h.hookUrl, h.statuses])).toEqual([
      [withHookSecret(`${s.n8nUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`), ['purchased']],
    ]);
    await expectPurchaseRunsExample(await bannerLogin(current(), s.n8nUrl), s.sandboxUrl);
  });

  it('npm start: Ctrl-C (SIGINT) stops the sandbox and n8n: no process of it and none of its ports is left', async () => {
    const n8nPids = bannerPids(current().lines);
    expect(n8nPids).toHaveLength(1);
    await expectCtrlCLeavesNothing(current(), s, n8nPids);
    expect(current().lines.slice(-2)).toEqual(['n8n stopped.', 'Sandbox stopped.']);
  });

  it('npm start: a second run re-registers the hooks of the active triggers on the fresh sandbox, without duplicates', async () => {
    run = await started([], s, 'npm start (second run) to ready');
    expect(current().lines).toContain(
      `» Registering the hooks of active trigger workflows: "${TRIGGER_EXAMPLE?.name}"`,
    );
    // Nothing imported or activated twice.
    expect(current().lines.some((l) => l.startsWith('» Saving the example workflow'))).toBe(false);
    const session = await bannerLogin(current(), s.n8nUrl);
    const active = (await rest<Array<{ id: string; active: boolean }>>(session, 'GET', '/workflows')).filter(
      (wf) => wf.active,
    );
    expect(active.map((wf) => wf.id)).toEqual([TRIGGER_EXAMPLE?.id]);
    // Exactly one hook per active trigger.
    const hooks = await sandboxHooks(s.sandboxUrl);
    expect(hooks.map((h) => h.hookUrl)).toEqual([withHookSecret(`${s.n8nUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`)]);
    await expectPurchaseRunsExample(session, s.sandboxUrl);
    await expectCtrlCLeavesNothing(current(), s, bannerPids(current().lines));
  });
});

describeWith(['n8n', 'postgres', 'redis'], 'npm start -- --queue', () => {
  it('npm start -- --queue: Postgres, Redis, main, worker and webhook processor; a purchase from the dashboard runs the example on the worker; Ctrl-C leaves no process', async () => {
    const s = await setup('npm-start-queue-e2e-');
    const run = await started(['--queue'], s, 'npm start -- --queue to ready');
    try {
      expect(run.lines[0]).toMatch(FIRST_LINE);
      const where = run.lines.slice(run.lines.indexOf(' Queue mode (what runs where)') + 1);
      expect(where.slice(0, 5).map((l) => l.trim().split(/\s+/)[0])).toEqual([
        'Postgres',
        'Redis',
        'n8n',
        'n8n',
        'n8n',
      ]);
      const pids = bannerPids(where.slice(0, 5));
      expect(pids).toHaveLength(5);
      expect(alive(pids)).toEqual(pids);
      expect(bannerField(run.lines, 'Data')).toBe('a throwaway Postgres database: nothing is kept after Ctrl-C');
      // The trigger's hook points at the webhook processor, not the main.
      const hooks = await sandboxHooks(s.sandboxUrl);
      expect(hooks.map((h) => h.hookUrl)).toEqual([
        withHookSecret(`http://127.0.0.1:${s.env.N8N_WEBHOOK_PORT}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`),
      ]);
      const executionId = await expectPurchaseRunsExample(await bannerLogin(run, s.n8nUrl), s.sandboxUrl);
      // The processes' log (named in the "Starting" step): the worker ran it, the main did not.
      const logFile = /\(their log: (.+)\)$/.exec(run.lines.find((l) => l.includes('(their log: ')) ?? '')?.[1] ?? '';
      const log = readFileSync(logFile, 'utf8').split('\n');
      const ran = (label: string) =>
        log.some((l) => l.startsWith(`[${label}] `) && l.includes(`Worker finished execution ${executionId} `));
      expect({ worker: ran('n8n worker'), main: ran('n8n main') }).toEqual({ worker: true, main: false });
      await expectCtrlCLeavesNothing(run, s, pids);
    } finally {
      run.kill();
      rmSync(s.folder, { recursive: true, force: true });
    }
  });
});
