import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { collect } from '@commerce-service/shared';

import { type SandboxProfile, startSandbox } from '../../../sandbox';
import App from '../../../zapier/src';
import { plainOutputs, searchPerform } from '../../unit/support/zapierPerforms';
import { SEARCH_PERFORMS, authFor, listPlans, run, testConnection, zapierFailure } from '../support/zapier';
import { createClient } from '../../../scripts/kit/client';
import { useSandbox } from '../support/sandbox';

// The retries' waits return at once: these tests check what each failure says, not the clock.
jest.mock('../../../zapier/src/timerSleep', () => ({ timerSleep: () => Promise.resolve() }));

describe.each<SandboxProfile>(['spec', 'real'])('auth, dropdowns and searches on the %s profile', (profile) => {
  const sandbox = useSandbox({ profile, quiet: true, afterEachTest: (store) => store.setFaults(null) });
  let auth: Record<string, string>;
  const ids = { order: 0, subscription: 0, customer: 0, product: 0 };

  beforeAll(async () => {
    auth = authFor(sandbox);
    const client = createClient({
      settings: { storeUrl: sandbox.url, apiKey: sandbox.apiKey, apiRoot: sandbox.apiRoot },
      transport: nodeTransport,
    });
    ids.order = (await client.listOrders({ per_page: 1 })).items[0]?.id ?? 0;
    ids.subscription = (await client.listSubscriptions({ per_page: 1 })).items[0]?.id ?? 0;
    ids.customer = (await client.listCustomers({ per_page: 1 })).items[0]?.id ?? 0;
    ids.product = (await client.listProducts({ per_page: 1 })).items[0]?.id ?? 0;
  });

  it('the auth test passes and labels the connection with the store host', async () => {
    const result = await run(testConnection, { authData: auth });
    expect(result.store).toBe(sandbox.url.replace('http://', ''));
  });

  it('a wrong key, a non-store site, a wrong URL and an unreachable host fail with four different messages', async () => {
    const wrongKey = await zapierFailure(run(testConnection, { authData: authFor(sandbox, 'wrong-key-000') }));
    expect(wrongKey.name).toBe('ExpiredAuthError');
    sandbox.setFaults({ html: { status: 200 } });
    const html = await zapierFailure(run(testConnection, { authData: auth }));
    sandbox.setFaults(null);
    const wrongRoot = await zapierFailure(run(testConnection, { authData: { ...auth, apiRoot: '/wp-json/other/v1' } }));
    const unreachable = await zapierFailure(
      run(testConnection, { authData: { ...auth, storeUrl: 'http://127.0.0.1:1' } }),
    );
    expect(wrongKey.text).toMatch(/did not accept the API key/);
    expect(html.text).toMatch(/the site is in maintenance mode/);
    expect(wrongRoot.text).toMatch(/nothing answers at this API Root, but Studiocart's API is on this site/);
    expect(unreachable.text).toMatch(/the server refused the connection/);
    for (const error of [wrongKey, html, wrongRoot, unreachable]) expect(error.text).not.toContain(sandbox.apiKey);
  });

  it('the Plans dropdown follows the chosen product', async () => {
    const plans = await run<{ id: string }[]>(listPlans, {
      authData: auth,
      inputData: { product_id: String(ids.product) },
    });
    expect(plans.slice(-3).map((plan) => plan.id)).toEqual(['bump', 'upsell', 'downsell']);
  });

  it.each([
    ['find_order', 'order_id', 'order'],
    ['find_subscription', 'subscription_id', 'subscription'],
    ['find_customer', 'customer_id', 'customer'],
    ['find_product', 'product_id', 'product'],
  ] as const)(
    '%s finds the record by ID, with every output field, and nothing for an unknown ID',
    async (key, input, noun) => {
      const perform = searchPerform(key);
      const found = await run(perform, { authData: auth, inputData: { [input]: ids[noun] } });
      expect(found).toHaveLength(1);
      expect(found[0]?.id).toBe(ids[noun]);
      for (const field of plainOutputs(App.searches[key].operation.outputFields)) {
        expect(found[0]).toHaveProperty(field.key.split('[]')[0] ?? field.key);
      }
      await expect(run(perform, { authData: auth, inputData: { [input]: 987654321 } })).resolves.toEqual([]);
    },
  );

  it("find_subscription_orders returns the subscription's orders, newest first", async () => {
    const subscription = (
      await run(SEARCH_PERFORMS.find_subscription, { authData: auth, inputData: { subscription_id: ids.subscription } })
    )[0];
    const orders = await run(SEARCH_PERFORMS.find_subscription_orders, {
      authData: auth,
      inputData: { subscription_id: ids.subscription },
    });
    expect(orders.length).toBeGreaterThanOrEqual(1);
    const invoices = (subscription?.invoices ?? []).map((invoice) => invoice.id);
    expect(orders.map((order) => order.id).sort()).toEqual([...invoices].sort());
    const dates = orders.map((order) => String(order.date_time));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('find_customer finds the last customer of a large store by email, trimmed and in another case; an unknown email is no result', async () => {
    // Enough customers for several pages of 100 (the spec profile pages them; the real one sends all at once).
    const large = await startSandbox({ port: 0, profile, quiet: true, size: 3000, seed: 9 });
    try {
      const largeAuth = authFor(large);
      const client = createClient({
        settings: { storeUrl: large.url, apiKey: large.apiKey, apiRoot: large.apiRoot },
        transport: nodeTransport,
      });
      const everyone = await collect(client.iterate((page) => client.listCustomers(page)));
      expect(everyone.length).toBeGreaterThan(200);
      const last = everyone[everyone.length - 1];
      expect(last?.email).toMatch(/@/);
      const found = await run(SEARCH_PERFORMS.find_customer, {
        authData: largeAuth,
        inputData: { email: `  ${String(last?.email).toUpperCase()} ` },
      });
      expect(found).toEqual([JSON.parse(JSON.stringify(last))]);
      await expect(
        run(SEARCH_PERFORMS.find_customer, {
          authData: largeAuth,
          inputData: { email: 'nobody-at-all@example.invalid' },
        }),
      ).resolves.toEqual([]);
      // By ID with the same email still finds them; with another email, nothing.
      await expect(
        run(SEARCH_PERFORMS.find_customer, {
          authData: largeAuth,
          inputData: { customer_id: last?.id, email: last?.email },
        }),
      ).resolves.toHaveLength(1);
      await expect(
        run(SEARCH_PERFORMS.find_customer, {
          authData: largeAuth,
          inputData: { customer_id: last?.id, email: 'x@example.invalid' },
        }),
      ).resolves.toEqual([]);
    } finally {
      await large.close();
    }
  });

  it('a short rate limit is waited out: the email search still finds the customer', async () => {
    const client = createClient({
      settings: { storeUrl: sandbox.url, apiKey: sandbox.apiKey, apiRoot: sandbox.apiRoot },
      transport: nodeTransport,
    });
    const first = (await client.listCustomers({ per_page: 1 })).items[0];
    sandbox.setFaults({ rateLimit: { retryAfterSeconds: 1 }, onlyPaths: 'customers', times: 1 });
    const found = await run(SEARCH_PERFORMS.find_customer, { authData: auth, inputData: { email: first?.email } });
    expect(found.map((customer) => customer.id)).toEqual([first?.id]);
  });

  it('a rate-limited store gives a ThrottledError with its delay', async () => {
    sandbox.setFaults({ rateLimit: { retryAfterSeconds: 12 } });
    const error = await zapierFailure(
      run(SEARCH_PERFORMS.find_order, { authData: auth, inputData: { order_id: ids.order } }),
    );
    expect(error).toMatchObject({ name: 'ThrottledError', delay: 12 });
  });

  it('a store error says what happened and what to do', async () => {
    sandbox.setFaults({ serverError: true });
    const error = await zapierFailure(
      run(SEARCH_PERFORMS.find_customer, { authData: auth, inputData: { customer_id: ids.customer } }),
    );
    expect(error.name).toBe('AppError');
    // A 500 is asked once more (docs: retries), then reported with the attempts made.
    expect(error.text).toMatch(
      /Get a customer failed on 127\.0\.0\.1:\d+ after 2 attempts: WordPress had a critical error \(PHP\).*error log/,
    );
  });
});
