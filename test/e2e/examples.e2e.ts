/**
 * The example workflows (n8n/examples/*.json) as a user gets them: a fresh n8n 2.41 whose community
 * nodes folder has the package installed from a local npm registry (packed and published as npm
 * start does), so its nodes are typed `n8n-nodes-commerce-service.<node>`; every example is saved
 * as it is in the repository (through n8n's REST API, as the editor's Save does; its credential
 * reference pointed at the credential saved the same way), names only node types that n8n knows, and
 * each one that can run, runs: the two manual ones as the editor's "Execute workflow" runs them, the
 * webhook trigger through a sandbox purchase, the polling trigger through its activation (its first
 * poll, which emits nothing by design). The examples that post to a chat (those whose HTTP Request
 * posts to the placeholder URL: the two chat recipes) run once for each chat app, with that app's
 * URL pasted and nothing else changed, against local stand-ins that refuse another app's body as the
 * apps do (support/chatApps.ts): each app must get the body n8n/README.md gives for it.
 * n8nRecipes.e2e.ts checks their messages against the store's records.
 *
 * Where n8n cannot be had, this prints `SKIPPED: <reason>`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox';
import { collect, salesSummary } from '@commerce-service/shared';
import { ensureN8n, N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  ensureOwner,
  executionNodeOutput,
  listExecutions,
  nodeOutput,
  saveCredential,
  saveWorkflow,
  startN8n,
  waitForExecution,
  type N8nInstance,
  type N8nWorkflowJson,
  type RestSession,
} from '../../scripts/n8n/instance';
import {
  CHAT_URL_PLACEHOLDER,
  EXAMPLE_CREDENTIAL,
  INSTALLED_NODE_TYPES,
  activeOnStart,
  loadExamples,
  pollingTriggerNodes,
  sandboxCredential,
  triggerNodes,
  type CredentialRef,
} from '../../scripts/start/examples';
import { COMMUNITY_PACKAGES_ENV, installRelease, releaseLocally } from '../../scripts/start/localRelease';
import { Teardown } from '../../scripts/start/teardown';
import { clientFor } from './n8n/expected';
import { CHAT_APP_KEYS, CHAT_APPS, CHAT_URLS, ChatApps, pasteChatUrl, readmeBody } from './support/chatApps';
import { manualRun, runTriggerManually } from './support/installed';
import { probe } from './support/probe';
import { timer, withHookSecret, withOutput } from './support/steps';

const TITLE = `the example workflows in n8n ${N8N_VERSION} with the package installed from a registry`;
const found = probe(['n8n']);
if (!found.ok) {
  process.stderr.write(`\nSKIPPED: ${TITLE}: ${found.reason}\n\n`);
  describe(TITLE, () => it.skip(`SKIPPED: ${found.reason.split('\n')[0]}`, () => undefined));
}
const describeExamples = found.ok ? describe : describe.skip;

const EXAMPLES = loadExamples();
const byName = (label: string) => {
  const workflow = EXAMPLES.find((wf) => wf.nodes.some((node) => node.name === label));
  if (!workflow) throw new Error(`no example with a node "${label}" in n8n/examples`);
  return workflow;
};

/**
 * An example as the user saves it in their n8n: unchanged but for its Commerce Service nodes'
 * credential reference, which points at the credential n8n made (n8n assigns credential ids).
 */
function onCredential(workflow: N8nWorkflowJson, credential: CredentialRef): N8nWorkflowJson {
  const nodes = workflow.nodes.map((node) => {
    const credentials = node.credentials as Record<string, CredentialRef> | undefined;
    const ref = credentials?.[EXAMPLE_CREDENTIAL.type];
    if (!ref) return node;
    if (ref.id !== EXAMPLE_CREDENTIAL.id || ref.name !== EXAMPLE_CREDENTIAL.name)
      throw new Error(`example "${workflow.name}" node "${String(node.name)}" names credential ${JSON.stringify(ref)}`);
    return { ...node, credentials: { ...credentials, [EXAMPLE_CREDENTIAL.type]: credential } };
  });
  return { ...workflow, nodes };
}

/** Whether an example posts to a chat: one of its nodes posts to the placeholder the user replaces. */
const postsToChat = (workflow: N8nWorkflowJson): boolean =>
  workflow.nodes.some((node) => (node.parameters as Record<string, unknown> | undefined)?.url === CHAT_URL_PLACEHOLDER);

describeExamples(TITLE, () => {
  const clock = timer('examples e2e');
  const timed = clock.timed;
  const teardown = new Teardown(() => undefined);
  let store: Sandbox;
  let folder = '';
  let n8n: N8nInstance | undefined;
  let session: RestSession;
  let credential: CredentialRef;
  const chat = new ChatApps();
  const check = (fn: () => Promise<void>) => withOutput(() => [['n8n', n8n?.output()]], fn);

  beforeAll(async () => {
    const install = await timed('ensureN8n (cached)', () => ensureN8n());
    store = await startSandbox({ port: 0, profile: 'real', quiet: true });
    teardown.add(() => store.close());
    const release = await timed('build, pack, publish to a local registry', () => releaseLocally(teardown));
    folder = mkdtempSync(path.join(tmpdir(), 'n8n-examples-e2e-'));
    const home = { install, userFolder: folder, env: { ...COMMUNITY_PACKAGES_ENV } };
    await timed('install from the registry', () => installRelease(folder, release));
    n8n = await timed('n8n start', () => startN8n({ ...home, readyTimeoutMs: 180_000 }));
    session = (await ensureOwner(n8n)).session;
    await chat.listen();
    teardown.add(() => chat.close());
    await timed('save the credential and every example (REST)', async () => {
      credential = await saveCredential(session, sandboxCredential(store));
      for (const example of EXAMPLES) await saveWorkflow(session, onCredential(example, credential));
    });
  }, 900_000);

  afterAll(async () => {
    await n8n?.stop();
    await teardown.stop('end of the examples e2e');
    if (folder) rmSync(folder, { recursive: true, force: true });
    clock.print();
  }, 120_000);

  it('examples installed from a registry: every example names the installed node types, none CUSTOM.*', () => {
    const types = EXAMPLES.flatMap((wf) => wf.nodes.map((node) => String(node.type)));
    expect(types.filter((type) => type.startsWith('CUSTOM.'))).toEqual([]);
    expect(new Set(types.filter((type) => type.startsWith('n8n-nodes-commerce-service.')))).toEqual(
      new Set(Object.values(INSTALLED_NODE_TYPES)),
    );
  });

  it(
    'examples installed from a registry: "List latest orders" and "Return all customers" run manually (the editor\'s Execute workflow) and return the store records',
    check(async () => {
      const client = clientFor(store);
      for (const [label, expected] of [
        ['Latest paid orders', await client.latestOrders({ status: 'paid' })],
        ['All customers', await collect(client.iterate((page) => client.listCustomers(page)))],
      ] as const) {
        const workflow = byName(label);
        const run = await timed(`manual run (${workflow.name})`, () => manualRun(session, workflow.id));
        expect({ status: run.status, error: run.data.resultData.error ?? null }).toEqual({
          status: 'success',
          error: null,
        });
        const output = nodeOutput(run, label);
        expect(output.length).toBeGreaterThan(0);
        expect(output).toEqual(JSON.parse(JSON.stringify(expected)));
      }
    }),
  );

  it(
    'examples installed from a registry: the webhook example activates (one hook) and runs on a purchase; the polling example activates (n8n refuses to activate an unknown node type)',
    check(async () => {
      const server = n8n as N8nInstance;
      const webhookExample = EXAMPLES.find(activeOnStart);
      const id = webhookExample?.id ?? '';
      await timed('activate the webhook example', () => activateWorkflow(session, id));
      const hookUrl = server.webhookUrl(String(triggerNodes(webhookExample ?? { nodes: [] })[0]?.webhookId), 'webhook');
      expect(store.hooks().map((hook) => [hook.hookUrl, hook.statuses])).toEqual([
        [withHookSecret(hookUrl), ['purchased']],
      ]);
      const seen = (await listExecutions(session, id)).map((e) => e.id);
      const [delivery] = await store.fireEvent({ type: 'purchased' });
      expect(delivery?.status).toBe(200);
      const execution = await timed('purchase to execution', () =>
        waitForExecution(session, id, { seen, timeoutMs: 60_000 }),
      );
      expect(execution.status).toBe('success');
      expect(executionNodeOutput(execution, 'Order summary')).toEqual([
        expect.objectContaining({ event: 'purchased', orderId: (delivery?.payload as { id?: number }).id }),
      ]);
      await deactivateWorkflow(session, id);
      expect(store.hooks()).toEqual([]);

      const pollingExample = EXAMPLES.find((wf) => pollingTriggerNodes(wf).length > 0);
      await timed('activate the polling example', () => activateWorkflow(session, pollingExample?.id ?? ''));
      await deactivateWorkflow(session, pollingExample?.id ?? '');
    }),
  );

  it(
    'examples installed from a registry: the two chat recipes, with a Slack, Discord or Teams URL pasted and nothing else changed, send each app its own body',
    check(async () => {
      const chatExamples = EXAMPLES.filter(postsToChat);
      expect(chatExamples.map((wf) => wf.id).sort()).toEqual(['csRecipeDailySum', 'csRecipePurchase']);
      const client = clientFor(store);
      for (const example of chatExamples)
        for (const app of CHAT_APP_KEYS) {
          const url = CHAT_URLS[app][0] ?? '';
          const own = onCredential(pasteChatUrl(example, CHAT_URL_PLACEHOLDER, url, chat), credential);
          for (const node of own.nodes) if (node.webhookId) node.webhookId = randomUUID();
          const id = await saveWorkflow(session, {
            ...own,
            id: undefined,
            name: `${own.name} (${CHAT_APPS[app].name})`,
          });
          const from = chat.posts.length;
          let message: string;
          if (triggerNodes(own).length > 0) {
            await activateWorkflow(session, id);
            try {
              const seen = (await listExecutions(session, id)).map((e) => e.id);
              const [delivery] = await store.fireEvent({ type: 'purchased' });
              const execution = await timed(`purchase to ${CHAT_APPS[app].name}`, () =>
                waitForExecution(session, id, { seen, timeoutMs: 60_000 }),
              );
              expect(execution.status).toBe('success');
              const order = await client.getOrder(Number((delivery?.payload as { id?: number }).id));
              message = `New sale: ${order.customer_name} bought ${order.product_name} for ${order.currency} ${Number(order.order_amount).toFixed(2)} (order #${order.id})`;
            } finally {
              await deactivateWorkflow(session, id);
            }
          } else {
            const run = await timed(`manual run to ${CHAT_APPS[app].name}`, () =>
              runTriggerManually(session, id, 'Every morning'),
            );
            expect({ status: run.status, error: run.data.resultData.error ?? null }).toEqual({
              status: 'success',
              error: null,
            });
            message = (await salesSummary(client, { period: 'yesterday' })).summary_text;
          }
          const posts = await chat.next(from);
          expect(
            posts.map(({ app: to, url: at, status, problem, body }) => ({ to, at, status, problem, body })),
          ).toEqual([
            { to: app, at: url, status: CHAT_APPS[app].accepted, problem: null, body: readmeBody(app, message) },
          ]);
        }
      expect(store.hooks()).toEqual([]);
    }),
  );
});
