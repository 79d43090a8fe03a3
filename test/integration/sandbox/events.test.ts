import { startSandbox } from '../../../sandbox';
import { expectInCents, StoreClient } from '../support/httpClient';
import { useReceiver, useSandboxStore } from '../support/sandbox';

/** Events: the store change each one makes, and its delivery to matching hooks over real HTTP. */
const { sandbox, store } = useSandboxStore({ size: 120, seed: 9 });
const receiver = useReceiver();

type Json = Record<string, unknown>;
interface Plan {
  id: string;
  price_type: string;
  installments: string;
  trial_days: number | null;
}
interface Product {
  id: number;
  plans: Plan[];
}
let products: Product[];

beforeAll(async () => {
  products = (await store.rest('/products', { query: { per_page: 100 } })).json<Product[]>();
});

const hook = (path: string, body: Json = {}, productId?: number) =>
  store.subscribe({ hook_url: `${receiver.url}${path}`, ...body }, productId);
const productWith = (want: (plan: Plan) => boolean): { product: Product; plan: Plan } => {
  for (const product of products) {
    const plan = product.plans.find(want);
    if (plan) return { product, plan };
  }
  throw new Error('no such plan in the store');
};
const oneOff = (plan: Plan) => plan.price_type !== 'recurring';
const paths = () => receiver.received.map((request) => request.path).sort();

describe('delivery', () => {
  it('POSTs one JSON body per matching hook, shaped as an Order plus trigger', async () => {
    await hook('/one', { status: 'purchased' });
    await hook('/two');
    await hook('/three', { status: ['purchased'] });
    const deliveries = await sandbox.fireEvent({ type: 'purchased' });
    expect(deliveries).toHaveLength(3);
    expect(paths()).toEqual(['/one', '/three', '/two']);
    for (const request of receiver.received) {
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toMatch(/application\/json/);
      expect(request.json).toEqual(receiver.received[0].json);
    }
    const payload = receiver.received[0].json;
    expect(payload).toMatchObject({ trigger: 'purchased', status: 'paid', currency: 'USD', website_url: sandbox.url });
    for (const field of [
      'id',
      'customer_email',
      'product_id',
      'product_name',
      'payment_plan',
      'payment_plan_id',
      'order_amount',
      'items',
      'order_url',
    ]) {
      expect(payload).toHaveProperty(field);
    }
    expect(typeof payload.product_id).toBe('string');
    expect(typeof payload.order_amount).toBe('number');
    for (const value of Object.values(payload)) {
      expect(value).not.toBe('');
      expect(value).not.toBeNull();
    }
    expect(deliveries[0]).toMatchObject({ event: 'purchased', status: 200, payload });
  });

  it('makes the change in the store that the event means', async () => {
    const before = Number((await store.rest('/orders')).headers['x-wp-total']);
    await hook('/h');
    const [delivery] = await sandbox.fireEvent({ type: 'purchased' });
    expect(Number((await store.rest('/orders')).headers['x-wp-total'])).toBe(before + 1);
    const order = (await store.rest(`/orders/${String(delivery.payload.id)}`)).json<Json>();
    expect(order).toMatchObject({
      id: delivery.payload.id,
      status: 'paid',
      order_amount: delivery.payload.order_amount,
    });
    const [newest] = (await store.rest('/orders', { query: { per_page: 1 } })).json<Json[]>();
    expect(newest.id).toBe(delivery.payload.id);
  });

  it('delivers nothing to deleted hooks', async () => {
    const kept = await hook('/kept');
    const gone = await hook('/gone');
    const deleted = await store.webhook('POST', '/delete/', { body: { id: Number(gone) } });
    expect(deleted.status).toBe(200);
    const deliveries = await sandbox.fireEvent({ type: 'purchased' });
    expect(deliveries.map((delivery) => delivery.hookId)).toEqual([kept]);
    expect(paths()).toEqual(['/kept']);
  });

  it('delivers nothing when no hook is registered, and still changes the store', async () => {
    expect(await sandbox.fireEvent({ type: 'refunded' })).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});

describe('filters', () => {
  it('status: a hook hears only its events', async () => {
    await hook('/refunds', { status: 'refunded' });
    await hook('/purchases', { status: 'purchased' });
    await sandbox.fireEvent({ type: 'purchased' });
    expect(paths()).toEqual(['/purchases']);
    receiver.received.length = 0;
    await sandbox.fireEvent({ type: 'refunded' });
    expect(paths()).toEqual(['/refunds']);
    expect(receiver.received[0].json).toMatchObject({ trigger: 'refunded', status: 'refunded' });
  });

  it('product: a hook hears only its product', async () => {
    const a = productWith(oneOff).product;
    const b = products.find((product) => product.id !== a.id && product.plans.some(oneOff));
    if (!b) throw new Error('two products with one-off plans expected');
    await hook('/a', {}, a.id);
    await hook('/b', {}, b.id);
    await sandbox.fireEvent({ type: 'purchased', product_id: a.id });
    expect(paths()).toEqual(['/a']);
    expect(receiver.received[0].json.product_id).toBe(String(a.id));
  });

  it('plan: a hook hears only its plan (one id or a list)', async () => {
    const { product, plan } = productWith(oneOff);
    const other =
      product.plans.find((candidate) => candidate.id !== plan.id) ?? productWith((p) => p.id !== plan.id).plan;
    await hook('/mine', { plan_id: plan.id });
    await hook('/other', { plan_id: other.id });
    await hook('/both', { plan_id: [plan.id, other.id] });
    await sandbox.fireEvent({ type: 'purchased', product_id: product.id, plan_id: plan.id });
    expect(paths()).toEqual(['/both', '/mine']);
    expect(receiver.received[0].json.payment_plan_id).toBe(plan.id);
  });

  it('plan bump, upsell and downsell: hooks hear the orders bought that way', async () => {
    await hook('/bump', { plan_id: 'bump' });
    await hook('/upsell', { plan_id: 'upsell' });
    await hook('/downsell', { plan_id: 'downsell' });
    await sandbox.fireEvent({ type: 'purchased', plan_id: 'bump' });
    expect(paths()).toEqual(['/bump']);
    const items = receiver.received[0].json.items as Json[];
    expect(items.map((item) => item.item_type)).toEqual(['main', 'bump']);
    for (const offer of ['upsell', 'downsell']) {
      receiver.received.length = 0;
      await sandbox.fireEvent({ type: 'purchased', plan_id: offer });
      expect(paths()).toEqual([`/${offer}`]);
      expect((receiver.received[0].json.items as Json[])[0].item_type).toBe(offer);
    }
  });

  it('product: a hook for a product also hears it bought as a bump', async () => {
    await hook('/capture', { plan_id: 'bump' });
    await sandbox.fireEvent({ type: 'purchased', plan_id: 'bump' });
    const bump = (receiver.received[0].json.items as Json[]).find((item) => item.item_type === 'bump');
    const bumpProduct = Number(bump?.product_id);
    receiver.received.length = 0;
    await hook('/product', {}, bumpProduct);
    await hook('/product-as-bump', { plan_id: 'bump' }, bumpProduct);
    await sandbox.fireEvent({ type: 'purchased', plan_id: 'bump', product_id: bumpProduct });
    expect(paths()).toEqual(['/capture', '/product', '/product-as-bump']);
    expect(receiver.received[0].json.product_id).not.toBe(String(bumpProduct));
  });
});

describe('prices_in_cents', () => {
  it('gives the amounts of a hook that asked for cents as integers in cents', async () => {
    await hook('/decimal', { prices_in_cents: 0 });
    await hook('/cents', { prices_in_cents: 1 });
    const { product, plan } = productWith((p) => oneOff(p));
    await sandbox.fireEvent({ type: 'purchased', product_id: product.id, plan_id: plan.id });
    const decimal = receiver.received.find((request) => request.path === '/decimal')?.json ?? {};
    const cents = receiver.received.find((request) => request.path === '/cents')?.json ?? {};
    expectInCents(cents, decimal, [
      'order_amount',
      'tax_amount',
      'pre_tax_amount',
      'invoice_total',
      'invoice_subtotal',
      'shipping_amount',
    ]);
    const [centsItem, decimalItem] = [(cents.items as Json[])[0], (decimal.items as Json[])[0]];
    for (const key of ['unit_price', 'subtotal', 'total_amount', 'tax_amount']) {
      expect(centsItem[key]).toBe(Math.round((decimalItem[key] as number) * 100));
    }
    expect(decimal.order_amount).toBeGreaterThan(0);
  });

  it('applies to subscription amounts and invoices too', async () => {
    await hook('/cents', { prices_in_cents: 1, status: 'active' });
    await hook('/decimal', { status: 'active' });
    await sandbox.fireEvent({ type: 'active' });
    const cents = receiver.received.find((request) => request.path === '/cents')?.json ?? {};
    const decimal = receiver.received.find((request) => request.path === '/decimal')?.json ?? {};
    expect(cents.amount).toBe(Math.round((decimal.amount as number) * 100));
    const [centsInvoice, decimalInvoice] = [(cents.invoices as Json[])[0], (decimal.invoices as Json[])[0]];
    expect(centsInvoice.order_amount).toBe(Math.round((decimalInvoice.order_amount as number) * 100));
  });
});

describe('each event', () => {
  const fire = async (type: string, extra: { product_id?: number; plan_id?: string } = {}): Promise<Json> => {
    await hook(`/${type}`, { status: type });
    const deliveries = await sandbox.fireEvent({ type, ...extra });
    expect(deliveries).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
    const payload = receiver.received[0].json;
    expect(payload.trigger).toBe(type);
    return payload;
  };
  const subscription = async (id: unknown): Promise<Json> =>
    (await store.rest(`/subscriptions/${String(id)}`)).json<Json>();
  const order = async (id: unknown): Promise<Json> => (await store.rest(`/orders/${String(id)}`)).json<Json>();

  it('refunded: a paid order becomes refunded', async () => {
    const payload = await fire('refunded');
    expect((await order(payload.id)).status).toBe('refunded');
  });

  it('pending: a new cash-on-delivery order awaits payment', async () => {
    const payload = await fire('pending');
    expect(payload).toMatchObject({ gateway: 'cod', status: 'pending-payment' });
    expect(await order(payload.id)).toMatchObject({ gateway: 'cod', status: 'pending-payment' });
  });

  it('active: a new subscription, delivered in the Subscription shape', async () => {
    const payload = await fire('active');
    for (const field of [
      'id',
      'subscription_id',
      'amount',
      'interval',
      'frequency',
      'next_bill_date',
      'invoices',
      'customer_email',
      'product_id',
    ]) {
      expect(payload).toHaveProperty(field);
    }
    expect(payload.status).toBe('active');
    expect((await subscription(payload.id)).status).toBe('active');
  });

  it('trialing: a new subscription in its trial', async () => {
    const payload = await fire('trialing');
    expect(payload.status).toBe('trialing');
    expect(payload.trial_days as number).toBeGreaterThan(0);
    expect((await subscription(payload.id)).status).toBe('trialing');
  });

  it.each(['paused', 'canceled'])('%s: a subscription changes state', async (type) => {
    const payload = await fire(type);
    expect(payload.status).toBe(type);
    expect((await subscription(payload.id)).status).toBe(type);
    if (type === 'canceled') expect(payload).toHaveProperty('cancel_date');
  });

  it('completed: an installment plan ends with all installments paid', async () => {
    const { product, plan } = productWith((p) => Number(p.installments) > 1);
    const payload = await fire('completed', { product_id: product.id, plan_id: plan.id });
    const stored = await subscription(payload.id);
    expect(stored.status).toBe('completed');
    expect((stored.invoices as Json[]).filter((invoice) => invoice.status === 'paid')).toHaveLength(
      Number(plan.installments),
    );
  });

  it('renewal: a new paid order of a subscription', async () => {
    const payload = await fire('renewal');
    expect(payload.status).toBe('paid');
    expect(payload).toHaveProperty('subscription_id');
    const parent = await subscription(payload.subscription_id);
    expect((parent.invoices as Json[]).map((invoice) => invoice.id)).toContain(payload.id);
  });

  it('failed: a failed charge of a subscription', async () => {
    const payload = await fire('failed');
    expect(payload.status).toBe('failed');
    expect((await order(payload.id)).status).toBe('failed');
  });

  it('lead: customer fields only, no id and no amounts', async () => {
    const payload = await fire('lead');
    expect(payload.customer_email).toEqual(expect.stringContaining('@'));
    for (const field of ['id', 'order_amount', 'amount', 'payment_plan_id', 'items'])
      expect(payload).not.toHaveProperty(field);
  });

  it('rejects unknown event types and products', async () => {
    await expect(sandbox.fireEvent({ type: 'exploded' })).rejects.toThrow(/unknown event type/);
    await expect(sandbox.fireEvent({ type: 'purchased', product_id: 987654 })).rejects.toThrow(/unknown product/);
  });
});

describe('failed deliveries', () => {
  it('logs a receiver error status', async () => {
    receiver.status = 500;
    await hook('/h');
    const [delivery] = await sandbox.fireEvent({ type: 'purchased' });
    expect(delivery.status).toBe(500);
    expect(sandbox.deliveries()).toEqual([delivery]);
  });

  it('logs an unreachable receiver and keeps serving', async () => {
    await store.subscribe({ hook_url: 'http://127.0.0.1:1/nobody-listens' });
    await hook('/alive');
    const deliveries = await sandbox.fireEvent({ type: 'purchased' });
    const dead = deliveries.find((delivery) => delivery.hookUrl.includes(':1/'));
    expect(dead).toMatchObject({ status: null, error: expect.any(String) });
    expect(deliveries.find((delivery) => delivery.hookUrl.endsWith('/alive'))?.status).toBe(200);
    expect((await store.rest('/orders')).status).toBe(200);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const quick = await startSandbox({ port: 0, size: 10, deliveryTimeoutMs: 200 });
    try {
      receiver.silent = true;
      await new StoreClient(quick.url, quick.apiKey).subscribe({ hook_url: `${receiver.url}/silent` });
      const [delivery] = await quick.fireEvent({ type: 'purchased' });
      expect(delivery).toMatchObject({ status: null, error: expect.stringContaining('200 ms') });
    } finally {
      await quick.close();
    }
  });
});

describe('admin API', () => {
  it('fires events, lists hooks and deliveries over HTTP', async () => {
    const id = await hook('/h', { status: 'purchased' });
    const hooks = (await store.admin('GET', '/hooks')).json<Json[]>();
    expect(hooks).toEqual([expect.objectContaining({ id, hookUrl: `${receiver.url}/h`, statuses: ['purchased'] })]);
    const fired = await store.admin('POST', '/events', { type: 'purchased' });
    expect(fired.status).toBe(200);
    const body = fired.json<{ event: Json; deliveries: Json[] }>();
    expect(body.event).toMatchObject({ resource: 'order', id: expect.any(Number) });
    expect(body.deliveries).toEqual([
      expect.objectContaining({ hookId: id, hookUrl: `${receiver.url}/h`, status: 200, event: 'purchased' }),
    ]);
    expect((body.deliveries[0].payload as Json).id).toBe(body.event.id);
    const log = (await store.admin('GET', '/deliveries')).json<Json[]>();
    expect(log).toHaveLength(1);
    expect((await store.admin('POST', '/events', { type: 'nope' })).status).toBe(400);
  });

  it('resets hooks, deliveries and data over HTTP', async () => {
    await hook('/h');
    await store.admin('POST', '/events', { type: 'purchased' });
    const before = (await store.rest('/orders')).headers['x-wp-total'];
    expect((await store.admin('POST', '/reset')).status).toBe(200);
    expect((await store.admin('GET', '/hooks')).json()).toEqual([]);
    expect((await store.admin('GET', '/deliveries')).json()).toEqual([]);
    expect(Number((await store.rest('/orders')).headers['x-wp-total'])).toBe(Number(before) - 1);
  });
});
