/**
 * In a real n8n, what the webhook trigger's check before the answer refuses costs nothing: no
 * execution, no read of the store (docs/verification.md, "Before the answer"). Shared by the
 * single-process, queue-mode and n8n 1.x suites (n8nForged*.e2e.ts). Against an active trigger
 * (event `purchased`, verification on) on a store without `studiocart_secret` (each genuine delivery
 * is verified by a read), it sends what the issue measured and counts, for each kind, the answers,
 * the new executions and the store's reads:
 *
 * - 30 purchases of orders the store lacks, posted to the webhook URL without its secret (an outsider
 *   cannot have it), and 1 with a wrong secret: 401, no execution, no read;
 * - 1 body of 500 made-up records sent with the right secret: 413, no execution, no read;
 * - 15 genuine purchases, each body posted twice more to the URL the store holds: 15 executions,
 *   each with its sale once, marked verified, one read each; the repeats answered 200 `repeats: 1`.
 *
 * It also pins the n8n internal the design rests on: n8n runs a trigger's `execute()` on what its
 * `webhook()` returned. If n8n ever passes `webhook()`'s output on as the node's output instead, the
 * executions' items are the carried deliveries (`{ record }`), and the check fails saying so.
 */
import type { Sandbox, SandboxArrival } from '../../../sandbox';
import { HOOK_SECRET_PARAM } from '../../../shared/src/triggers/guard';
import {
  executionNodeOutput,
  getExecution,
  listExecutions,
  type ExecutionDetail,
  type N8nWorkflowJson,
} from '../../../scripts/n8n/instance';
import type { CredentialRef } from '../../../scripts/start/examples';
import { triggerWorkflow } from '../../../scripts/kit/workflows';
import { whileActive, type LifecycleContext } from './steps';

const FORGED_WORKFLOW = { id: 'e2eForgedRefused', webhookId: '7c1d9e2a-4b3f-4a5e-9d6c-0000000f0c9d' };

export function forgedWorkflow(credential: CredentialRef): N8nWorkflowJson {
  const workflow = triggerWorkflow({ ...FORGED_WORKFLOW, credential, event: 'purchased' });
  return { ...workflow, name: 'e2e forged deliveries are refused' };
}

const UNKNOWN_ORDERS = 30;
const OVERSIZED_RECORDS = 500;
const GENUINE = 15;
const RESENT = 2;

/** What one kind of delivery cost: answers by status, new executions, store reads. */
interface Cost {
  sent: number;
  answers: Record<string, number>;
  executions: number;
  reads: number;
}

export interface ForgedFigures {
  unknownOrdersNoSecret: Cost;
  wrongSecret: Cost;
  oversized: Cost;
  genuineSentThrice: Cost & { itemsPerExecution: number[]; verified: number; distinctOrders: number };
}

interface Reply {
  status: number;
  body: unknown;
}

async function post(url: string, body: unknown): Promise<Reply> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await reply.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: reply.status, body: parsed };
}

function tally(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

function madeUpPurchase(id: number): Record<string, unknown> {
  return {
    trigger: 'purchased',
    id,
    customer_email: `nobody${id}@example.com`,
    product_id: '1',
    product_name: 'Made-up product',
    order_amount: 49,
    currency: 'USD',
    status: 'paid',
  };
}

/** Reads of the store's REST API (the hook's own subscribe and delete excluded) since `since`. */
function readsSince(store: Sandbox, since: number): SandboxArrival[] {
  return store.arrivals().filter((arrival) => arrival.at >= since && !arrival.route.includes('/webhook/'));
}

/**
 * Activates the workflow, sends every kind, deactivates; checks that the store holds the URL with the
 * hook's secret and that each kind cost what it should. A failure names the kind and shows all the
 * figures, which it returns.
 */
export async function expectForgeriesCostNothing(
  ctx: LifecycleContext,
  store: Sandbox,
  timed: <T>(label: string, fn: () => Promise<T>) => Promise<T>,
): Promise<ForgedFigures> {
  const { figures, repeatsAnswered, heldUrl, orders, items } = await timed('forged and repeated deliveries', () =>
    measureForgeries(ctx, store),
  );
  const bareUrl = ctx.hookUrl(FORGED_WORKFLOW.webhookId);
  expect(heldUrl).toMatch(new RegExp(`^${escape(bareUrl)}\\?${HOOK_SECRET_PARAM}=[\\w-]{43}$`));
  expect({ figures, repeatsAnswered }).toEqual({
    figures: {
      unknownOrdersNoSecret: { sent: 30, answers: { 401: 30 }, executions: 0, reads: 0 },
      wrongSecret: { sent: 1, answers: { 401: 1 }, executions: 0, reads: 0 },
      oversized: { sent: 1, answers: { 413: 1 }, executions: 0, reads: 0 },
      genuineSentThrice: {
        sent: 45,
        answers: { 200: 45 },
        executions: 15,
        reads: 15,
        itemsPerExecution: Array(15).fill(1),
        verified: 15,
        distinctOrders: 15,
      },
    },
    repeatsAnswered: GENUINE * RESENT,
  });
  expect(items.map((item) => String(item.id)).sort()).toEqual([...orders].sort());
  return figures;
}

interface Measured {
  figures: ForgedFigures;
  /** Answers that said the delivery was a repeat. */
  repeatsAnswered: number;
  heldUrl: string;
  /** The genuine purchases' order ids, and the items their executions emitted. */
  orders: string[];
  items: Array<Record<string, unknown>>;
}

/** Activates the workflow, sends every kind, deactivates; what each cost, whatever the trigger's version. */
async function measureForgeries(ctx: LifecycleContext, store: Sandbox): Promise<Measured> {
  const { id: workflowId, webhookId } = FORGED_WORKFLOW;
  return whileActive(ctx, workflowId, () => sendAll(ctx, store, workflowId, webhookId));
}

async function sendAll(
  ctx: LifecycleContext,
  store: Sandbox,
  workflowId: string,
  webhookId: string,
): Promise<Measured> {
  const bareUrl = ctx.hookUrl(webhookId);
  const held = store.hooks().map((hook) => hook.hookUrl);
  expect(held).toHaveLength(1);
  const heldUrl = held[0] as string;
  const wrongUrl = `${bareUrl}?${HOOK_SECRET_PARAM}=${'A'.repeat(43)}`;

  const seen = new Set((await listExecutions(ctx.session(), workflowId)).map((e) => e.id));
  /** Executions not counted yet; a running one counts once it has finished (a later call). */
  const executionsSince = async (): Promise<ExecutionDetail[]> => {
    const fresh = (await listExecutions(ctx.session(), workflowId)).filter(
      (e) => !seen.has(e.id) && FINISHED.includes(e.status),
    );
    for (const execution of fresh) seen.add(execution.id);
    return await Promise.all(fresh.map((e) => getExecution(ctx.session(), e.id)));
  };
  // Refused deliveries start nothing, and the only way to see that none came is to wait: until every
  // execution of the workflow has finished and none has appeared for 3 s (a genuine one shows up
  // within a second or two), so each kind is charged only what it started.
  const quiet = async (): Promise<void> => {
    let last = -1;
    let stillSince = Date.now();
    for (;;) {
      const all = await listExecutions(ctx.session(), workflowId);
      const settled = all.every((e) => FINISHED.includes(e.status));
      if (all.length !== last || !settled) [last, stillSince] = [all.length, Date.now()];
      else if (Date.now() - stillSince >= 3000) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  /** Sends `sent` deliveries of one kind, waits until quiet, and counts what they cost. */
  const costOf = async (sent: number, send: () => Promise<Reply[]>): Promise<Cost> => {
    const since = Date.now();
    const replies = await send();
    await quiet();
    return {
      sent,
      answers: tally(replies),
      executions: (await executionsSince()).length,
      reads: readsSince(store, since).length,
    };
  };

  // 30 unknown orders, no secret.
  const unknownOrdersNoSecret = await costOf(UNKNOWN_ORDERS, () =>
    Promise.all(Array.from({ length: UNKNOWN_ORDERS }, (_, i) => post(bareUrl, madeUpPurchase(990_000 + i)))),
  );
  // A wrong secret.
  const wrongSecret = await costOf(1, async () => [await post(wrongUrl, madeUpPurchase(991_000))]);
  // 500 made-up records in one body, with the right secret.
  const tooMany = Array.from({ length: OVERSIZED_RECORDS }, (_, i) => madeUpPurchase(992_000 + i));
  const oversized = await costOf(1, async () => [await post(heldUrl, tooMany)]);

  // 15 genuine purchases, each body posted twice more to the URL the store holds.
  const since = Date.now();
  const replies: Reply[] = [];
  const orders: string[] = [];
  for (let i = 0; i < GENUINE; i += 1) {
    const [delivery] = await store.fireEvent({ type: 'purchased' });
    if (!delivery) throw new Error('the store made no delivery for a purchase: is the hook gone?');
    replies.push({ status: delivery.status ?? 0, body: undefined });
    orders.push(String(delivery.payload.id));
    for (let again = 0; again < RESENT; again += 1) replies.push(await post(heldUrl, delivery.payload));
  }
  const executions = await waitForExecutions(executionsSince, GENUINE);
  await quiet();
  executions.push(...(await executionsSince()));
  for (const execution of executions) await ctx.onExecution?.(execution);
  const items = executions.map((execution) => executionNodeOutput(execution, 'Trigger'));
  expectExecuteRanOnWebhookOutput(items);
  const genuineSentThrice = {
    sent: GENUINE * (1 + RESENT),
    answers: tally(replies),
    executions: executions.length,
    reads: readsSince(store, since).length,
    itemsPerExecution: items.map((list) => list.length),
    verified: items.flat().filter((item) => isVerified(item.verification)).length,
    distinctOrders: new Set(items.flat().map((item) => String(item.id))).size,
  };
  const repeatsAnswered = replies.filter((reply) => isRepeat(reply.body)).length;

  const figures: ForgedFigures = { unknownOrdersNoSecret, wrongSecret, oversized, genuineSentThrice };
  return { figures, repeatsAnswered, heldUrl, orders, items: items.flat() };
}

/**
 * `webhook()` hands on carried deliveries (`{ record, origin? }`); `execute()` turns them into the
 * records, each with `verification`. Items still shaped `{ record }` mean n8n used `webhook()`'s output
 * as the node's output without running `execute()` on it (in n8n 2.41.1 `WorkflowExecute.runNode`
 * tests `nodeType.execute` before its webhook pass-through).
 */
function expectExecuteRanOnWebhookOutput(items: Array<Array<Record<string, unknown>>>): void {
  const passedThrough = items.flat().filter((item) => 'record' in item && !('verification' in item));
  if (passedThrough.length > 0)
    throw new Error(
      `n8n did not run the trigger's execute() on what its webhook() returned: ${passedThrough.length} item(s) came out as webhook() made them ({ record }), unverified. The trigger's design (check in the execution) needs n8n to run execute() for a node that has both; see docs/no-missed-sales.md.`,
    );
}

const FINISHED = ['success', 'error', 'crashed', 'canceled'];

async function waitForExecutions(
  next: () => Promise<ExecutionDetail[]>,
  count: number,
  timeoutMs = 120_000,
): Promise<ExecutionDetail[]> {
  const found: ExecutionDetail[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    found.push(...(await next()));
    if (found.length >= count) return found;
    if (Date.now() > deadline)
      throw new Error(`${found.length} of ${count} executions finished within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function isVerified(verification: unknown): boolean {
  return (
    typeof verification === 'object' &&
    verification !== null &&
    (verification as { status?: unknown }).status === 'verified'
  );
}

function isRepeat(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { repeats?: unknown }).repeats === 1;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
