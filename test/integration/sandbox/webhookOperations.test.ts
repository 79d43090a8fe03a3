/** Operations 1 to 6 as docs/service/operations.md#webhook-operations documents them (spec profile). */
import { expectRestError } from '../support/httpClient';
import { useSandboxStore } from '../support/sandbox';
import { LATEST_ORDER, shapeProblems } from './specShapes';

const { sandbox, store } = useSandboxStore({ size: 150, seed: 7 });

type Entry = { id: unknown; name: unknown };
type Record10 = Record<string, unknown>;

describe('1 validate', () => {
  it('answers 200 with {} for the store key', async () => {
    const response = await store.webhook('POST', '/validate/', { key: sandbox.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({});
  });

  it.each([
    ['a missing key', null],
    ['a wrong key', 'not-the-key'],
  ])('answers 401 rest_forbidden_context for %s', async (_label, key) => {
    const response = await store.webhook('POST', '/validate/', { key });
    expectRestError(response, 401, 'rest_forbidden_context');
  });

  it('reads api_key from a JSON body too', async () => {
    const response = await store.webhook('POST', '/validate/', { body: { api_key: sandbox.apiKey } });
    expect(response.status).toBe(200);
  });

  it('answers 404 rest_no_route for the wrong method', async () => {
    const response = await store.webhook('GET', '/validate/', { key: sandbox.apiKey });
    expect(response.status).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('rest_no_route');
  });
});

describe('2 subscribe', () => {
  it('registers a hook and answers {id} with id a string of digits', async () => {
    const response = await store.webhook('POST', '/subscribe/', {
      key: sandbox.apiKey,
      query: { product_id: 11 },
      body: {
        hook_url: 'http://127.0.0.1:9/hook',
        plan_id: [4101, 'bump'],
        source: 'zapier',
        status: 'purchased',
        prices_in_cents: 1,
      },
    });
    expect(response.status).toBe(200);
    const { id } = response.json<{ id: unknown }>();
    expect(typeof id).toBe('string');
    expect(id).toMatch(/^\d+$/);
    expect(sandbox.hooks()).toEqual([
      expect.objectContaining({
        id,
        hookUrl: 'http://127.0.0.1:9/hook',
        productId: 11,
        planIds: ['4101', 'bump'],
        statuses: ['purchased'],
        source: 'zapier',
        pricesInCents: true,
      }),
    ]);
  });

  it('gives each hook its own id', async () => {
    const first = await store.subscribe({ hook_url: 'http://127.0.0.1:9/a' });
    const second = await store.subscribe({ hook_url: 'http://127.0.0.1:9/b' });
    expect(first).not.toBe(second);
    expect(sandbox.hooks().map((hook) => hook.id)).toEqual([first, second]);
  });

  it('defaults prices_in_cents to 0 and reads a plan_id integer', async () => {
    await store.subscribe({ hook_url: 'http://127.0.0.1:9/a', plan_id: 4101 });
    expect(sandbox.hooks()[0]).toMatchObject({
      pricesInCents: false,
      planIds: ['4101'],
      productId: null,
      statuses: [],
    });
  });

  it('answers 400 rest_missing_callback_param without hook_url, and registers nothing', async () => {
    const response = await store.webhook('POST', '/subscribe/', { key: sandbox.apiKey, body: { status: 'purchased' } });
    expect(response.status).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('rest_missing_callback_param');
    expect(sandbox.hooks()).toEqual([]);
  });

  it('answers 401 for a wrong key, and registers nothing', async () => {
    const response = await store.webhook('POST', '/subscribe/', {
      key: 'wrong',
      body: { hook_url: 'http://127.0.0.1:9/a' },
    });
    expect(response.status).toBe(401);
    expect(sandbox.hooks()).toEqual([]);
  });
});

describe('3 delete', () => {
  it('deletes the hook by integer id and answers {id}', async () => {
    const id = await store.subscribe({ hook_url: 'http://127.0.0.1:9/a' });
    const response = await store.webhook('POST', '/delete/', { body: { id: Number(id) } });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ id: Number(id) });
    expect(sandbox.hooks()).toEqual([]);
  });

  it('answers 404 for a hook that does not exist (again)', async () => {
    const id = await store.subscribe({ hook_url: 'http://127.0.0.1:9/a' });
    await store.webhook('POST', '/delete/', { body: { id: Number(id) } });
    const again = await store.webhook('POST', '/delete/', { body: { id: Number(id) } });
    expect(again.status).toBe(404);
    expect(again.json()).toEqual({
      code: expect.any(String),
      message: expect.stringContaining(id),
      data: { status: 404 },
    });
  });

  it('answers 400 without id', async () => {
    const response = await store.webhook('POST', '/delete/', { body: {} });
    expect(response.status).toBe(400);
  });

  it('serves no webhook/zap-delete (that route belongs to real stores)', async () => {
    const response = await store.webhook('POST', '/zap-delete/', { body: { id: 1 } });
    expect(response.status).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('rest_no_route');
  });
});

describe('4 products', () => {
  it('lists {id, name} entries, newest product first', async () => {
    const response = await store.webhook('GET', '/products/');
    expect(response.status).toBe(200);
    const entries = response.json<Entry[]>();
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['id', 'name']);
      expect(Number.isInteger(entry.id)).toBe(true);
      expect(typeof entry.name).toBe('string');
    }
    const rest = await store.rest('/products', { query: { per_page: 100, orderby: 'date_created', order: 'desc' } });
    expect(entries.map((entry) => entry.id)).toEqual(rest.json<{ id: number }[]>().map((product) => product.id));
  });
});

describe('5 plans', () => {
  it("lists a product's plans as {id: string, name}, then bump and upsell", async () => {
    const products = (await store.rest('/products', { query: { per_page: 100 } })).json<
      { id: number; plans: { id: string; name: string }[] }[]
    >();
    for (const product of products) {
      const response = await store.webhook('GET', '/plans/', { query: { product_id: product.id } });
      expect(response.status).toBe(200);
      const entries = response.json<Entry[]>();
      expect(entries).toEqual([
        ...product.plans.map((plan) => ({ id: plan.id, name: plan.name })),
        { id: 'bump', name: expect.any(String) },
        { id: 'upsell', name: expect.any(String) },
      ]);
    }
  });

  it('answers 400 without product_id and 404 for an unknown product', async () => {
    expect((await store.webhook('GET', '/plans/')).status).toBe(400);
    const unknown = await store.webhook('GET', '/plans/', { query: { product_id: 999999 } });
    expect(unknown.status).toBe(404);
  });
});

describe('6 latest-orders', () => {
  const latest = (query: Record<string, string | number> = {}, body?: unknown) =>
    store.webhook('POST', '/latest-orders/', { key: sandbox.apiKey, query, body });

  it('answers at most 10 latest-order records, newest first, with the spec fields and types', async () => {
    const response = await latest();
    expect(response.status).toBe(200);
    const records = response.json<Record10[]>();
    expect(records).toHaveLength(10);
    for (const record of records) {
      expect(shapeProblems(record, LATEST_ORDER)).toEqual([]);
      expect(record.order_amount).toMatch(/^\d+\.\d{2}$/);
    }
    const newest = (await store.rest('/orders')).json<{ id: number }[]>();
    expect(records.map((record) => record.order_id)).toEqual(newest.map((order) => order.id));
  });

  it('states the same order as the REST resource, amount with two decimals', async () => {
    const [record] = (await latest()).json<Record10[]>();
    const order = (await store.rest(`/orders/${String(record.order_id)}`)).json<Record10>();
    expect(record).toEqual({
      order_id: order.id,
      product_name: order.product_name,
      customer_email: order.customer_email,
      customer_firstname: order.customer_firstname,
      customer_lastname: order.customer_lastname,
      customer_name: order.customer_name,
      order_status: order.status,
      product_id: order.product_id,
      order_amount: (order.order_amount as number).toFixed(2),
      currency: order.currency,
    });
  });

  it('filters by product_id (query) and plan_id (body)', async () => {
    // Take a product and a plan from older orders, so the filter has to skip the newest ones.
    const older = (await store.rest('/orders', { query: { per_page: 30 } })).json<Record10[]>();
    const productId = String(older[29].product_id);
    const byProduct = (await latest({ product_id: productId })).json<Record10[]>();
    expect(byProduct.length).toBeGreaterThan(0);
    expect(byProduct.every((record) => record.product_id === productId)).toBe(true);
    expect(
      byProduct.some(
        (record) => record.order_id === older[29].id || (record.order_id as number) > (older[29].id as number),
      ),
    ).toBe(true);

    const planId = String(older[20].payment_plan_id);
    const byPlan = (await latest({}, { plan_id: planId })).json<Record10[]>();
    expect(byPlan.length).toBeGreaterThan(0);
    for (const record of byPlan) {
      const order = (await store.rest(`/orders/${String(record.order_id)}`)).json<Record10>();
      expect(order.payment_plan_id).toBe(planId);
    }
  });

  it.each(['active', 'completed', 'canceled'])('status %s selects subscriptions in that state', async (status) => {
    const records = (await latest({}, { status })).json<Record10[]>();
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.order_status).toBe(status);
      const subscription = await store.rest(`/subscriptions/${String(record.order_id)}`);
      expect(subscription.json<Record10>().status).toBe(status);
    }
  });

  it('answers [] when nothing matches', async () => {
    const response = await latest({}, { status: 'no-such-status' });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 401 without the key', async () => {
    const response = await store.webhook('POST', '/latest-orders/', {});
    expect(response.status).toBe(401);
  });
});

describe('routes', () => {
  it('answers 404 rest_no_route for an unknown route', async () => {
    const response = await store.webhook('POST', '/nope/', { key: sandbox.apiKey });
    expectRestError(response, 404, 'rest_no_route');
  });
});
