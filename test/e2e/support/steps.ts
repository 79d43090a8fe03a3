/**
 * End-to-end steps shared by the suites that run the package in a real n8n (one n8n 2.x or 1.x
 * process, queue mode on 2.x): the fixtures (credentials, workflow ids), the credential test, one action
 * case against the sandbox, and the webhook trigger's lifecycle. Each takes what differs between
 * topologies (the REST session, where production webhooks are received) as arguments.
 */
import { STATUS_ANSWERS } from '../../../shared/src/http/situations';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Sandbox } from '../../../sandbox';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  listExecutions,
  nodeOutput,
  rest,
  waitForExecution,
  type ExecutionDetail,
  type N8nRun,
  type RestSession,
} from '../../../scripts/n8n/instance';
import { withLock } from '../../../scripts/services/folderLock';
import type { CredentialRef } from '../../../scripts/start/examples';
import { HOOK_SECRET_PARAM } from '../../../shared/src/triggers/guard';
import { clientFor, expectedRecords, rawExpectedIds } from '../n8n/expected';
import { nodeName, type ActionCase, type ActionInputs } from '../n8n/workflows';

const run = promisify(execFile);
export const ROOT = path.resolve(__dirname, '../../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run <script> [-- args]` from the repository root, as CI does; throws with its output on failure,
 * saying whether it failed or ran out of time. `silent` drops npm's own header lines, for callers that
 * read the script's output. The default bound stays under jest's e2e test timeout, so this names it.
 */
export async function npmRun(
  script: string,
  timeout = 540_000,
  options: { args?: readonly string[]; silent?: boolean } = {},
): Promise<{ stdout: string; stderr: string }> {
  const args = options.args ?? [];
  const argv = ['run', ...(options.silent ? ['--silent'] : []), script, ...(args.length ? ['--', ...args] : [])];
  try {
    return await run('npm', argv, {
      cwd: ROOT,
      timeout,
      maxBuffer: 20 * 1024 * 1024,
      env: { ...process.env, FORCE_COLOR: '0', ...(options.silent ? { NO_COLOR: '1' } : {}) },
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; killed?: boolean; code?: unknown; signal?: unknown };
    const { stdout = '', stderr = '' } = failure;
    const why = failure.killed
      ? `was stopped after ${timeout / 1000} s`
      : `failed (exit ${String(failure.code ?? failure.signal)})`;
    throw new Error(`npm run ${script} ${args.join(' ')} ${why}:\n${stdout}\n${stderr}`);
  }
}

/** Collects `label seconds` pairs and prints them once at the end. */
export function timer(title: string) {
  const timings: Array<[string, number]> = [];
  return {
    async timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
      const t0 = Date.now();
      try {
        return await fn();
      } finally {
        timings.push([label, (Date.now() - t0) / 1000]);
      }
    },
    print(): void {
      process.stderr.write(
        `${title} timings (s): ${timings.map(([label, secs]) => `${label} ${secs.toFixed(1)}`).join('; ')}\n`,
      );
    },
  };
}

/** A test body whose failure message ends with the last lines of the given processes' output. */
export const withOutput =
  (outputs: () => Array<[string, string | undefined]>, fn: () => Promise<void>) => async (): Promise<void> => {
    try {
      await fn();
    } catch (error) {
      if (error instanceof Error) {
        for (const [name, text] of outputs())
          if (text) error.message += `\n--- last ${name} output ---\n${text.split('\n').slice(-30).join('\n')}`;
      }
      throw error;
    }
  };

/**
 * One run that several tests read. The test named `owner` awaits `run()` and, when the run fails,
 * fails with the whole cause; the tests that read it await `read()`, which then fails with a pointer
 * to that test rather than the same message again. Made once, on first use.
 */
export class SharedRun<T> {
  private made: Promise<T> | undefined;

  constructor(
    readonly owner: string,
    private readonly make: () => Promise<T>,
  ) {}

  run(): Promise<T> {
    return (this.made ??= this.make());
  }

  async read(): Promise<T> {
    try {
      return await this.run();
    } catch {
      throw new Error(`no run to read: it failed, with its cause, in the test "${this.owner}"`);
    }
  }
}

export const CRED = {
  real: { id: 'e2eRealStore0001', name: 'Sandbox (real profile)' },
  spec: { id: 'e2eSpecStore0001', name: 'Sandbox (spec profile)' },
  wrongKey: { id: 'e2eWrongKey00001', name: 'Sandbox with a wrong key' },
} satisfies Record<string, CredentialRef>;
export const WF = { actions: 'e2eActionsWf0001', triggerReal: 'e2eTriggerReal01', triggerSpec: 'e2eTriggerSpec01' };
export const WEBHOOK = { real: '9b2f5e1a-3c4d-4e5f-8a6b-00000000e2e1', spec: '9b2f5e1a-3c4d-4e5f-8a6b-00000000e2e2' };
const WRONG_KEY_MESSAGE = STATUS_ANSWERS.find((answer) => answer.status === 401)?.message ?? '(no 401 answer)';
const NO_API_MESSAGE = /^No Studiocart API at this address\./;
const OK = { status: 'OK', message: 'Connection successful!' };

/** What the editor's credential test shows for a wrong key and for a URL with no Commerce Service API. */
export interface CredentialTestMessages {
  wrongKey: string;
  noApi: RegExp;
}
/** The package's own messages (its declarative test's response-code rules), as n8n 2.x shows them. */
export const PACKAGE_MESSAGES: CredentialTestMessages = { wrongKey: WRONG_KEY_MESSAGE, noApi: NO_API_MESSAGE };

/**
 * The same failures as n8n 1.x shows them: 1.x does not apply a declarative credential test's
 * response-code rules (its tester looks for `error.cause.response`, which 1.x's request errors lack),
 * so the editor shows n8n's generic text for the status; the pass/fail verdicts are the same.
 */
export const N8N1_MESSAGES: CredentialTestMessages = {
  wrongKey: 'Authorization failed - please check your credentials',
  noApi: /^The resource you are requesting could not be found/,
};

/** The credential import entries for a store (and the same store with a wrong key). */
export function wrongKeyCredential(store: Sandbox, ref: CredentialRef = CRED.wrongKey) {
  return {
    id: ref.id,
    name: ref.name,
    type: 'commerceServiceApi',
    data: { storeUrl: store.url, apiKey: 'not-the-key', apiRoot: store.apiRoot },
  };
}

/** What n8n's credential test answers: `OK` ("Connection successful!") or `Error` with the message. */
export interface CredentialTestAnswer {
  status: string;
  message: string;
}

/**
 * n8n's credential test (`POST /rest/credentials/test`) of a Commerce Service credential, one at a time
 * per n8n: n8n runs every declarative test through one stand-in node (its NoOp) kept in a table for the
 * whole process, and deletes it when a test ends, so a test ending while another runs leaves that one
 * "Node not found" (`runRequestTest`, `dist/services/credentials-tester.service.js`, 2.41.1). Files
 * sharing an n8n take turns.
 */
export async function testCredential(
  session: RestSession,
  credential: CredentialRef,
  data: Record<string, unknown>,
): Promise<CredentialTestAnswer> {
  const lock = path.join(ROOT, '.cache', `e2e-credential-test-${new URL(session.url).port}`);
  return await withLock(
    lock,
    () => undefined,
    () =>
      rest<CredentialTestAnswer>(session, 'POST', '/credentials/test', {
        credentials: { id: credential.id, name: credential.name, type: 'commerceServiceApi', data },
      }),
  );
}

/**
 * n8n's credential test (`POST /rest/credentials/test`, the editor's "Test" button): the right key
 * passes; a saved wrong key, a typo in the form, or a wrong API root fail with the package's
 * messages; a Store URL pasted with a WordPress admin path still reaches the store.
 */
export async function expectCredentialTests(
  session: RestSession,
  store: Sandbox,
  refs: { good: CredentialRef; wrongKey: CredentialRef },
  messages: CredentialTestMessages = PACKAGE_MESSAGES,
): Promise<void> {
  const test = (credential: CredentialRef, data: Record<string, unknown>) => testCredential(session, credential, data);
  const good = { storeUrl: store.url, apiKey: store.apiKey, apiRoot: store.apiRoot };
  await expect(test(refs.good, good)).resolves.toEqual(OK);
  await expect(test(refs.wrongKey, { ...good, apiKey: 'not-the-key' })).resolves.toEqual({
    status: 'Error',
    message: messages.wrongKey,
  });
  await expect(test(refs.good, { ...good, apiKey: 'typo' })).resolves.toEqual({
    status: 'Error',
    message: messages.wrongKey,
  });
  const noApi = await test(refs.good, { ...good, apiRoot: '/wp-json/other/v1' });
  expect(noApi.status).toBe('Error');
  expect(noApi.message).toMatch(messages.noApi);
  await expect(test(refs.good, { ...good, storeUrl: `${store.url}/wp-admin/` })).resolves.toEqual(OK);
}

/**
 * One action case's node in a run of the all-actions workflow: it ran without error and output
 * exactly the records the shared client reads with the same parameters, and (REST reads) the ids
 * the store's REST API serves.
 */
export async function expectActionCase(
  result: N8nRun,
  profile: string,
  store: Sandbox,
  c: ActionCase,
  inputs: ActionInputs,
): Promise<void> {
  const node = nodeName(profile, c);
  const nodeRun = result.data.resultData.runData[node]?.[0];
  // A node's error stops the run: the nodes after it did not run, and say where it stopped.
  if (!nodeRun && result.data.resultData.error !== undefined)
    throw new Error(
      `${node} did not run: the run stopped at "${result.data.resultData.lastNodeExecuted}" with an error`,
    );
  expect({ node, error: nodeRun?.error ?? null, ran: Boolean(nodeRun) }).toEqual({ node, error: null, ran: true });
  const output = nodeOutput(result, node);
  expect(output.length).toBeGreaterThan(0);
  expect(output).toEqual(await expectedRecords(clientFor(store), c, inputs));
  const ids = await rawExpectedIds(store, c, inputs);
  if (ids) expect(output.map((record) => record.id)).toEqual(ids);
}

/** The URL the store holds for a trigger's hook: its production URL with the hook's secret (docs/verification.md). */
export function withHookSecret(hookUrl: string): string {
  const escaped = hookUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return expect.stringMatching(new RegExp(`^${escaped}\\?${HOOK_SECRET_PARAM}=[\\w-]{43}$`)) as string;
}

export interface LifecycleContext {
  session: () => RestSession;
  /** The production URL the trigger registers (where production webhooks are received). */
  hookUrl: (webhookId: string) => string;
  /** Called with each finished execution the store's events started (e.g. to check where it ran). */
  onExecution?: (execution: ExecutionDetail) => void | Promise<void>;
}

/** Runs `fn` while the workflow is active: activates it first, deactivates it after, also after a failure. */
export async function whileActive<T>(ctx: LifecycleContext, workflowId: string, fn: () => Promise<T>): Promise<T> {
  await activateWorkflow(ctx.session(), workflowId);
  try {
    return await fn();
  } finally {
    await deactivateWorkflow(ctx.session(), workflowId);
  }
}

/** Waits for the next finished execution of the workflow after `seen`, and hands it to onExecution. */
export async function nextExecution(
  ctx: LifecycleContext,
  workflowId: string,
  seen: string[],
): Promise<ExecutionDetail> {
  const execution = await waitForExecution(ctx.session(), workflowId, { seen, timeoutMs: 60_000 });
  await ctx.onExecution?.(execution);
  return execution;
}

/**
 * Activate → exactly one hook at the production URL; a purchase → one delivery and an execution
 * with the payload; a refund → no delivery and no execution; a non-matching delivery posted
 * straight to the URL → ignored by the node; deactivate → no hook, and a purchase reaches nobody.
 */
export async function expectTriggerLifecycle(
  ctx: LifecycleContext,
  store: Sandbox,
  workflowId: string,
  webhookId: string,
): Promise<void> {
  const hookUrl = ctx.hookUrl(webhookId);
  expect(store.hooks()).toEqual([]);
  await activateWorkflow(ctx.session(), workflowId);
  expect(store.hooks()).toEqual([
    expect.objectContaining({
      hookUrl: withHookSecret(hookUrl),
      statuses: ['purchased'],
      productId: null,
      planIds: [],
      source: 'n8n',
      pricesInCents: false,
    }),
  ]);
  const listed = (await (await fetch(`${store.url}/sandbox/v1/hooks`)).json()) as Array<{ hookUrl: string }>;
  expect(listed.map((hook) => hook.hookUrl)).toEqual([withHookSecret(hookUrl)]);
  const heldUrl = listed[0]?.hookUrl ?? hookUrl;

  let seen = (await listExecutions(ctx.session(), workflowId)).map((e) => e.id);
  const deliveries = await store.fireEvent({ type: 'purchased' });
  expect(deliveries).toEqual([expect.objectContaining({ hookUrl: heldUrl, event: 'purchased', status: 200 })]);
  const payload = deliveries[0]?.payload as Record<string, unknown>;
  const execution = await nextExecution(ctx, workflowId, seen);
  expect({ status: execution.status, mode: execution.mode }).toEqual({ status: 'success', mode: 'webhook' });
  const items = executionNodeOutput(execution, 'Trigger');
  expect(items).toHaveLength(1);
  const order = await clientFor(store).getOrder(String(payload.id));
  expect(items[0]).toMatchObject({
    trigger: 'purchased',
    id: order.id,
    customer_email: payload.customer_email,
    product_id: payload.product_id,
    order_amount: payload.order_amount,
  });
  expect(executionNodeOutput(execution, 'Received')).toEqual(items);

  seen = (await listExecutions(ctx.session(), workflowId)).map((e) => e.id);
  await expect(store.fireEvent({ type: 'refunded' })).resolves.toEqual([]);
  const reply = await fetch(heldUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...payload, trigger: 'refunded', status: 'refunded' }),
  });
  expect({ status: reply.status, body: await reply.json() }).toEqual({
    status: 200,
    body: { received: 1 },
  });
  await sleep(1500);
  expect((await listExecutions(ctx.session(), workflowId)).filter((e) => !seen.includes(e.id))).toEqual([]);

  await deactivateWorkflow(ctx.session(), workflowId);
  expect(store.hooks()).toEqual([]);
  await expect(store.fireEvent({ type: 'purchased' })).resolves.toEqual([]);
}

/**
 * A purchase in `store`, answered 200 by the active webhook trigger, and the execution it started
 * (the first after `seen`), which succeeded.
 */
export async function purchaseToExecution(
  session: RestSession,
  store: Sandbox,
  workflowId: string,
  seen: string[],
  timeoutMs: number,
): Promise<{ payload: Record<string, unknown>; execution: ExecutionDetail }> {
  const [delivery] = await store.fireEvent({ type: 'purchased' });
  // The store is answered at once, whatever the verification finds.
  expect(delivery?.status).toBe(200);
  const execution = await waitForExecution(session, workflowId, { seen, timeoutMs });
  expect(execution.status).toBe('success');
  return { payload: delivery?.payload as Record<string, unknown>, execution };
}

/** A purchase reaches the one hook and starts an execution whose trigger output is that order. */
export async function expectPurchaseRuns(
  ctx: LifecycleContext,
  store: Sandbox,
  workflowId: string,
  webhookId: string,
  event = 'purchased',
): Promise<ExecutionDetail> {
  const seen = (await listExecutions(ctx.session(), workflowId)).map((e) => e.id);
  const deliveries = await store.fireEvent({ type: event });
  expect(deliveries).toEqual([
    expect.objectContaining({ hookUrl: withHookSecret(ctx.hookUrl(webhookId)), event, status: 200 }),
  ]);
  const execution = await nextExecution(ctx, workflowId, seen);
  expect(execution.status).toBe('success');
  expect(executionNodeOutput(execution, 'Trigger')).toEqual([
    expect.objectContaining({ trigger: event, id: (deliveries[0]?.payload as { id: unknown }).id }),
  ]);
  return execution;
}

/** The store's hooks, reduced to what "never two hooks" is about. */
export const hookSummary = (store: Sandbox) =>
  store.hooks().map((hook) => ({ id: hook.id, hookUrl: hook.hookUrl, statuses: hook.statuses }));
export type HookSummary = ReturnType<typeof hookSummary>[number];

/**
 * Activate → one purchase hook; activating the active workflow again changes nothing; deactivate
 * and activate → the old hook is deleted and one new one made. Leaves the workflow active and
 * returns its hook.
 */
export async function expectReactivationKeepsOneHook(
  ctx: LifecycleContext,
  store: Sandbox,
  workflowId: string,
  webhookId: string,
): Promise<HookSummary | undefined> {
  const hookUrl = ctx.hookUrl(webhookId);
  await activateWorkflow(ctx.session(), workflowId);
  const [first] = hookSummary(store);
  expect(hookSummary(store)).toEqual([
    { id: expect.any(String), hookUrl: withHookSecret(hookUrl), statuses: ['purchased'] },
  ]);
  await activateWorkflow(ctx.session(), workflowId);
  expect(hookSummary(store)).toEqual([first]);
  await deactivateWorkflow(ctx.session(), workflowId);
  expect(hookSummary(store)).toEqual([]);
  await activateWorkflow(ctx.session(), workflowId);
  const [second] = hookSummary(store);
  expect(hookSummary(store)).toEqual([
    { id: expect.any(String), hookUrl: withHookSecret(hookUrl), statuses: ['purchased'] },
  ]);
  expect(second?.id).not.toBe(first?.id);
  return second;
}
