/**
 * The two chat recipes of docs/recipes.md (n8n/examples/purchase-to-chat.json and
 * daily-sales-to-chat.json), in a real n8n (the run's shared n8n) against a sandbox store on the real
 * profile, once for each chat app they name, made the user's as the example's note says: the app's
 * incoming-webhook URL pasted in place of the placeholder, and nothing else. The example must pick each
 * app's body itself, from the URL's host. Each posts to a local stand-in for that app's webhook
 * (support/chatApps.ts), which refuses another app's body as the app does (Discord: 400, code 50006),
 * and the body it gets must be the one n8n/README.md ("First workflow") gives for that app:
 * - a purchase on the store → one message naming the order's customer, product and amount, as the
 *   store's own order record has them;
 * - a manual run from the Schedule Trigger → one message whose text is yesterday's sales summary of the
 *   store, with yesterday's orders as the store lists them.
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and skips (fails under CI=true).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { Sandbox } from '../../sandbox';
import { collect, salesSummary, type Order } from '@commerce-service/shared';
import { N8N_VERSION } from '../../scripts/n8n/install';
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
import {
  CHAT_APPS,
  CHAT_APP_KEYS,
  CHAT_URLS,
  ChatApps,
  pasteChatUrl,
  readmeBody,
  type ChatApp,
} from './support/chatApps';
import { runTriggerManually } from './support/installed';
import { describeIf, probe } from './support/probe';
import { SHARED_N8N_ENV, useSharedN8n } from './support/sharedN8n';
import { nextExecution } from './support/steps';

const PURCHASE_RECIPE = 'csRecipePurchase';
const DAILY_RECIPE = 'csRecipeDailySum';

/**
 * This suite's copy of each recipe for each app, and the URL pasted into it: the purchase recipe on each
 * app's first host, the daily one on its last (Discord's discordapp.com, Teams' Logic Apps host).
 */
const RUNS = {
  slack: { purchase: 'csRcpBuySlack001', daily: 'csRcpDaySlack001' },
  discord: { purchase: 'csRcpBuyDiscord1', daily: 'csRcpDayDiscord1' },
  teams: { purchase: 'csRcpBuyTeams001', daily: 'csRcpDayTeams001' },
} as const satisfies Record<ChatApp, { purchase: string; daily: string }>;
type Recipe = 'purchase' | 'daily';
const urlFor = (app: ChatApp, recipe: Recipe): string => {
  const urls = CHAT_URLS[app];
  return (recipe === 'purchase' ? urls[0] : urls[urls.length - 1]) ?? '';
};

/**
 * A recipe as the user makes it theirs for one app: the app's URL pasted in place of the placeholder
 * (and the Proxy option that takes it to the stand-ins), their credential, its own webhook path.
 * Nothing else: the example itself must send each app its body.
 */
function ownRecipe(recipe: Recipe, app: ChatApp, apps: ChatApps, credential: CredentialRef): N8nWorkflowJson {
  const id = recipe === 'purchase' ? PURCHASE_RECIPE : DAILY_RECIPE;
  const example = loadExamples()
    .map(forCustomExtensions)
    .find((wf) => wf.id === id);
  if (!example) throw new Error(`no recipe ${id} in n8n/examples`);
  const own = pasteChatUrl(example, CHAT_URL_PLACEHOLDER, urlFor(app, recipe), apps);
  for (const node of own.nodes) {
    const credentials = node.credentials as Record<string, CredentialRef> | undefined;
    if (credentials?.commerceServiceApi?.id === EXAMPLE_CREDENTIAL.id) credentials.commerceServiceApi = credential;
    if (node.webhookId) node.webhookId = randomUUID();
  }
  return { ...own, id: RUNS[app][recipe], name: `${own.name} (${CHAT_APPS[app].name})` };
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

/** POSTs `body` as JSON to `url` through the stand-ins, as n8n's HTTP Request does with its Proxy option. */
function postThrough(apps: ChatApps, url: string, body: unknown): Promise<{ status: number; answer: string }> {
  const proxy = new URL(apps.proxy);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: proxy.hostname,
        port: proxy.port,
        method: 'POST',
        path: url,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
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
      CHAT_APP_KEYS.flatMap((app) => [
        ownRecipe('purchase', app, apps, credential),
        ownRecipe('daily', app, apps, credential),
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

  it('stand-ins: each app refuses the body of another, as the app does (Discord: 400, code 50006)', async () => {
    const from = apps.posts.length;
    const message = 'New sale: a wrong body';
    const discord = await postThrough(apps, urlFor('discord', 'purchase'), { text: message });
    expect(discord).toEqual({ status: 400, answer: '{"message":"Cannot send an empty message","code":50006}' });
    expect(await postThrough(apps, urlFor('slack', 'purchase'), { content: message })).toEqual({
      status: 400,
      answer: 'no_text',
    });
    const teams = await postThrough(apps, urlFor('teams', 'purchase'), { text: message });
    expect(teams.status).toBe(400);
    expect(await postThrough(apps, urlFor('discord', 'daily'), readmeBody('discord', message))).toEqual({
      status: 204,
      answer: '',
    });
    expect(apps.posts.slice(from).map((post) => [post.app, post.status])).toEqual([
      ['discord', 400],
      ['slack', 400],
      ['teams', 400],
      ['discord', 204],
    ]);
  });

  describe.each(CHAT_APP_KEYS)('recipe new purchase → chat, in %s', (app) => {
    it(
      `a purchase on the store posts one ${CHAT_APPS[app].name} message, in its own body, naming the order's customer, product and amount`,
      n8n.check(async () => {
        const id = RUNS[app].purchase;
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
          const message = `New sale: ${order.customer_name} bought ${order.product_name} for ${amount} (order #${order.id})`;
          expect(
            posts.map(({ app: to, url, contentType, status, problem, body }) => ({
              to,
              url,
              contentType,
              status,
              problem,
              body,
            })),
          ).toEqual([
            {
              to: app,
              url: urlFor(app, 'purchase'),
              contentType: expect.stringContaining('application/json'),
              status: CHAT_APPS[app].accepted,
              problem: null,
              body: readmeBody(app, message),
            },
          ]);
          expect({ status: execution.status, error: execution.data.resultData.error ?? null }).toEqual({
            status: 'success',
            error: null,
          });
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

    it.each(CHAT_APP_KEYS)(
      "in %s: a run from the Schedule Trigger posts yesterday's sales summary of the store, in the app's own body",
      (app) =>
        n8n.check(async () => {
          const from = apps.posts.length;
          const execution = await n8n.timed(`manual run from the Schedule Trigger (${CHAT_APPS[app].name})`, () =>
            runTriggerManually(n8n.session, RUNS[app].daily, 'Every morning', 300_000),
          );
          const [post] = await apps.next(from);
          expect({ to: post?.app, url: post?.url, problem: post?.problem, contentType: post?.contentType }).toEqual({
            to: app,
            url: urlFor(app, 'daily'),
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
          expect(post?.body).toEqual(readmeBody(app, expected.summary_text));
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
