import nock from 'nock';
import { eventKind } from '../../../shared/src/events/catalogue';
import {
  AUTH,
  HOOK_URL,
  KEY,
  ROOT,
  type Seen,
  appTester,
  onStore,
  seenRequest,
  failure,
  hookOf,
  keyRefused,
  wpError,
} from '../support/zapier';
import { useTimerSleep } from '../support/sleep';

/** Retries wait on Node's timers: recorded here instead of slept. */
useTimerSleep();

const purchased = hookOf('purchased');
const canceled = hookOf('canceled');
const PURCHASE = eventKind('purchased')?.sample ?? { trigger: 'purchased' };

describe('performSubscribe', () => {
  it('sends no product, plan or cents filter when none is chosen', async () => {
    const seen: Seen[] = [];
    onStore('post', 'webhook/subscribe/', seen, 200, { id: '17' });
    await expect(
      appTester(purchased.performSubscribe, { authData: AUTH, targetUrl: HOOK_URL, inputData: {} }),
    ).resolves.toEqual({ id: '17', storeUrl: 'https://shop.example.com', apiRoot: '/wp-json/sc/v1' });
    expect(seen[0]?.query).toEqual({ api_key: KEY });
    expect(seen[0]?.body).toEqual({ hook_url: HOOK_URL, status: 'purchased', source: 'zapier', prices_in_cents: 0 });
  });

  it("sends one plan as the spec's single value and reads a comma-separated mapped list", async () => {
    const seen: Seen[] = [];
    onStore('post', 'webhook/subscribe/', seen, 200, { id: '18' });
    onStore('post', 'webhook/subscribe/', seen, 200, { id: '19' });
    await appTester(purchased.performSubscribe, {
      authData: AUTH,
      targetUrl: HOOK_URL,
      inputData: { plan_ids: ['12'] },
    });
    await appTester(purchased.performSubscribe, {
      authData: AUTH,
      targetUrl: HOOK_URL,
      inputData: { plan_ids: '12, upsell' },
    });
    expect((seen[0]?.body as Record<string, unknown>).plan_id).toBe(12);
    expect((seen[1]?.body as Record<string, unknown>).plan_id).toEqual([12, 'upsell']);
  });

  it('a rejected key asks the user to reconnect', async () => {
    onStore('post', 'webhook/subscribe/', [], 401, keyRefused(401));
    const error = await failure(
      appTester(purchased.performSubscribe, { authData: AUTH, targetUrl: HOOK_URL, inputData: {} }),
    );
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.text).toMatch(
      /Subscribe a webhook failed on shop\.example\.com: the store did not accept the API key/,
    );
  });

  it("a 429 becomes a ThrottledError with the store's delay", async () => {
    onStore('post', 'webhook/subscribe/', [], 429, wpError('too_many', 'Slow down', 429), { 'retry-after': '42' });
    const error = await failure(
      appTester(purchased.performSubscribe, { authData: AUTH, targetUrl: HOOK_URL, inputData: {} }),
    );
    expect(error.name).toBe('ThrottledError');
    expect(error.delay).toBe(42);
    expect(error.text).toMatch(/limiting how fast.*Try again in 42 seconds/);
  });

  it('a store error says what happened and what to do', async () => {
    onStore('post', 'webhook/subscribe/', [], 404, wpError('rest_subscribe_error', 'Missing hook url', 404));
    const error = await failure(
      appTester(purchased.performSubscribe, { authData: AUTH, targetUrl: HOOK_URL, inputData: {} }),
    );
    expect(error).toMatchObject({ name: 'AppError', code: 'rest_subscribe_error', status: 404 });
    expect(error.text).toMatch(/Subscribe a webhook failed on shop\.example\.com: .*Missing hook url/);
  });
});

describe('performUnsubscribe', () => {
  /** What real stores answer on webhook/delete/: the route is registered without a handler. */
  const NO_HANDLER = wpError('rest_invalid_handler', 'The handler for the route is invalid.', 500);

  it('falls back to webhook/zap-delete/ on real stores (500 rest_invalid_handler)', async () => {
    const seen: Seen[] = [];
    onStore('post', 'webhook/delete/', seen, 500, NO_HANDLER);
    onStore('post', 'webhook/zap-delete/', seen, 200, [{ url: HOOK_URL, id: '77' }]);
    await expect(
      appTester(canceled.performUnsubscribe, { authData: AUTH, subscribeData: { id: '77' } }),
    ).resolves.toMatchObject({
      id: '77',
      alreadyGone: false,
    });
    expect(seen.map((s) => s.path)).toEqual([`${ROOT}/webhook/delete/`, `${ROOT}/webhook/zap-delete/`]);
  });

  it('deletes the hook on the store it was made on, without the key, when the connection now names another', async () => {
    const seen: Seen[] = [];
    nock('https://old-shop.example.com')
      .post('/')
      .query(true)
      .reply(function (uri, body) {
        seen.push(seenRequest(uri, body, this.req.headers));
        return [200, { id: '77', deleted: true }];
      });
    const subscribeData = { id: '77', storeUrl: 'https://old-shop.example.com', apiRoot: '?rest_route=/sc/v1' };
    await expect(appTester(canceled.performUnsubscribe, { authData: AUTH, subscribeData })).resolves.toEqual({
      id: '77',
      alreadyGone: false,
    });
    expect(seen).toEqual([
      expect.objectContaining({ path: '/', query: { rest_route: '/sc/v1/webhook/delete/' }, body: { id: 77 } }),
    ]);
    expect(seen[0]?.headers).not.toHaveProperty('x-api-key');
    expect(JSON.stringify(seen)).not.toContain(KEY);
  });

  it('takes a hook that is already gone as success', async () => {
    onStore(
      'post',
      'webhook/delete/',
      [],
      404,
      wpError('rest_subscribe_error', 'no webhook with this ID found: 77', 404),
    );
    await expect(
      appTester(canceled.performUnsubscribe, { authData: AUTH, subscribeData: { id: '77' } }),
    ).resolves.toMatchObject({
      alreadyGone: true,
    });
  });

  it('has nothing to delete without subscribe data', async () => {
    await expect(appTester(canceled.performUnsubscribe, { authData: AUTH })).resolves.toMatchObject({
      alreadyGone: true,
    });
  });

  it('reports a store that fails on both routes, after retrying the busy one', async () => {
    const deletes: Seen[] = [];
    const zapDeletes: Seen[] = [];
    onStore('post', 'webhook/delete/', deletes, 500, NO_HANDLER);
    onStore(
      'post',
      'webhook/zap-delete/',
      zapDeletes,
      503,
      '<html><title>Service Unavailable</title></html>',
      { 'content-type': 'text/html' },
      3,
    );
    const error = await failure(
      appTester(canceled.performUnsubscribe, { authData: AUTH, subscribeData: { id: '77' } }),
    );
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(
      /Delete a webhook failed on shop\.example\.com after 3 attempts: .*web page.*Service Unavailable/,
    );
    // A route without a handler is not asked again; the 503 is, up to 3 attempts in all.
    expect(deletes).toHaveLength(1);
    expect(zapDeletes).toHaveLength(3);
  });
});

describe('perform', () => {
  // Parsing and filtering only; verification with the store is triggerVerify.test.ts.
  const bundle = (cleanedRequest: unknown, inputData: Record<string, unknown> = {}) => ({
    authData: AUTH,
    inputData: { verify_deliveries: false, ...inputData },
    cleanedRequest,
  });

  it('returns the delivery with types made reliable (numbers sent as strings)', async () => {
    const records = await appTester(purchased.perform, bundle({ ...PURCHASE, id: '1042', order_amount: '168.00' }));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ trigger: 'purchased', id: 1042, order_amount: 168, items: PURCHASE.items });
  });

  it('keeps deliveries of the chosen product (also as a bump) and drops others', async () => {
    const forProduct = { product_id: '87' };
    await expect(appTester(purchased.perform, bundle(PURCHASE, forProduct))).resolves.toHaveLength(1);
    await expect(appTester(purchased.perform, bundle({ ...PURCHASE, product_id: '12' }, forProduct))).resolves.toEqual(
      [],
    );
    const bump = { ...PURCHASE, product_id: '12', items: [{ product_id: '87', product_name: 'Kit' }] };
    await expect(appTester(purchased.perform, bundle(bump, forProduct))).resolves.toHaveLength(1);
  });

  it('keeps deliveries of the chosen plans and drops others', async () => {
    await expect(appTester(purchased.perform, bundle(PURCHASE, { plan_ids: ['full'] }))).resolves.toHaveLength(1);
    await expect(appTester(purchased.perform, bundle(PURCHASE, { plan_ids: ['monthly', 'upsell'] }))).resolves.toEqual(
      [],
    );
  });

  it('reads a form-encoded delivery from the request envelope', async () => {
    const content =
      'trigger=purchased&id=5&customer_email=a%40example.com&items[0][product_name]=Kit&items[0][quantity]=2';
    const records = await appTester(
      purchased.perform,
      bundle({ method: 'POST', headers: {}, querystring: {}, content }),
    );
    expect(records).toEqual([
      expect.objectContaining({
        id: 5,
        customer_email: 'a@example.com',
        items: [expect.objectContaining({ quantity: 2 })],
      }),
    ]);
  });

  it('falls back to the raw body when nothing was cleaned', async () => {
    const records = await appTester(purchased.perform, {
      authData: AUTH,
      inputData: { verify_deliveries: false },
      cleanedRequest: {},
      rawRequest: { content: JSON.stringify(PURCHASE) },
    });
    expect(records).toHaveLength(1);
  });

  it('returns nothing for an empty or unreadable delivery', async () => {
    await expect(appTester(purchased.perform, bundle('not json'))).resolves.toEqual([]);
  });
});

describe('performList', () => {
  /** The buyer of order `id`, as both record shapes name her. */
  const buyer = (id: number) => ({
    customer_email: `buyer${id}@example.com`,
    customer_firstname: 'B',
    customer_lastname: `${id}`,
    customer_name: `B ${id}`,
  });
  const rich = (id: number, status: string, amount: number) => ({
    id,
    trigger: 'purchased',
    status,
    ...buyer(id),
    product_id: '87',
    product_name: 'Sourdough Masterclass',
    order_amount: amount,
    currency: 'USD',
    items: [{ product_name: 'Sourdough Masterclass', quantity: 1, unit_price: amount, total_amount: amount }],
  });
  const specRecord = (id: number) => ({
    order_id: id,
    product_name: 'Sourdough Masterclass',
    ...buyer(id),
    order_status: 'paid',
    product_id: '87',
    order_amount: '49.00',
    currency: 'USD',
  });

  it('shows spec records in the shape of live deliveries', async () => {
    onStore('post', 'webhook/latest-orders/', [], 200, [specRecord(9), specRecord(8)]);
    const records = await appTester(purchased.performList, { authData: AUTH, inputData: {}, meta: {} });
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      trigger: 'purchased',
      id: 9,
      status: 'paid',
      order_amount: 49,
      customer_email: 'buyer9@example.com',
    });
    expect(records[0]).not.toHaveProperty('order_id');
    // Every field of the record is a field of a live delivery (the sample), under the same name.
    for (const key of Object.keys(records[0] ?? {})) expect(Object.keys(PURCHASE)).toContain(key);
  });

  it("keeps only the event's records, a handful when loading a sample, filtered by product and plans", async () => {
    const seen: Seen[] = [];
    const orders = [1, 2, 3, 4, 5, 6].map((id) => rich(id, id === 2 ? 'refunded' : 'paid', 10 * id));
    onStore('post', 'webhook/latest-orders/', seen, 200, orders);
    const records = await appTester(purchased.performList, {
      authData: AUTH,
      inputData: { product_id: 87, plan_ids: ['full', 'bump'] },
      meta: { isLoadingSample: true },
    });
    expect(records.map((r) => r.id)).toEqual([1, 3, 4]);
    expect(seen[0]?.query).toEqual({ api_key: KEY, product_id: '87' });
    expect(seen[0]?.body).toEqual({ status: 'paid', plan_id: ['full', 'bump'] });
  });

  it('gives amounts in cents when the trigger asks for them, as live deliveries will', async () => {
    onStore('post', 'webhook/latest-orders/', [], 200, [rich(1, 'paid', 49.5)]);
    const [record] = await appTester(purchased.performList, {
      authData: AUTH,
      inputData: { prices_in_cents: 'true' },
      meta: {},
    });
    expect(record).toMatchObject({
      order_amount: 4950,
      items: [expect.objectContaining({ unit_price: 4950, total_amount: 4950, quantity: 1 })],
    });
  });

  it("asks again without a status when the store refuses the event's status", async () => {
    const seen: Seen[] = [];
    onStore('post', 'webhook/latest-orders/', seen, 400, {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: { status: 400, params: { status: 'bad' } },
    });
    onStore('post', 'webhook/latest-orders/', seen, 200, [
      { ...specRecord(3), order_status: 'canceled' },
      specRecord(4),
    ]);
    const records = await appTester(canceled.performList, { authData: AUTH, inputData: {}, meta: {} });
    expect(records.map((r) => r.id)).toEqual([3]);
    expect(seen.map((s) => s.body)).toEqual([{ status: 'canceled' }, undefined]);
  });

  it('reports a rejected key as an expired connection', async () => {
    onStore('post', 'webhook/latest-orders/', [], 403, keyRefused(403));
    const error = await failure(appTester(purchased.performList, { authData: AUTH, inputData: {}, meta: {} }));
    expect(error.name).toBe('ExpiredAuthError');
  });
});
