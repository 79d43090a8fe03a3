/** The `real` profile: the deviations of docs/service/real-stores.md, each also switchable alone. */
import { expectInCents } from '../support/httpClient';
import { useReceiver, useSandboxStore } from '../support/sandbox';
import { LATEST_ORDER, shapeProblems } from './specShapes';

const { sandbox, store } = useSandboxStore({ size: 150, profile: 'real', seed: 5 });
const receiver = useReceiver();

type Json = Record<string, unknown>;
const latest = (body: Json = {}, query: Record<string, string | number> = {}) =>
  store.webhook('POST', '/latest-orders/', { key: sandbox.apiKey, body, query });

describe('webhook operations on a real store', () => {
  it('validate answers the JSON string ""', async () => {
    const response = await store.webhook('POST', '/validate/', { key: sandbox.apiKey });
    expect(response.status).toBe(200);
    expect(response.text).toBe('""');
  });

  it('subscribe answers a numeric id, and 404 rest_subscribe_error without hook_url', async () => {
    const response = await store.webhook('POST', '/subscribe/', {
      key: sandbox.apiKey,
      body: { hook_url: `${receiver.url}/a`, status: ['purchased', 'refunded'] },
    });
    const { id } = response.json<{ id: unknown }>();
    expect(Number.isInteger(id)).toBe(true);
    expect(sandbox.hooks()[0]).toMatchObject({ id: String(id), statuses: ['purchased', 'refunded'] });
    const missing = await store.webhook('POST', '/subscribe/', { key: sandbox.apiKey, body: {} });
    expect(missing.status).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('rest_subscribe_error');
  });

  it('delete answers 500 rest_invalid_handler; zap-delete works without a key and answers [{url, id}]', async () => {
    const id = await store.subscribe({ hook_url: `${receiver.url}/a` });
    const broken = await store.webhook('POST', '/delete/', { body: { id: Number(id) } });
    expect(broken.status).toBe(500);
    expect(broken.json<{ code: string }>().code).toBe('rest_invalid_handler');
    expect(sandbox.hooks()).toHaveLength(1);

    const zap = await store.webhook('POST', '/zap-delete/', { body: { id: Number(id) } });
    expect(zap.status).toBe(200);
    expect(zap.json()).toEqual([{ url: `${receiver.url}/a`, id }]);
    expect(sandbox.hooks()).toEqual([]);

    const again = await store.webhook('POST', '/zap-delete/', { body: { id: Number(id) } });
    expect(again.status).toBe(404);
    expect(again.json()).toEqual({
      code: 'rest_subscribe_error',
      message: `no webhook with this ID found: ${id}`,
      data: { status: 404 },
    });
  });

  it('plans answers null without product_id and ends with bump, upsell and downsell', async () => {
    const none = await store.webhook('GET', '/plans/');
    expect(none.status).toBe(200);
    expect(none.text).toBe('null');
    const [product] = (await store.webhook('GET', '/products/')).json<{ id: number }[]>();
    const plans = (await store.webhook('GET', '/plans/', { query: { product_id: product.id } })).json<
      { id: string }[]
    >();
    expect(plans.slice(-3).map((plan) => plan.id)).toEqual(['bump', 'upsell', 'downsell']);
  });

  it('latest-orders answers 404 no_orders when there are none', async () => {
    const response = await latest({ status: 'no-such-status' });
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({
      code: 'no_orders',
      message: 'there are no orders for this product yet',
      data: { status: 404 },
    });
  });

  it('latest-orders records are richer, with order_amount a number, and keep the spec fields', async () => {
    const records = (await latest()).json<Json[]>();
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThanOrEqual(10);
    for (const record of records) {
      expect(typeof record.order_amount).toBe('number');
      expect(Array.isArray(record.items)).toBe(true);
      const { order_amount: _amount, ...rest } = record;
      expect(shapeProblems({ ...rest, order_amount: '0.00' }, LATEST_ORDER, { extraAllowed: true })).toEqual([]);
    }
  });

  it.each([
    ['paid', ['paid', 'completed']],
    ['pending', ['pending-payment']],
  ])('latest-orders status %s selects orders in %j', async (status, statuses) => {
    const records = (await latest({ status })).json<Json[]>();
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(statuses).toContain(record.order_status);
    if (status === 'pending') expect(records.every((record) => record.gateway === 'cod')).toBe(true);
  });

  it('latest-orders status paused selects subscriptions', async () => {
    await sandbox.fireEvent({ type: 'paused' });
    const records = (await latest({ status: 'paused' })).json<Json[]>();
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const subscription = await store.rest(`/subscriptions/${String(record.order_id)}`);
      expect(subscription.json<Json>().status).toBe('paused');
    }
  });

  it('latest-orders product_id also finds orders where that product was a bump', async () => {
    await store.subscribe({ hook_url: `${receiver.url}/capture` });
    const [delivery] = await sandbox.fireEvent({ type: 'purchased', plan_id: 'bump' });
    const bump = (delivery.payload.items as Json[]).find((item) => item.item_type === 'bump');
    if (!bump) throw new Error('a bump purchase carries a bump item');
    const records = (await latest({}, { product_id: Number(bump.product_id) })).json<Json[]>();
    expect(records.map((record) => record.order_id)).toContain(delivery.payload.id);
    expect(records.find((record) => record.order_id === delivery.payload.id)?.product_id).not.toBe(
      String(bump.product_id),
    );

    sandbox.setDeviations({ bumpMatchesProduct: false });
    const strict = await latest({}, { product_id: Number(bump.product_id) });
    const strictRecords = strict.status === 200 ? strict.json<Json[]>() : [];
    expect(strictRecords.map((record) => record.order_id)).not.toContain(delivery.payload.id);
  });
});

describe('REST on a real store', () => {
  it('gives money in cents (integers), where the spec profile gives decimals', async () => {
    const [centsOrder] = (await store.rest('/orders', { query: { per_page: 1 } })).json<Json[]>();
    const [centsCustomer] = (await store.rest('/customers', { query: { per_page: 1 } })).json<Json[]>();
    const centsProducts = (await store.rest('/products', { query: { per_page: 100 } })).json<Json[]>();
    sandbox.setProfile('spec');
    const [order] = (await store.rest('/orders', { query: { per_page: 1 } })).json<Json[]>();
    const [customer] = (await store.rest('/customers', { query: { per_page: 1 } })).json<Json[]>();
    const products = (await store.rest('/products', { query: { per_page: 100 } })).json<Json[]>();
    expectInCents(centsOrder, order, [
      'order_amount',
      'tax_amount',
      'pre_tax_amount',
      'shipping_amount',
      'invoice_total',
      'invoice_subtotal',
    ]);
    const [centsItem, item] = [(centsOrder.items as Json[])[0], (order.items as Json[])[0]];
    expect(centsItem.unit_price).toBe(Math.round((item.unit_price as number) * 100));
    expect(centsCustomer.lifetime_value).toBe(Math.round((customer.lifetime_value as number) * 100));
    const centsPlan = (centsProducts[0].plans as Json[])[0];
    const plan = (products[0].plans as Json[])[0];
    expect(centsPlan.price).toBe(Math.round((plan.price as number) * 100));
  });

  it('sends no paging headers with an empty list (the spec profile sends 0)', async () => {
    const empty = await store.rest('/orders', { query: { date_after: '2099-01-01' } });
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-wp-total']).toBeUndefined();
    sandbox.setProfile('spec');
    const spec = await store.rest('/orders', { query: { date_after: '2099-01-01' } });
    expect(spec.headers['x-wp-total']).toBe('0');
    expect(spec.headers['x-wp-totalpages']).toBe('0');
  });
});

describe('switching', () => {
  it('switches one deviation alone on top of the spec profile', async () => {
    sandbox.setProfile('spec');
    sandbox.setDeviations({ numericSubscribeId: true });
    const subscribed = await store.webhook('POST', '/subscribe/', {
      key: sandbox.apiKey,
      body: { hook_url: `${receiver.url}/a` },
    });
    expect(typeof subscribed.json<{ id: unknown }>().id).toBe('number');
    expect((await store.webhook('POST', '/validate/', { key: sandbox.apiKey })).json()).toEqual({});
    expect(
      (await store.webhook('POST', '/delete/', { body: { id: subscribed.json<{ id: number }>().id } })).status,
    ).toBe(200);
  });

  it('switches over HTTP with PUT /sandbox/v1/config', async () => {
    const put = await store.admin('PUT', '/config', { profile: 'spec', deviations: { emptyValidateBody: true } });
    expect(put.status).toBe(200);
    expect(put.json()).toMatchObject({
      profile: 'spec',
      deviations: { emptyValidateBody: true, numericSubscribeId: false },
    });
    expect((await store.webhook('POST', '/validate/', { key: sandbox.apiKey })).text).toBe('""');
    const bad = await store.admin('PUT', '/config', { deviations: { noSuchThing: true } });
    expect(bad.status).toBe(400);
  });

  it('reset brings the starting profile back', async () => {
    sandbox.setProfile('spec');
    sandbox.reset();
    expect((await store.webhook('POST', '/validate/', { key: sandbox.apiKey })).text).toBe('""');
  });
});
