/**
 * The two recipes of docs/recipes.md (n8n/examples/purchase-to-chat.json and daily-sales-to-chat.json),
 * in a real n8n (the run's shared n8n) against a sandbox store on the real profile, once for each chat
 * app the recipes name, made as docs/recipes.md tells a user to: Slack, the example as it is; Discord,
 * its field `text` renamed `content`; Microsoft Teams, the JSON body of the page's Teams section. Each
 * posts to a local stand-in for that app's incoming webhook, which refuses (400, as the app does) a
 * message that does not fit the app's documented shape:
 * - Slack (api.slack.com/messaging/webhooks): a JSON object with a non-empty `text`;
 * - Discord (Execute Webhook): a JSON object with a non-empty `content` of at most 2000 characters;
 * - Teams (a Workflows "Post to a channel when a webhook request is received" URL): a `message` whose
 *   one attachment is an Adaptive Card (`application/vnd.microsoft.card.adaptive`) with a TextBlock.
 * Then:
 * - a purchase on the store → one message naming the order's customer, product and amount, as the
 *   store's own order record has them;
 * - a manual run from the Schedule Trigger → one message whose text is yesterday's sales summary of the
 *   store, with yesterday's orders as the store lists them.
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and skips (fails under CI=true).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Sandbox } from '../../sandbox';
import { collect, salesSummary, type Order } from '@commerce-service/shared';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { REPO_ROOT } from '../../scripts/toolchain';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  listExecutions,
  type N8nWorkflowJson,
} from '../../scripts/n8n/instance';
import { getEditorFile } from '../../scripts/n8n/rest';
import {
  CHAT_URL_PLACEHOLDER,
  EXAMPLE_CREDENTIAL,
  forCustomExtensions,
  loadExamples,
  type CredentialRef,
} from '../../scripts/start/examples';
import { clientFor } from './n8n/expected';
import { runTriggerManually } from './support/installed';
import { describeIf, probe } from './support/probe';
import { SHARED_N8N_ENV, useSharedN8n } from './support/sharedN8n';
import { nextExecution } from './support/steps';

const PURCHASE_RECIPE = 'csRecipePurchase';
const DAILY_RECIPE = 'csRecipeDailySum';

/** The chat apps the READMEs and docs/recipes.md name, and this suite's workflow id for each recipe. */
const APPS = {
  slack: { name: 'Slack', purchase: 'csRcpBuySlack001', daily: 'csRcpDaySlack001' },
  discord: { name: 'Discord', purchase: 'csRcpBuyDiscord1', daily: 'csRcpDayDiscord1' },
  teams: { name: 'Microsoft Teams', purchase: 'csRcpBuyTeams001', daily: 'csRcpDayTeams001' },
} as const;
type ChatApp = keyof typeof APPS;
const APP_KEYS = Object.keys(APPS) as ChatApp[];

interface ChatPost {
  app: ChatApp | 'unknown';
  contentType: string;
  body: unknown;
  /** Why the app would refuse this message (it answered 400), or null when it fits the app's shape. */
  problem: string | null;
  /** The message's text, as the app would show it. */
  text: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Slack's incoming webhook: `{"text": "..."}` (https://api.slack.com/messaging/webhooks). */
function slackMessage(body: unknown): { problem: string | null; text: string | null } {
  if (!isObject(body)) return { problem: 'Slack wants a JSON object', text: null };
  if (typeof body.text !== 'string' || body.text.trim() === '')
    return { problem: 'Slack wants a non-empty "text" (no_text)', text: null };
  return { problem: null, text: body.text };
}

/** Discord's Execute Webhook: `{"content": "..."}`, at most 2000 characters. */
function discordMessage(body: unknown): { problem: string | null; text: string | null } {
  if (!isObject(body)) return { problem: 'Discord wants a JSON object', text: null };
  if (typeof body.content !== 'string' || body.content.trim() === '')
    return { problem: 'Discord wants a non-empty "content" (50006: Cannot send an empty message)', text: null };
  if (body.content.length > 2000) return { problem: 'Discord takes at most 2000 characters of content', text: null };
  return { problem: null, text: body.content };
}

/** A Teams Workflows webhook: a `message` with one Adaptive Card attachment holding TextBlocks. */
function teamsMessage(body: unknown): { problem: string | null; text: string | null } {
  const refuse = (problem: string) => ({ problem: `Teams: ${problem}`, text: null });
  if (!isObject(body)) return refuse('wants a JSON object');
  if (body.type !== 'message') return refuse('wants "type": "message"');
  const attachments = body.attachments;
  if (!Array.isArray(attachments) || attachments.length !== 1)
    return refuse('wants "attachments" with one Adaptive Card');
  const [attachment] = attachments as unknown[];
  if (!isObject(attachment) || attachment.contentType !== 'application/vnd.microsoft.card.adaptive')
    return refuse('wants the attachment\'s "contentType": "application/vnd.microsoft.card.adaptive"');
  const card = attachment.content;
  if (!isObject(card) || card.type !== 'AdaptiveCard') return refuse('wants "content" to be an AdaptiveCard');
  if (typeof card.version !== 'string' || !/^1\.[0-6]$/.test(card.version))
    return refuse('wants the card\'s "version" as a string, "1.0" to "1.6"');
  const blocks = Array.isArray(card.body) ? (card.body as unknown[]) : [];
  const texts = blocks.filter(isObject).filter((block) => block.type === 'TextBlock');
  if (texts.length === 0 || texts.length !== blocks.length) return refuse('wants a card "body" of TextBlocks');
  if (!texts.every((block) => typeof block.text === 'string' && block.text.trim() !== ''))
    return refuse('wants each TextBlock\'s "text" to be a non-empty string');
  return { problem: null, text: texts.map((block) => String(block.text)).join('\n') };
}

const READERS: Record<ChatApp, (body: unknown) => { problem: string | null; text: string | null }> = {
  slack: slackMessage,
  discord: discordMessage,
  teams: teamsMessage,
};

/** How each app answers a message it takes: Slack 200 "ok", Discord 204, a Teams workflow 202. */
const ACCEPTED: Record<ChatApp, number> = { slack: 200, discord: 204, teams: 202 };

/**
 * The three apps' incoming webhooks on one local port, one path each (`/slack/…`, `/discord/…`,
 * `/teams/…`): each keeps what was posted, in order, and refuses with 400 what its app would refuse.
 */
class ChatApps {
  readonly posts: ChatPost[] = [];
  private waiters: Array<() => void> = [];
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const contentType = String(req.headers['content-type'] ?? '');
      const app = APP_KEYS.find((key) => req.url?.startsWith(`/${key}/`)) ?? 'unknown';
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text, and every app refuses it
      }
      const read =
        app === 'unknown'
          ? { problem: `no chat app at ${String(req.url)}`, text: null }
          : !contentType.includes('application/json')
            ? { problem: `${APPS[app].name} wants Content-Type application/json, not "${contentType}"`, text: null }
            : READERS[app](body);
      this.posts.push({ app, contentType, body, ...read });
      if (read.problem !== null || app === 'unknown')
        res.writeHead(400, { 'content-type': 'text/plain' }).end(read.problem);
      else res.writeHead(ACCEPTED[app]).end(app === 'slack' ? 'ok' : undefined);
      for (const wake of this.waiters.splice(0)) wake();
    });
  });
  private base = '';

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A URL of the shape each app gives (the host aside). */
  url(app: ChatApp): string {
    const paths: Record<ChatApp, string> = {
      slack: '/slack/services/T000/B000/recipe',
      discord: '/discord/api/webhooks/1000/recipe-token',
      teams: '/teams/workflows/0000/triggers/manual/paths/invoke?api-version=2016-06-01',
    };
    return `${this.base}${paths[app]}`;
  }

  /** The posts from index `from` on, once there are `count` of them. */
  async next(from: number, count = 1, timeoutMs = 60_000): Promise<ChatPost[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.posts.length < from + count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `the chat webhooks received ${this.posts.length - from} of ${count} messages in ${timeoutMs} ms`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.posts.slice(from);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The JSON bodies docs/recipes.md gives for Microsoft Teams (its "Microsoft Teams" section), by the
 * field each one sends: the purchase's names `customer_name`, the summary's `summary_text`.
 */
function teamsBodies(): { purchase: string; daily: string } {
  const page = readFileSync(path.join(REPO_ROOT, 'docs', 'recipes.md'), 'utf8');
  const section = /^## Microsoft Teams\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(page)?.[1] ?? '';
  const blocks = [...section.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  const purchase = blocks.filter((block) => block.includes('customer_name'));
  const daily = blocks.filter((block) => block.includes('summary_text'));
  if (purchase.length !== 1 || daily.length !== 1)
    throw new Error(
      `docs/recipes.md's "Microsoft Teams" section should hold one json block for each recipe; found ${purchase.length} for the purchase, ${daily.length} for the summary`,
    );
  return { purchase: purchase[0] ?? '', daily: daily[0] ?? '' };
}

/**
 * A recipe as the user makes it theirs for one app, as docs/recipes.md says: their app's URL in place of
 * the placeholder, their credential, the message in the app's shape, and its own webhook path.
 */
function ownRecipe(id: string, app: ChatApp, apps: ChatApps, credential: CredentialRef): N8nWorkflowJson {
  const recipe = loadExamples()
    .map(forCustomExtensions)
    .find((wf) => wf.id === id);
  if (!recipe) throw new Error(`no recipe ${id} in n8n/examples`);
  const which = id === PURCHASE_RECIPE ? 'purchase' : 'daily';
  let placeholders = 0;
  for (const node of recipe.nodes) {
    const parameters = node.parameters as Record<string, unknown> | undefined;
    if (parameters?.url === CHAT_URL_PLACEHOLDER) {
      parameters.url = apps.url(app);
      placeholders += 1;
      const fields = (parameters.bodyParameters as { parameters: Array<{ name: string; value: string }> }).parameters;
      if (fields.map((field) => field.name).join() !== 'text')
        throw new Error(`recipe ${id} sends the fields ${fields.map((f) => f.name).join()}, not text`);
      if (app === 'discord') fields[0] = { name: 'content', value: fields[0]?.value ?? '' };
      if (app === 'teams') {
        delete parameters.bodyParameters;
        parameters.specifyBody = 'json';
        parameters.jsonBody = `=${teamsBodies()[which]}`;
      }
    }
    const credentials = node.credentials as Record<string, CredentialRef> | undefined;
    if (credentials?.commerceServiceApi?.id === EXAMPLE_CREDENTIAL.id) credentials.commerceServiceApi = credential;
    if (node.webhookId) node.webhookId = randomUUID();
  }
  if (placeholders !== 1) throw new Error(`recipe ${id} has ${placeholders} chat URL placeholders, not 1`);
  return { ...recipe, id: APPS[app][which], name: `${recipe.name} (${APPS[app].name})` };
}

const describeN8n = describeIf(probe(['n8n']), `n8n recipes end-to-end (real n8n ${N8N_VERSION})`);

/**
 * Before the fixture logs in: the shared n8n answers its readiness check (its database connected). On
 * a loaded machine n8n's database ping times out now and then, and a login meanwhile gets a 503.
 */
async function sharedN8nReady(timeoutMs = 60_000): Promise<void> {
  const file = process.env[SHARED_N8N_ENV];
  if (!file) return; // the fixture's own login says what is missing
  const { url } = JSON.parse(readFileSync(file, 'utf8')) as { url: string };
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const reply = await fetch(`${url}/healthz/readiness`).catch((error: Error) => error);
    if (!(reply instanceof Error) && reply.status === 200) return;
    last = reply instanceof Error ? reply.message : `${reply.status} ${await reply.text()}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the shared n8n at ${url} was not ready within ${timeoutMs} ms: ${last}`);
}

describeN8n(`n8n ${N8N_VERSION}: the recipes post to Slack, Discord and Teams incoming webhooks`, () => {
  beforeAll(() => sharedN8nReady(), 90_000);
  const n8n = useSharedN8n('n8n recipes e2e');
  const apps = new ChatApps();
  let store: Sandbox;
  const recipes = loadExamples().filter((wf) => [PURCHASE_RECIPE, DAILY_RECIPE].includes(wf.id));

  beforeAll(async () => {
    await apps.listen();
    store = await n8n.sandbox({ profile: 'real' });
    const credential = await n8n.addCredential(store, 'Recipes sandbox');
    await n8n.addWorkflows(
      APP_KEYS.flatMap((app) => [
        ownRecipe(PURCHASE_RECIPE, app, apps, credential),
        ownRecipe(DAILY_RECIPE, app, apps, credential),
      ]),
    );
  }, 120_000);

  afterAll(() => apps.close());

  it('recipe files: both are in n8n/examples, posting to the placeholder, each node at the newest version this n8n offers', async () => {
    expect(recipes.map((wf) => wf.id).sort()).toEqual([DAILY_RECIPE, PURCHASE_RECIPE]);
    // What the editor's node panel adds today: the newest version of each type this n8n knows.
    const types = await getEditorFile<Array<{ name: string; version: number | number[] }>>(
      n8n.session,
      '/types/nodes.json',
    );
    const newest = (type: string) =>
      Math.max(
        ...types.filter((t) => t.name === type).flatMap((t) => (Array.isArray(t.version) ? t.version : [t.version])),
      );
    for (const recipe of recipes) {
      const chat = recipe.nodes.find((node) => node.type === 'n8n-nodes-base.httpRequest');
      expect(chat?.parameters).toMatchObject({ method: 'POST', url: CHAT_URL_PLACEHOLDER, sendBody: true });
      for (const node of recipe.nodes.filter((n) => String(n.type).startsWith('n8n-nodes-commerce-service.')))
        expect([node.name, node.typeVersion]).toEqual([node.name, 2]);
      for (const node of recipe.nodes.filter((n) => String(n.type).startsWith('n8n-nodes-base.')))
        expect([node.name, node.type, node.typeVersion]).toEqual([node.name, node.type, newest(String(node.type))]);
    }
  });

  describe.each(APP_KEYS)('recipe new purchase → chat, in %s', (app) => {
    it(
      `a purchase on the store posts one ${APPS[app].name} message naming the order's customer, product and amount`,
      n8n.check(async () => {
        const id = APPS[app].purchase;
        await activateWorkflow(n8n.session, id);
        try {
          const seen = (await listExecutions(n8n.session, id)).map((e) => e.id);
          const from = apps.posts.length;
          const deliveries = await store.fireEvent({ type: 'purchased' });
          expect(deliveries).toEqual([expect.objectContaining({ event: 'purchased', status: 200 })]);
          const execution = await nextExecution(n8n.ctx, id, seen);
          const posts = await apps.next(from);

          // The store's own record of the order, read through the shared client (decimals, as the trigger hands on).
          const order: Order = await clientFor(store).getOrder(Number(deliveries[0]?.payload.id));
          const amount = `${order.currency} ${Number(order.order_amount).toFixed(2)}`;
          expect(posts.map(({ app: to, contentType, problem, text }) => ({ to, contentType, problem, text }))).toEqual([
            {
              to: app,
              contentType: expect.stringContaining('application/json'),
              problem: null,
              text: `New sale: ${order.customer_name} bought ${order.product_name} for ${amount} (order #${order.id})`,
            },
          ]);
          expect(execution.status).toBe('success');
          expect(executionNodeOutput(execution, 'Send to chat')).toHaveLength(1);
        } finally {
          await deactivateWorkflow(n8n.session, id);
        }
        expect(store.hooks()).toEqual([]);
      }),
      180_000,
    );
  });

  describe('recipe every morning → chat', () => {
    const client = () => clientFor(store);

    // Yesterday in the store's own days (the summary's default period), then two purchases made in it.
    beforeAll(async () => {
      const period = await salesSummary(client(), { period: 'yesterday', subscriptions: false });
      const middle = (Date.parse(period.starts_at) + Date.parse(period.ends_at)) / 2;
      store.setClock(new Date(middle));
      for (let i = 0; i < 2; i += 1) await store.fireEvent({ type: 'purchased' });
    }, 60_000);

    it.each(APP_KEYS)(
      "in %s: a run from the Schedule Trigger posts yesterday's sales summary of the store",
      (app) =>
        n8n.check(async () => {
          const from = apps.posts.length;
          const execution = await n8n.timed(`manual run from the Schedule Trigger (${APPS[app].name})`, () =>
            runTriggerManually(n8n.session, APPS[app].daily, 'Every morning', 300_000),
          );
          const [post] = await apps.next(from);
          expect({ to: post?.app, problem: post?.problem, contentType: post?.contentType }).toEqual({
            to: app,
            problem: null,
            contentType: expect.stringContaining('application/json'),
          });
          expect({ status: execution.status, error: execution.data.resultData.error ?? null }).toEqual({
            status: 'success',
            error: null,
          });
          const text = String(post?.text);

          // The same summary of the same store, read with the shared client now (Subscriptions (MRR) on, the default).
          const expected = await salesSummary(client(), { period: 'yesterday' });
          expect(text).toBe(expected.summary_text);
          // And yesterday's orders as the store lists them: the sales it counts, and their gross.
          const orders = await collect(client().iterate((page) => client().listOrders(page)));
          const yesterday = orders.filter(
            (order) => order.date === expected.first_day && ['paid', 'completed', 'refunded'].includes(order.status),
          );
          expect(yesterday).toHaveLength(2); // the store's history ends long before
          const cents = yesterday.reduce((total, order) => total + Math.round(Number(order.order_amount) * 100), 0);
          const gross = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
          expect(text).toMatch(
            new RegExp(
              `^Yesterday \\(${expected.first_day}\\): ${yesterday.length} orders, USD ${gross.replace(/[.,]/g, '\\$&')} gross, `,
            ),
          );
          expect(apps.posts).toHaveLength(from + 1);
        })(),
      360_000,
    );
  });
});
