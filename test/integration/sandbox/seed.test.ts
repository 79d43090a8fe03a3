import { startSandbox, type Sandbox } from '../../../sandbox';
import { StoreClient } from '../support/httpClient';

/** The seeded store: deterministic by seed, sized by size, the same after reset. */
type Json = Record<string, unknown>;
const opened: Sandbox[] = [];

async function open(size: number, seed: number): Promise<StoreClient> {
  const sandbox = await startSandbox({ port: 0, size, seed });
  opened.push(sandbox);
  return new StoreClient(sandbox.url, sandbox.apiKey);
}

/** Everything a client can read, minus the links (they carry the port). */
async function snapshot(store: StoreClient): Promise<string> {
  const parts: unknown[] = [];
  for (const path of ['/orders', '/customers', '/subscriptions', '/products']) {
    parts.push((await store.rest(path, { query: { per_page: 100, order: 'asc' } })).json());
  }
  return JSON.stringify(parts).replace(/http:\/\/127\.0\.0\.1:\d+/g, 'SITE');
}

afterAll(async () => {
  await Promise.all(opened.map((sandbox) => sandbox.close()));
});

it('builds the same store from the same seed, and another from another seed', async () => {
  const [a, b, c] = [await open(80, 42), await open(80, 42), await open(80, 43)];
  const [snapA, snapB, snapC] = [await snapshot(a), await snapshot(b), await snapshot(c)];
  expect(snapA).toBe(snapB);
  expect(snapA).not.toBe(snapC);
});

it.each([5, 60, 700])('holds exactly size=%i orders', async (size) => {
  const store = await open(size, 1);
  const response = await store.rest('/orders', { query: { per_page: 1 } });
  expect(response.headers['x-wp-total']).toBe(String(size));
});

it('has variety even when small: subscriptions with renewals, refunds, trials, bump items', async () => {
  const store = await open(300, 1);
  const orders: Json[] = [];
  for (let page = 1; page <= 3; page += 1)
    orders.push(...(await store.rest('/orders', { query: { per_page: 100, page } })).json<Json[]>());
  const statuses = new Set(orders.map((order) => order.status));
  for (const status of ['paid', 'refunded']) expect(statuses).toContain(status);
  expect(orders.some((order) => (order.items as unknown[]).length > 1)).toBe(true);
  const subscriptions = (await store.rest('/subscriptions', { query: { per_page: 100 } })).json<Json[]>();
  const subscriptionStatuses = new Set(subscriptions.map((subscription) => subscription.status));
  for (const status of ['active', 'canceled', 'completed']) expect(subscriptionStatuses).toContain(status);
  expect(subscriptions.some((subscription) => (subscription.invoices as unknown[]).length > 2)).toBe(true);
  expect(subscriptions.some((subscription) => (subscription.trial_days as number) > 0)).toBe(true);
});

it('keeps every record in the past of the store: no date after the newest order', async () => {
  const store = await open(200, 2);
  const [newest] = (await store.rest('/orders', { query: { per_page: 1 } })).json<Json[]>();
  const subscriptions = (await store.rest('/subscriptions', { query: { per_page: 100 } })).json<Json[]>();
  for (const subscription of subscriptions)
    expect(String(subscription.date_time) <= String(newest.date_time)).toBe(true);
  const customers = (await store.rest('/customers', { query: { per_page: 100 } })).json<Json[]>();
  for (const customer of customers) expect(String(customer.last_order_date) <= String(newest.date_time)).toBe(true);
});
