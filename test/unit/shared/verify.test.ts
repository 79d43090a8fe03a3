import { createClient } from '../../kit/client';
import { markVerification } from '../../../shared/src/events/verify';
import { STATUS_FIT } from '../../../shared/src/events/statusFit';
import { statusFits } from '../support/statusFit';
import type { DeliveredEvent } from '../../../shared/src/events/parse';
import { readDelivery, verifyDelivery } from '../../../shared/src';
import { FAKE_KEY, FakeStore } from '../support/fakeStore';

function delivered(record: Record<string, unknown>): DeliveredEvent {
  const [one] = readDelivery(record);
  if (!one) throw new Error('no record');
  return one;
}

describe('the status-fit table', () => {
  it('every event fits its own status and names the record it is checked against', () => {
    for (const [event, fit] of Object.entries(STATUS_FIT)) {
      for (const own of fit.own) expect(statusFits(event, own)).toBe(true);
      expect(['order', 'subscription']).toContain(fit.record);
    }
  });

  it.each([
    ['purchased', 'refunded', true],
    ['purchased', 'completed', true],
    ['purchased', 'pending-payment', false],
    ['purchased', 'failed', false],
    ['refunded', 'paid', false],
    ['pending', 'paid', true],
    ['failed', 'paid', false],
    ['renewal', 'refunded', true],
    ['active', 'canceled', true],
    ['active', 'trialing', false],
    ['trialing', 'active', true],
    ['paused', 'active', true],
    ['paused', 'trialing', false],
    ['canceled', 'active', false],
    ['canceled', 'Cancelled', true],
    ['completed', 'active', false],
    ['lead', 'paid', false],
  ])('%s with the store showing "%s": fits = %s', (event, status, fits) => {
    expect(statusFits(event, status)).toBe(fits);
  });
});

describe('verifyDelivery', () => {
  let store: FakeStore;
  beforeEach(() => {
    store = new FakeStore();
  });

  it('a genuine purchase is verified by reading the order back (one read)', async () => {
    const id = store.order();
    const record = { trigger: 'purchased', ...store.record('orders', id) };
    await expect(verifyDelivery(store.client(), delivered(record), 'purchased')).resolves.toEqual({
      status: 'verified',
      method: 'store',
    });
    expect(store.requests.map((request) => new URL(request.url).pathname)).toEqual([`/wp-json/sc/v1/orders/${id}`]);
  });

  it('a purchase since refunded and a subscription since canceled are still genuine', async () => {
    const orderId = store.order();
    const purchase = { trigger: 'purchased', ...store.record('orders', orderId) };
    store.update('orders', orderId, { status: 'refunded' });
    await expect(verifyDelivery(store.client(), delivered(purchase), 'purchased')).resolves.toMatchObject({
      status: 'verified',
    });
    const { subscriptionId } = store.subscribe();
    const started = { trigger: 'active', ...store.record('subscriptions', subscriptionId) };
    store.update('subscriptions', subscriptionId, { status: 'canceled' });
    await expect(verifyDelivery(store.client(), delivered(started), 'active')).resolves.toMatchObject({
      status: 'verified',
    });
  });

  it('older plugin versions: `order_id` names the order', async () => {
    const id = store.order();
    const { id: _id, ...rest } = store.record('orders', id);
    await expect(
      verifyDelivery(store.client(), delivered({ trigger: 'purchased', ...rest, order_id: String(id) }), 'purchased'),
    ).resolves.toMatchObject({
      status: 'verified',
    });
  });

  it.each([
    ['an unknown id', (r: Record<string, unknown>) => ({ ...r, id: 999999 }), 'unknown-record'],
    ['no id at all', (r: Record<string, unknown>) => ({ ...r, id: undefined }), 'no-record-id'],
    ['an id that is not digits', (r: Record<string, unknown>) => ({ ...r, id: '12; drop' }), 'no-record-id'],
    [
      'a changed email',
      (r: Record<string, unknown>) => ({ ...r, customer_email: 'thief@example.net' }),
      'email-mismatch',
    ],
    ['a changed product', (r: Record<string, unknown>) => ({ ...r, product_id: '99' }), 'product-mismatch'],
  ])('a delivery with %s is forged', async (_what, change, reason) => {
    const id = store.order();
    const forgedRecord = change({ trigger: 'purchased', ...store.record('orders', id) });
    const verdict = await verifyDelivery(store.client(), delivered(forgedRecord), 'purchased');
    expect(verdict).toMatchObject({ status: 'forged', reason });
    // The reason names no customer data.
    expect(JSON.stringify(verdict)).not.toMatch(/@/);
  });

  it('a refund of an order the store shows as paid is forged (a status the record has not reached)', async () => {
    const id = store.order();
    const verdict = await verifyDelivery(
      store.client(),
      delivered({ ...store.record('orders', id), trigger: 'refunded', status: 'refunded' }),
      'refunded',
    );
    expect(verdict).toMatchObject({ status: 'forged', reason: 'status-not-reached' });
  });

  it('the email is compared without letter case or spaces', async () => {
    const id = store.order({ customer_email: 'Ada@Example.com' });
    const record = { ...store.record('orders', id), trigger: 'purchased', customer_email: ' ada@example.COM ' };
    await expect(verifyDelivery(store.client(), delivered(record), 'purchased')).resolves.toMatchObject({
      status: 'verified',
    });
  });

  it('subscription events read the subscription (operation 13)', async () => {
    const { subscriptionId } = store.subscribe();
    const record = { trigger: 'paused', ...store.record('subscriptions', subscriptionId), status: 'paused' };
    await expect(verifyDelivery(store.client(), delivered(record), 'paused')).resolves.toMatchObject({
      status: 'verified',
    });
    expect(new URL(store.requests[0]!.url).pathname).toBe(`/wp-json/sc/v1/subscriptions/${subscriptionId}`);
    // An order id under a subscription event names no subscription.
    const orderId = store.order();
    await expect(
      verifyDelivery(
        store.client(),
        delivered({ ...store.record('orders', orderId), trigger: 'canceled' }),
        'canceled',
      ),
    ).resolves.toMatchObject({
      status: 'forged',
      reason: 'unknown-record',
    });
  });

  it('the store key as studiocart_secret verifies without a read; another value is forged without a read', async () => {
    const record = { trigger: 'purchased', id: 5, customer_email: 'x@example.com', product_id: '1' };
    await expect(
      verifyDelivery(store.client(), delivered({ ...record, studiocart_secret: FAKE_KEY }), 'purchased'),
    ).resolves.toEqual({
      status: 'verified',
      method: 'secret',
    });
    const verdict = await verifyDelivery(
      store.client(),
      delivered({ ...record, studiocart_secret: 'guessed-key' }),
      'purchased',
    );
    expect(verdict).toMatchObject({ status: 'forged', reason: 'secret-mismatch' });
    expect(JSON.stringify(verdict)).not.toContain('guessed-key');
    expect(JSON.stringify(verdict)).not.toContain(FAKE_KEY);
    expect(store.requests).toEqual([]);
  });

  it('a lead has no record: unverified with a reason, unless its secret proves it', async () => {
    const lead = { trigger: 'lead', customer_email: 'lead@example.com', product_id: '12' };
    await expect(verifyDelivery(store.client(), delivered(lead), 'lead')).resolves.toMatchObject({
      status: 'unverified',
      reason: 'lead-has-no-record',
    });
    await expect(
      verifyDelivery(store.client(), delivered({ ...lead, studiocart_secret: FAKE_KEY }), 'lead'),
    ).resolves.toMatchObject({ status: 'verified' });
    expect(store.requests).toEqual([]);
  });

  it('a store that fails after the client retries is unverifiable, not forged; the key is never in the message', async () => {
    const id = store.order();
    const record = { trigger: 'purchased', ...store.record('orders', id) };
    store.failWith = 503;
    const client = createClient({
      settings: { storeUrl: 'shop.example.com', apiKey: FAKE_KEY },
      transport: store.transport,
      retry: { budgetMs: 60_000, sleep: async () => undefined, maxAttempts: 3 },
    });
    const verdict = await verifyDelivery(client, delivered(record), 'purchased');
    expect(verdict).toMatchObject({ status: 'unverified', reason: 'store-unavailable' });
    expect(store.requests).toHaveLength(3);
    expect(verdict.status === 'unverified' && verdict.message).toMatch(/could not be checked/);
    expect(JSON.stringify(verdict)).not.toContain(FAKE_KEY);
  });

  it('a store refusing the key is unverifiable, and says so', async () => {
    const id = store.order();
    const verdict = await verifyDelivery(
      store.client('wrong-key'),
      delivered({ trigger: 'purchased', ...store.record('orders', id) }),
      'purchased',
    );
    expect(verdict).toMatchObject({
      status: 'unverified',
      reason: 'store-unavailable',
      message: expect.stringMatching(/refused the API key/),
    });
    expect(JSON.stringify(verdict)).not.toContain('wrong-key');
  });
});

describe('markVerification: verify, do not replace', () => {
  it('keeps the delivered record as sent, adds the marker, and drops forgeries', async () => {
    const record = { trigger: 'purchased', id: 5, order_amount: 49.5, customer_email: 'x@example.com' };
    expect(markVerification(record, { status: 'verified', method: 'store' })).toEqual({
      ...record,
      verification: { status: 'verified', method: 'store' },
    });
    expect(markVerification(record, { status: 'unverified', reason: 'store-unavailable', message: 'm' })).toEqual({
      ...record,
      verification: { status: 'unverified', reason: 'store-unavailable', message: 'm' },
    });
    expect(markVerification(record, { status: 'forged', reason: 'email-mismatch', message: 'm' })).toBeNull();
  });

  it('markVerification after verifyDelivery: the item is the delivery (decimals as sent), not the REST record', async () => {
    const store = new FakeStore();
    const id = store.order({ order_amount: 4950 });
    const record = {
      trigger: 'purchased',
      ...store.record('orders', id),
      order_amount: 49.5,
      studiocart_secret: FAKE_KEY,
    };
    const verdict = await verifyDelivery(store.client(), delivered(record), 'purchased');
    const item = markVerification(delivered(record).record, verdict);
    expect(verdict.status).toBe('verified');
    expect(item?.order_amount).toBe(49.5);
    expect(JSON.stringify(item)).not.toContain(FAKE_KEY);
  });
});
