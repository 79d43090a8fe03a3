/**
 * What a store owner sees, in a real browser: Debian's Chromium driven by playwright-core, against
 * what `npm start` runs (scripts/browser/stack.ts: the sandbox store on the real profile and n8n
 * 2.41.1 with the package, the sandbox credential and the example workflows, on free ports).
 *
 * The n8n tests are one story and run in order on one page: sign in, find the nodes, create the
 * credential, set up the trigger, listen for a purchase made on the sandbox dashboard, add the action
 * node and run it, look at the dashboard, then open the polling example workflow and fetch its trigger's
 * test event (the store's newest matching order). Screenshots go to SCREENSHOT_DIR (docs/images with
 * `npm run docs:screenshots`), else to a temporary folder.
 *
 * Where Chromium (or n8n) cannot run, this prints `SKIPPED: <reason>` and those tests are skipped (fail under CI=true).
 */
import type { Page } from 'playwright-core';
import { EVENT_TYPES, startSandbox, type Sandbox } from '../../sandbox';
import { launchChromium, type Browser } from '../../scripts/browser/chromium';
import { startStack, type Stack } from '../../scripts/browser/stack';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { loadExamples, pollingTriggerNodes, triggerNodes } from '../../scripts/start/examples';
import { salesSummary } from '@commerce-service/shared';
import { clientFor } from './n8n/expected';
import { Dashboard } from './browser/dashboard';
import { N8nEditor } from './browser/n8nEditor';
import { FAILURE_DIR, screenshot, SCREENSHOT_DIR } from './browser/screenshots';
import { buildN8n } from './support/globalSetup';
import { describeIf, probe } from './support/probe';
import { withHookSecret } from './support/steps';

interface CatalogProduct {
  id: number;
  name: string;
  plans: Array<{ id: string; name: string; terms: string }>;
}

const WRONG_KEY_REASON = /the API key is wrong/;

const chromium = probe(['chromium']);
const describeChromium = describeIf(chromium, 'browser tests (Chromium)');
const describeEditor = describeIf(
  chromium.ok ? probe(['n8n']) : { ok: false, reason: 'Chromium is unavailable' },
  `browser tests of the n8n ${N8N_VERSION} editor`,
);

const getJson = async <T>(url: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} -> ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

// -----------------------------------------------------------------------------------------------
// The dashboard alone: a sandbox and a local receiver, no n8n.

describeChromium('the sandbox dashboard in the browser', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let page: Page;
  let dashboard: Dashboard;
  let products: CatalogProduct[];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, profile: 'real', size: 80 });
    browser = await launchChromium({ width: 1200, height: 900 });
    page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    dashboard = new Dashboard(page, sandbox.url);
    products = (await getJson<{ products: CatalogProduct[] }>(`${sandbox.url}/sandbox/v1/catalog`)).products;
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  it('shows the products, a Plan list that follows the chosen product, and a button per event type, in the browser', async () => {
    await dashboard.open();
    const productOptions = await dashboard.product.locator('option').allInnerTexts();
    expect(productOptions.slice(1)).toEqual(products.map((p) => `${p.name} (#${p.id})`));
    const product = products.find((p) => p.plans.length > 1) as CatalogProduct;
    await dashboard.product.selectOption(String(product.id));
    const planOptions = await dashboard.plan.locator('option').allInnerTexts();
    expect(planOptions.slice(1)).toEqual([
      ...product.plans.map((plan) => `${plan.name} (${plan.terms})`),
      'As an order bump',
      'As an upsell',
      'As a downsell',
    ]);
    const buttons = await page
      .locator('#event-groups button')
      .evaluateAll((els) => els.map((el) => (el as HTMLButtonElement).dataset.event));
    expect([...buttons].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('makes each event happen from its button and says what happened, or why not, in the browser', async () => {
    await dashboard.open();
    const oneOff = products.find((p) => p.plans.some((plan) => !plan.terms.includes('/'))) as CatalogProduct;
    const oneOffPlan = oneOff.plans.find((plan) => !plan.terms.includes('/')) as CatalogProduct['plans'][number];
    const purchase = await dashboard.fire('Purchase', {
      product: `${oneOff.name} (#${oneOff.id})`,
      plan: `${oneOffPlan.name} (${oneOffPlan.terms})`,
    });
    const orderId = Number(/order #(\d+) \(paid\)/.exec(purchase)?.[1]);
    const order = await getJson<{ product_id: number; payment_plan_id?: string }>(
      `${sandbox.url}/wp-json/sc/v1/orders/${orderId}`,
      {
        headers: { 'x-api-key': sandbox.apiKey },
      },
    );
    expect(Number(order.product_id)).toBe(oneOff.id);
    expect(await dashboard.fire('Purchase', { plan: 'As an upsell' })).toMatch(
      /^Purchase: order #\d+ \(paid\)\. No hook listens for it\.$/,
    );
    // A one-off plan has no subscription: the store's reason is shown, as an error.
    const refused = await dashboard.fire('Start subscription', { plan: `${oneOffPlan.name} (${oneOffPlan.terms})` });
    expect(refused).toMatch(/^Start subscription did not happen: .*not a recurring plan/);
    await dashboard.product.selectOption({ index: 0 });
    expect(await dashboard.fire('Start trial')).toMatch(/^Start trial: subscription #\d+ \(trialing\)\./);
    expect(await dashboard.fire('Capture lead')).toMatch(/^Capture lead: lead \S+@\S+\./);
  });

  it('lists hooks (keys redacted) and deliveries with their status, refreshing by itself, in the browser', async () => {
    await dashboard.open();
    // The empty-state paragraph, however its source is wrapped.
    await page.getByText(/^\s*No hooks yet\./).waitFor();
    // A hook registered behind the page's back, as n8n or Zapier would: the page shows it without a reload.
    const subscribe = await fetch(`${sandbox.url}/wp-json/sc/v1/webhook/subscribe?api_key=${sandbox.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hook_url: `http://127.0.0.1:9/hooks/abc?token=t0ps3cret`, status: 'refunded' }),
    });
    expect(subscribe.status).toBe(200);
    await dashboard.table('Hooks the store calls').waitFor({ timeout: 6000 });
    const [hook] = await dashboard.rows('Hooks the store calls');
    expect(hook).toEqual(['refunded', 'any', 'any', 'http://127.0.0.1:9/hooks/abc?token=[redacted]', '—']);
    expect(await page.content()).not.toContain('t0ps3cret');
    // The refund reaches the hook's URL, where nothing listens: the delivery shows "no answer".
    await dashboard.fire('Refund');
    // The answer is shown first; the table follows with the page's next read of the activity.
    await dashboard.table('Recent deliveries').waitFor({ timeout: 6000 });
    const [delivery] = await dashboard.rows('Recent deliveries');
    expect(delivery?.slice(1, 4)).toEqual(['refunded', expect.stringMatching(/^#\d+ · \S+@\S+$/), 'no answer']);
  });
});

// -----------------------------------------------------------------------------------------------
// The n8n editor, as `npm start` sets it up.

describeEditor(`n8n ${N8N_VERSION} editor, with the sandbox dashboard, in the browser`, () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let editor: N8nEditor;
  let dashboard: Dashboard;
  let product: CatalogProduct;
  let purchase: { id: number; email: string };
  const timings: Array<[string, number]> = [];

  async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
    const t0 = Date.now();
    try {
      return await fn();
    } finally {
      timings.push([label, (Date.now() - t0) / 1000]);
    }
  }

  /** On failure: a screenshot of where the page was, and the end of n8n's output. */
  const step = (name: string, fn: () => Promise<void>) => async () => {
    try {
      await timed(name, fn);
    } catch (error) {
      const file = await screenshot(page, name, { fullPage: true, dir: FAILURE_DIR }).catch(() => 'none');
      if (error instanceof Error)
        error.message += `\n(screenshot: ${file})\n--- last n8n output ---\n${stack?.n8n.output().split('\n').slice(-20).join('\n')}`;
      throw error;
    }
  };

  /** The open node's one expression, as n8n resolves it against the node's input (shown while it has focus). */
  async function expressionResult(): Promise<string> {
    await editor.ndv.getByTestId('inline-expression-editor-input').first().click();
    const output = page.getByTestId('inline-expression-editor-output');
    await output.waitFor();
    return (await output.innerText()).replace(/^\s*Result\s*/i, '').trim();
  }

  beforeAll(async () => {
    await timed('npm run build:n8n (unless the global set-up did)', buildN8n);
    stack = await timed('start sandbox + n8n (import, start, owner, save, activate)', () => startStack());
    browser = await launchChromium({ width: 1280, height: 800 });
    page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    editor = new N8nEditor(page, stack.n8n.url);
    dashboard = new Dashboard(await browser.context.newPage(), stack.sandbox.url);
    const catalog = await getJson<{ products: CatalogProduct[] }>(`${stack.sandbox.url}/sandbox/v1/catalog`);
    product = catalog.products[0] as CatalogProduct;
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    process.stderr.write(
      `browser e2e timings (s): ${timings.map(([label, secs]) => `${label} ${secs.toFixed(1)}`).join('; ')}\n`,
    );
    process.stderr.write(`browser e2e screenshots: ${SCREENSHOT_DIR}\n`);
  });

  it(
    'signs in to the n8n editor in the browser',
    step('sign-in', async () => {
      await editor.signIn(stack.owner.email, stack.owner.password);
      expect(new URL(page.url()).pathname).not.toMatch(/signin/);
      await editor.newWorkflow();
    }),
  );

  it(
    'finds both Commerce Service nodes, with their icon, in the nodes panel in the browser',
    step('nodes-panel', async () => {
      await editor.openNodesPanel();
      await editor.searchNodes('Commerce Service');
      const service = editor.nodeItems.filter({ hasText: 'Commerce Service' }).first();
      await service.waitFor();
      expect(
        (await editor.panelIcons(service)).some((icon) => /commerceService\.svg$/.test(icon.src) && icon.width > 0),
      ).toBe(true);
      await service.click();
      // n8n groups a service's trigger node and action node under one entry: Triggers, then Actions.
      const panel = editor.nodeCreator;
      const triggers = panel.getByText(/^Triggers \((\d+)\)$/);
      const actions = panel.getByText(/^Actions \((\d+)\)$/);
      await triggers.waitFor();
      expect(Number(/\d+/.exec(await triggers.innerText())?.[0])).toBeGreaterThanOrEqual(EVENT_TYPES.length);
      expect(Number(/\d+/.exec(await actions.innerText())?.[0])).toBeGreaterThanOrEqual(10);
      await expect(panel.getByText('On product purchased', { exact: true }).isVisible()).resolves.toBe(true);
      const icons = await editor.panelIcons();
      expect(
        icons.filter((icon) => /commerceService\.svg$/.test(icon.src) && icon.width > 0).length,
      ).toBeGreaterThanOrEqual(EVENT_TYPES.length);
      await screenshot(page, 'n8n-nodes-panel', { parts: [panel], margin: 0 });
      await actions.click(); // the action node's operations
      await panel.getByText('Get many orders', { exact: true }).waitFor();
      await panel.getByText('On product purchased', { exact: true }).click();
      await editor.ndv.waitFor();
    }),
  );

  it(
    'creates the credential through its form: a wrong key shows our reason, Test with the right key succeeds, in the browser',
    step('credential', async () => {
      await editor.createCredentialFromNode();
      const modal = editor.credentialModal;
      await editor.credentialField('Store URL').fill(stack.sandbox.url);
      await editor.credentialField('API Key').fill('not-the-key');
      await editor.saveCredential(); // n8n saves, then tests
      const failed = modal.getByText('Couldn’t connect with these settings');
      await failed.waitFor();
      await modal.getByText('More details').click();
      await modal.getByText(WRONG_KEY_REASON).waitFor();
      expect(await modal.innerText()).not.toContain('not-the-key');

      await editor.credentialField('API Key').fill(stack.sandbox.apiKey);
      await editor.retestCredential();
      await modal.getByTestId('credentials-config-container-test-success').waitFor();
      await expect(modal.getByText(WRONG_KEY_REASON).count()).resolves.toBe(0);
      await screenshot(page, 'n8n-credential-form', {
        parts: [page.locator('.el-dialog', { has: page.getByTestId('credential-save-button') })],
        margin: 0,
      });
      await editor.saveCredential();
      await editor.closeCredentialModal();
    }),
  );

  it(
    "lists the sandbox's products in the trigger's Product dropdown, and the chosen product's plans with bump, upsell and downsell, in the browser",
    step('trigger-dropdowns', async () => {
      const catalog = await getJson<{ products: CatalogProduct[] }>(`${stack.sandbox.url}/sandbox/v1/catalog`);
      // Version 2 (what a new trigger is): Product is a record locator; its From list is the store's products,
      // each labelled "name · price · #id" (empty means any product).
      await editor.openLocatorList(/^Product/);
      const names = (await editor.locatorItemNames()).map((label) => label.split(' · ')[0] ?? '');
      const productNames = catalog.products.map((p) => p.name);
      expect(names.filter((name) => productNames.includes(name)).sort()).toEqual([...productNames].sort());
      expect(names.length).toBeLessThanOrEqual(productNames.length + 1); // and "any product"
      await editor.chooseLocatorItem(product.name);
      await editor.openDropdown(/^Plan/);
      const plans = await editor.openOptionNames();
      expect(plans.slice(0, product.plans.length)).toEqual(product.plans.map((plan) => plan.name));
      const offers = plans.slice(product.plans.length);
      expect(offers).toHaveLength(3);
      expect(offers.map((offer) => /\b(bump|upsell|downsell)\b/i.exec(offer)?.[1]?.toLowerCase())).toEqual([
        'bump',
        'upsell',
        'downsell',
      ]);
      await editor.chooseOption(product.plans[0]?.name ?? '');
      await editor.closeDropdown();
    }),
  );

  it(
    'shows the order of a purchase made on the sandbox dashboard while the trigger listens, in its output panel, in the browser',
    step('trigger-output', async () => {
      const sandbox = stack.sandbox;
      const testHook = () => sandbox.hooks().find((hook) => hook.hookUrl.includes('/webhook-test/'));
      // The active example's hook, before listening: the test must leave it as it is.
      const activeBefore = sandbox.hooks();
      expect(activeBefore).toHaveLength(1);
      await editor.executeStep(); // "listen for test event"
      for (let waited = 0; !testHook() && waited < 20_000; waited += 250)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(testHook()).toEqual(
        expect.objectContaining({ statuses: ['purchased'], productId: product.id, planIds: [product.plans[0]?.id] }),
      );

      await dashboard.open();
      const plan = product.plans[0] as CatalogProduct['plans'][number];
      const said = await dashboard.fire('Purchase', {
        product: `${product.name} (#${product.id})`,
        plan: `${plan.name} (${plan.terms})`,
      });
      const id = Number(/order #(\d+)/.exec(said)?.[1]);
      const delivery = sandbox.deliveries().find((d) => d.hookUrl.includes('/webhook-test/') && d.payload.id === id);
      expect(delivery).toEqual(expect.objectContaining({ event: 'purchased', status: 200 }));
      purchase = { id, email: String(delivery?.payload.customer_email) };

      await page.bringToFront();
      await editor.outputPanel.getByText(purchase.email).first().waitFor();
      await editor.outputPanel.getByTestId('radio-button-json').click();
      const idLine = new RegExp(`"id":\\s*${id},`);
      // The JSON view renders its lines a few at a time: wait for both.
      const output = await editor.outputTextWhen((text) => idLine.test(text) && text.includes(purchase.email));
      expect(output).toMatch(idLine);
      expect(output).toContain(purchase.email);
      expect(await editor.outputItemCount()).toBe(1);
      // "Listen for test event ... removed after the test; does not touch the active one."
      for (let waited = 0; testHook() && waited < 20_000; waited += 250)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(testHook()).toBeUndefined();
      expect(sandbox.hooks()).toEqual(activeBefore);
      await screenshot(page, 'n8n-trigger-output', { hide: '.el-popper' }); // and n8n's "you can pin this" hint
    }),
  );

  it(
    "returns every order of the store with the action node's Order → Get Many, Return All, in the browser",
    step('action-get-many', async () => {
      await editor.closeNdv();
      await editor.addNodeAfterFirst();
      await editor.searchNodes('Commerce Service');
      await editor.nodeItems.filter({ hasText: 'Commerce Service' }).first().click();
      await editor.nodeCreator.getByText('Get many orders', { exact: true }).click();
      await editor.ndv.waitFor();
      await expect(editor.parameterValue(/^Resource\b/)).resolves.toBe('Order');
      await expect(editor.parameterValue(/^Operation\b/)).resolves.toBe('Get Many');
      await editor
        .parameter(/^Return All/)
        .locator('.el-switch')
        .click();
      await editor.parameter(/^Limit/).waitFor({ state: 'detached' });
      await editor.executeStep();
      await editor.outputPanel.getByTestId('ndv-items-count').waitFor({ timeout: 60_000 });
      const total = await fetch(`${stack.sandbox.url}/wp-json/sc/v1/orders?per_page=1`, {
        headers: { 'x-api-key': stack.sandbox.apiKey },
      });
      const storeTotal = Number(total.headers.get('x-wp-total'));
      expect(storeTotal).toBeGreaterThan(100);
      expect(await editor.outputItemCount()).toBe(storeTotal);
      await editor.outputPanel.getByTestId('radio-button-json').click();
      await screenshot(page, 'n8n-execution-output', { hide: '.el-popper' });
    }),
  );

  it(
    "lists the active trigger's hook and a delivery with status 200 on the sandbox dashboard, in the browser",
    step('dashboard', async () => {
      const example = loadExamples().find((wf) => triggerNodes(wf).length > 0);
      const webhookId = String(triggerNodes(example as { nodes: Array<Record<string, unknown>> })[0]?.webhookId);
      const activeHookUrl = stack.n8n.webhookUrl(webhookId, 'webhook');
      const page2 = dashboard.page;
      await page2.bringToFront();
      await dashboard.open();
      const hooks = await dashboard.rows('Hooks the store calls');
      expect(hooks).toEqual([['purchased', 'any', 'any', withHookSecret(activeHookUrl), 'n8n']]);
      const deliveries = await dashboard.rows('Recent deliveries');
      // The purchase reached the listening editor and the active example workflow.
      const ours = deliveries.filter((row) => row[2] === `#${purchase.id} · ${purchase.email}`);
      const seen = ours.map((row) => [row[1], row[3], row[5]]);
      expect(seen).toHaveLength(2);
      expect(seen).toEqual(
        expect.arrayContaining([
          ['purchased', '200', withHookSecret(activeHookUrl)],
          ['purchased', '200', expect.stringContaining('/webhook-test/')],
        ]),
      );
      // Another purchase, made without the page: it shows up by itself.
      const fired = await getJson<{ event: { id: number } }>(`${stack.sandbox.url}/sandbox/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'purchased', product_id: product.id }),
      });
      await page2.getByRole('cell', { name: new RegExp(`^#${fired.event.id} · `) }).waitFor({ timeout: 8000 });
      await page2.setViewportSize({ width: 1200, height: 900 });
      await screenshot(page2, 'sandbox-dashboard', { fullPage: true });
    }),
  );

  it(
    'fetches the newest paid order of the store with the polling trigger\'s "Fetch Test Event", in the browser',
    step('polling-test-event', async () => {
      const sandbox = stack.sandbox;
      const example = loadExamples().find((wf) => pollingTriggerNodes(wf).length > 0);
      const trigger = pollingTriggerNodes(example as { nodes: Array<Record<string, unknown>> })[0];
      expect(trigger?.parameters).toEqual(
        expect.objectContaining({ event: 'purchased', productId: expect.objectContaining({ value: '' }) }),
      );
      // A purchase now, so the store's newest change is a paid order this test knows.
      const fired = await getJson<{ event: { id: number } }>(`${sandbox.url}/sandbox/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'purchased', product_id: product.id }),
      });
      const [newest] = await getJson<Array<{ id: number; customer_email: string; status: string }>>(
        `${sandbox.url}/wp-json/sc/v1/orders?orderby=date_modified&order=desc&per_page=1`,
        { headers: { 'x-api-key': sandbox.apiKey } },
      );
      expect(newest).toEqual(expect.objectContaining({ id: fired.event.id, status: 'paid' }));
      const { id, customer_email: email } = newest as { id: number; customer_email: string };

      await page.bringToFront();
      await editor.openWorkflow(String(example?.id));
      await editor.openNode(String(trigger?.name));
      await expect(editor.executeButton.innerText()).resolves.toMatch(/^\s*Fetch Test Event\s*$/i);
      await editor.executeStep();
      await editor.outputPanel.getByText(email).first().waitFor({ timeout: 60_000 });
      await editor.outputPanel.getByTestId('radio-button-json').click();
      const idLine = new RegExp(`"id":\\s*${id},`);
      const emailLine = new RegExp(`"customer_email":\\s*"${email.replace(/[.+]/g, '\\$&')}"`);
      // The JSON view renders its lines a few at a time: wait for both.
      const output = await editor.outputTextWhen((text) => idLine.test(text) && emailLine.test(text));
      expect(output).toMatch(idLine);
      expect(output).toMatch(emailLine);
      expect(await editor.outputItemCount()).toBe(1);
      await screenshot(page, 'n8n-polling-test-event', { hide: '.el-popper' });
    }),
  );

  it(
    "shows the purchase recipe's message, built from a purchase made while its trigger listens, in the browser",
    step('recipe-purchase-message', async () => {
      const sandbox = stack.sandbox;
      const recipe = loadExamples().find((wf) => wf.id === 'csRecipePurchase');
      const trigger = triggerNodes(recipe as { nodes: Array<Record<string, unknown>> })[0];
      await editor.openWorkflow(String(recipe?.id));
      await editor.openNode(String(trigger?.name));
      await editor.executeStep(); // "listen for test event"
      const testHook = () => sandbox.hooks().find((hook) => hook.hookUrl.includes('/webhook-test/'));
      for (let waited = 0; !testHook() && waited < 20_000; waited += 250)
        await new Promise((resolve) => setTimeout(resolve, 250));
      const fired = await getJson<{ event: { id: number } }>(`${sandbox.url}/sandbox/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'purchased', product_id: product.id }),
      });
      // The store's record through the shared client: amounts in decimals, as the trigger hands them on.
      const order = await clientFor(sandbox).getOrder(fired.event.id);
      await editor.outputPanel.getByText(order.customer_name).first().waitFor({ timeout: 30_000 });
      await editor.closeNdv();
      await editor.openNode('Message');
      const message = await expressionResult();
      expect(message).toBe(
        `New sale: ${order.customer_name} bought ${order.product_name} for ${order.currency} ${Number(order.order_amount).toFixed(2)} (order #${order.id})`,
      );
      await screenshot(page, 'recipe-purchase-message');
      await editor.closeNdv();
    }),
  );

  it(
    "shows the daily recipe's message, yesterday's sales summary of the store, in the browser",
    step('recipe-daily-summary', async () => {
      const sandbox = stack.sandbox;
      const client = clientFor(sandbox);
      // Two purchases yesterday in the store's days, so the summary has sales to show.
      const period = await salesSummary(client, { period: 'yesterday', subscriptions: false });
      sandbox.setClock(new Date((Date.parse(period.starts_at) + Date.parse(period.ends_at)) / 2));
      for (let i = 0; i < 2; i += 1) await sandbox.fireEvent({ type: 'purchased' });
      await editor.openWorkflow('csRecipeDailySum');
      await editor.openNode("Yesterday's sales");
      await expect(editor.parameterValue(/^Period\b/)).resolves.toBe('Yesterday');
      await editor.executeStep(); // runs the Schedule Trigger, then the summary
      await editor.outputPanel.getByTestId('ndv-items-count').waitFor({ timeout: 60_000 });
      await editor.closeNdv();
      await editor.openNode('Message');
      const expected = await salesSummary(client, { period: 'yesterday' });
      expect(expected.summary_text).toMatch(/^Yesterday \(\d{4}-\d\d-\d\d\): 2 orders, /);
      expect(await expressionResult()).toBe(expected.summary_text);
      await screenshot(page, 'recipe-daily-summary');
      await editor.closeNdv();
    }),
  );
});
