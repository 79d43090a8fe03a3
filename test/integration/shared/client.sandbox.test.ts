/**
 * The shared client against the sandbox store over real HTTP on 127.0.0.1, for both the spec profile
 * and the real-store profile: every operation, the unsubscribe fallback, the paginator and each fault.
 */
import {
  AuthenticationError,
  collect,
  type CommerceServiceClient,
  EVENTS,
  matchesFilters,
  NetworkError,
  NotFoundError,
  parseDelivery,
  RateLimitError,
  recentEvents,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
} from '@commerce-service/shared';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { createClient } from '../../../scripts/kit/client';

import { type Sandbox, type SandboxProfile } from '../../../sandbox';
import { startReceiver } from '../support/receiver';
import { useSandbox } from '../support/sandbox';

const KEY = 'integration-key-5f2c';

function clientFor(
  sandbox: Sandbox,
  overrides: { apiKey?: string; apiRoot?: string; timeoutMs?: number } = {},
): CommerceServiceClient {
  return createClient({
    settings: { storeUrl: sandbox.url, apiKey: overrides.apiKey ?? KEY, apiRoot: overrides.apiRoot ?? '' },
    transport: nodeTransport,
    timeoutMs: overrides.timeoutMs ?? 5000,
  });
}

describe.each<SandboxProfile>(['spec', 'real'])('shared client against the sandbox (%s profile)', (profile) => {
  const sandbox = useSandbox({ profile, apiKey: KEY, size: 300, seed: 7 });
  let client: CommerceServiceClient;

  beforeAll(async () => {
    client = clientFor(sandbox);
  });

  test('validates the key (1) and rejects a wrong one with an authentication error', async () => {
    await expect(client.validateKey()).resolves.toBeUndefined();
    const wrong = clientFor(sandbox, { apiKey: 'not-the-key' });
    const error = await wrong.validateKey().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('127.0.0.1');
    expect((error as Error).message).not.toContain('not-the-key');
  });

  test('subscribes (2) and unsubscribes (3) a hook; a second unsubscribe is success', async () => {
    const { id } = await client.subscribeHook({
      hook_url: 'http://127.0.0.1:9/hook',
      status: 'purchased',
      source: 'zapier',
    });
    expect(id).toMatch(/^\d+$/);
    expect(sandbox.hooks().map((hook) => hook.id)).toEqual([id]);
    await expect(client.deleteHook(id)).resolves.toEqual({ id, alreadyGone: false });
    expect(sandbox.hooks()).toEqual([]);
    await expect(client.deleteHook(id)).resolves.toEqual({ id, alreadyGone: true });
  });

  test('lists webhook products (4) and their plans (5), with the purchase-kind entries', async () => {
    const products = await client.listWebhookProducts();
    expect(products.length).toBeGreaterThan(0);
    expect(typeof products[0]?.id).toBe('number');
    const plans = await client.listWebhookPlans(products[0]!.id);
    expect(plans.map((plan) => plan.id)).toEqual(expect.arrayContaining(['bump', 'upsell']));
    for (const plan of plans) expect(typeof plan.id).toBe('string');
  });

  test('fetches latest orders (6) with two-decimal amounts, and an empty list for a product without any', async () => {
    const orders = await client.latestOrders();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders[0]?.order_amount).toMatch(/^\d+\.\d{2}$/);
    expect(typeof orders[0]?.order_id).toBe('number');
    await expect(client.latestOrders({ product_id: 999999 })).resolves.toEqual([]);
  });

  test('reads customers (7, 8), orders (9, 10, 11), subscriptions (12, 13) and products (14, 15)', async () => {
    const customers = await client.listCustomers({ per_page: 5 });
    expect(customers.items).toHaveLength(5);
    expect(customers.total).toBeGreaterThan(5);
    await expect(client.getCustomer(customers.items[0]!.id)).resolves.toMatchObject({ id: customers.items[0]!.id });

    const orders = await client.listOrders({ per_page: 3, orderby: 'id', order: 'asc' });
    expect(orders.items.map((o) => o.id)).toEqual([...orders.items.map((o) => o.id)].sort((a, b) => a - b));
    await expect(client.getOrder(orders.items[0]!.id)).resolves.toMatchObject({ id: orders.items[0]!.id });

    const subscriptions = await client.listSubscriptions({ per_page: 2 });
    const subscription = await client.getSubscription(subscriptions.items[0]!.id);
    expect(subscription.invoices.length).toBeGreaterThan(0);
    const invoices = await client.listSubscriptionOrders(subscription.id);
    expect(invoices.items.map((o) => o.id)).toEqual(expect.arrayContaining([subscription.invoices[0]!.id]));

    const products = await client.listProducts({ orderby: 'product_name', order: 'asc' });
    const product = await client.getProduct(products.items[0]!.id);
    expect(product.plans.length).toBeGreaterThan(0);
  });

  test('an unknown id is a NotFoundError that names the operation', async () => {
    const error = await client.getOrder(987654321).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/^Get an order failed on 127\.0\.0\.1:\d+/);
  });

  test('iterates every order across pages, the count matching X-WP-Total', async () => {
    const first = await client.listOrders({ per_page: 1 });
    const all = await collect(client.iterate((page) => client.listOrders(page)));
    expect(all).toHaveLength(first.total!);
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    const some = await collect(client.iterate((page) => client.listOrders(page), { limit: 7 }));
    expect(some).toHaveLength(7);
  });

  test('a sandbox event reaches a subscribed hook; the delivery parses and matches the trigger', async () => {
    const catcher = await startReceiver();
    try {
      const hook = await client.subscribeHook({
        hook_url: `${catcher.url}/catch`,
        status: 'purchased',
        prices_in_cents: true,
      });
      const deliveries = await sandbox.fireEvent({ type: 'purchased' });
      expect(deliveries.map((d) => d.hookId)).toEqual([hook.id]);
      const records = parseDelivery(catcher.received[0]?.body);
      expect(records).toHaveLength(1);
      expect(records[0]?.trigger).toBe('purchased');
      expect(Number.isInteger(records[0]?.order_amount)).toBe(true);
      expect(matchesFilters(records[0]!, { event: 'purchased' })).toBe(true);
      expect(matchesFilters(records[0]!, { event: 'refunded' })).toBe(false);
      await client.deleteHook(hook.id);
    } finally {
      await catcher.close();
    }
  });

  test('recent purchases through latest-orders have the shape of a delivery', async () => {
    const purchased = EVENTS.find((kind) => kind.key === 'purchased')!;
    const records = await recentEvents(client, purchased, { limit: 3 });
    expect(records.length).toBeGreaterThan(0);
    expect(records[0]).toMatchObject({
      trigger: 'purchased',
      id: expect.any(Number),
      order_amount: expect.any(Number),
    });
    expect(records[0]).not.toHaveProperty('order_id');
  });
});

describe('shared client against a misbehaving store', () => {
  const sandbox = useSandbox({ profile: 'real', apiKey: KEY, size: 50 });
  let client: CommerceServiceClient;

  beforeAll(async () => {
    client = clientFor(sandbox, { timeoutMs: 400 });
  });

  test('reads JSON behind a byte-order mark or a PHP notice', async () => {
    sandbox.setFaults({ bom: true });
    await expect(client.listCustomers()).resolves.toMatchObject({ items: expect.any(Array) });
    sandbox.setFaults({ phpNotice: true });
    await expect(client.listCustomers()).resolves.toMatchObject({ items: expect.any(Array) });
  });

  test('reads numbers sent as strings, fields left out and null bodies', async () => {
    sandbox.setFaults({ stringNumbers: true, dropEmptyFields: true });
    const { items } = await client.listOrders({ per_page: 2 });
    expect(typeof items[0]?.id).toBe('number');
    expect(typeof items[0]?.order_amount).toBe('number');
    sandbox.setFaults({ nullBody: true, onlyPaths: 'products' });
    await expect(client.listWebhookProducts()).resolves.toEqual([]);
  });

  test('an HTML page is an UnexpectedResponseError naming the store, never "Unexpected token"', async () => {
    sandbox.setFaults({ html: { status: 200 } });
    const error = await client.listOrders().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/maintenance mode \("Maintenance"\)/);
    expect((error as Error).message).not.toMatch(/Unexpected token/);
  });

  test('invalid JSON, 500, 429 and a timeout each give their own error', async () => {
    sandbox.setFaults({ invalidJson: true });
    await expect(client.listOrders()).rejects.toBeInstanceOf(UnexpectedResponseError);
    sandbox.setFaults({ serverError: true });
    await expect(client.listOrders()).rejects.toBeInstanceOf(ServerError);
    sandbox.setFaults({ rateLimit: { retryAfterSeconds: 17 } });
    await expect(client.listOrders()).rejects.toMatchObject({ constructor: RateLimitError, retryAfterSeconds: 17 });
    sandbox.setFaults({ hangMs: 2000 });
    await expect(client.listOrders()).rejects.toBeInstanceOf(TimeoutError);
  });

  test('the API key never appears in an error, even for webhook operations that carry it in the query', async () => {
    sandbox.setFaults({ serverError: true });
    const error = await client.latestOrders().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(String((error as Error).message)).not.toContain(KEY);
  });

  test('a store that is not there is a NetworkError', async () => {
    const closed = createClient({
      settings: { storeUrl: 'http://127.0.0.1:9', apiKey: KEY },
      transport: nodeTransport,
    });
    await expect(closed.validateKey()).rejects.toBeInstanceOf(NetworkError);
  });

  test('a site without pretty permalinks works through ?rest_route=', async () => {
    sandbox.setDeviations({ plainPermalinks: true });
    const plain = clientFor(sandbox, { apiRoot: '?rest_route=/sc/v1' });
    await expect(plain.validateKey()).resolves.toBeUndefined();
    await expect(plain.listProducts()).resolves.toMatchObject({ items: expect.any(Array) });
    // API Root left empty: the client finds ?rest_route= by itself.
    await expect(client.listProducts()).resolves.toMatchObject({ items: expect.any(Array) });
    expect(client.store.apiRootText).toBe('?rest_route=/sc/v1');
  });
});
