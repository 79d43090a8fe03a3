import { markVerification } from '../../../shared/src/events/verify';
import { statusFitOf } from '../../../shared/src/events/statusFit';
import { statusFits } from '../support/statusFit';
import type { DeliveredEvent } from '../../../shared/src/events/parse';
import { EVENTS, readDelivery, verifyDelivery } from '@commerce-service/shared';
import { useRecordReads } from '../support/recordReads';
import { KEY, clientFor } from '../support/shared';
import { keyRefused } from '../support/wordpress';

/** The store as nock scripts of record reads; `reads.paths` are the reads each test sent. */
const reads = useRecordReads();

/** A paid one-off order as the store's REST API states it. */
const ORDER = {
  id: 1042,
  date_time: '2026-03-01 10:00:00',
  customer_email: 'buyer1042@example.com',
  product_id: '12',
  payment_plan_id: 'one-off',
  status: 'paid',
  items: [{ product_name: 'Thing', quantity: 1, sub_summary: '' }],
};
/** An active monthly subscription, its first order listed. */
const SUBSCRIPTION = {
  id: 2051,
  date_time: '2026-03-01 10:02:00',
  customer_email: 'member2051@example.com',
  product_id: '30',
  payment_plan_id: 'monthly',
  status: 'active',
  trial_days: 0,
  invoices: [{ id: 1043, status: 'paid' }],
};

function delivered(record: Record<string, unknown>): DeliveredEvent {
  const [one] = readDelivery(record);
  if (!one) throw new Error('no record');
  return one;
}

describe('the status-fit table', () => {
  it('every event fits its own status and names the record it is checked against', () => {
    for (const { key: event } of EVENTS.filter(({ key }) => key !== 'lead')) {
      const fit = statusFitOf(event);
      for (const own of fit?.own ?? []) expect(statusFits(event, own)).toBe(true);
      expect(['order', 'subscription']).toContain(fit?.record);
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
  it('a genuine purchase is verified by reading the order back (one read)', async () => {
    reads.answer('orders', ORDER.id, 200, ORDER);
    const record = { trigger: 'purchased', ...ORDER };
    await expect(verifyDelivery(clientFor(), delivered(record), 'purchased')).resolves.toEqual({
      status: 'verified',
      method: 'store',
    });
    expect(reads.paths).toEqual([`/wp-json/sc/v1/orders/${ORDER.id}`]);
  });

  it('a purchase since refunded and a subscription since canceled are still genuine', async () => {
    const purchase = { trigger: 'purchased', ...ORDER };
    reads.answer('orders', ORDER.id, 200, { ...ORDER, status: 'refunded' });
    await expect(verifyDelivery(clientFor(), delivered(purchase), 'purchased')).resolves.toMatchObject({
      status: 'verified',
    });
    const started = { trigger: 'active', ...SUBSCRIPTION };
    reads.answer('subscriptions', SUBSCRIPTION.id, 200, { ...SUBSCRIPTION, status: 'canceled' });
    await expect(verifyDelivery(clientFor(), delivered(started), 'active')).resolves.toMatchObject({
      status: 'verified',
    });
  });

  it('older plugin versions: `order_id` names the order', async () => {
    reads.answer('orders', ORDER.id, 200, ORDER);
    const { id, ...rest } = ORDER;
    await expect(
      verifyDelivery(clientFor(), delivered({ trigger: 'purchased', ...rest, order_id: String(id) }), 'purchased'),
    ).resolves.toMatchObject({
      status: 'verified',
    });
  });

  it.each([
    [
      'an unknown id',
      (r: Record<string, unknown>) => ({ ...r, id: 999999 }),
      'unknown-record',
      () => reads.unknown('orders', 999999),
    ],
    [
      'no id at all',
      (r: Record<string, unknown>) => ({ ...r, id: undefined }),
      'no-record-id',
      () => reads.recordAny(),
    ],
    [
      'an id that is not digits',
      (r: Record<string, unknown>) => ({ ...r, id: '12; drop' }),
      'no-record-id',
      () => reads.recordAny(),
    ],
    [
      'a changed email',
      (r: Record<string, unknown>) => ({ ...r, customer_email: 'thief@example.net' }),
      'email-mismatch',
      () => reads.answer('orders', ORDER.id, 200, ORDER),
    ],
    [
      'a changed product',
      (r: Record<string, unknown>) => ({ ...r, product_id: '99' }),
      'product-mismatch',
      () => reads.answer('orders', ORDER.id, 200, ORDER),
    ],
  ])('a delivery with %s is forged', async (_what, change, reason, storeAnswers) => {
    storeAnswers();
    const forgedRecord = change({ trigger: 'purchased', ...ORDER });
    const verdict = await verifyDelivery(clientFor(), delivered(forgedRecord), 'purchased');
    expect(verdict).toMatchObject({ status: 'forged', reason });
    // The reason names no customer data.
    expect(JSON.stringify(verdict)).not.toMatch(/@/);
  });

  it('a refund of an order the store shows as paid is forged (a status the record has not reached)', async () => {
    reads.answer('orders', ORDER.id, 200, ORDER);
    const verdict = await verifyDelivery(
      clientFor(),
      delivered({ ...ORDER, trigger: 'refunded', status: 'refunded' }),
      'refunded',
    );
    expect(verdict).toMatchObject({ status: 'forged', reason: 'status-not-reached' });
  });

  it('the email is compared without letter case or spaces', async () => {
    reads.answer('orders', ORDER.id, 200, { ...ORDER, customer_email: 'Ada@Example.com' });
    const record = { ...ORDER, trigger: 'purchased', customer_email: ' ada@example.COM ' };
    await expect(verifyDelivery(clientFor(), delivered(record), 'purchased')).resolves.toMatchObject({
      status: 'verified',
    });
  });

  it('subscription events read the subscription (operation 13)', async () => {
    reads.answer('subscriptions', SUBSCRIPTION.id, 200, SUBSCRIPTION);
    // An order id under a subscription event names no subscription.
    reads.unknown('subscriptions', ORDER.id);
    const record = { trigger: 'paused', ...SUBSCRIPTION, status: 'paused' };
    await expect(verifyDelivery(clientFor(), delivered(record), 'paused')).resolves.toMatchObject({
      status: 'verified',
    });
    expect(reads.paths[0]).toBe(`/wp-json/sc/v1/subscriptions/${SUBSCRIPTION.id}`);
    await expect(
      verifyDelivery(clientFor(), delivered({ ...ORDER, trigger: 'canceled' }), 'canceled'),
    ).resolves.toMatchObject({
      status: 'forged',
      reason: 'unknown-record',
    });
  });

  it('the store key as studiocart_secret verifies without a read; another value is forged without a read', async () => {
    reads.recordAny();
    const record = { trigger: 'purchased', id: 5, customer_email: 'x@example.com', product_id: '1' };
    await expect(
      verifyDelivery(clientFor(), delivered({ ...record, studiocart_secret: KEY }), 'purchased'),
    ).resolves.toEqual({
      status: 'verified',
      method: 'secret',
    });
    const verdict = await verifyDelivery(
      clientFor(),
      delivered({ ...record, studiocart_secret: 'guessed-key' }),
      'purchased',
    );
    expect(verdict).toMatchObject({ status: 'forged', reason: 'secret-mismatch' });
    expect(JSON.stringify(verdict)).not.toContain('guessed-key');
    expect(JSON.stringify(verdict)).not.toContain(KEY);
    expect(reads.paths).toEqual([]);
  });

  it('a lead has no record: unverified with a reason, unless its secret proves it', async () => {
    reads.recordAny();
    const lead = { trigger: 'lead', customer_email: 'lead@example.com', product_id: '12' };
    await expect(verifyDelivery(clientFor(), delivered(lead), 'lead')).resolves.toMatchObject({
      status: 'unverified',
      reason: 'lead-has-no-record',
    });
    await expect(
      verifyDelivery(clientFor(), delivered({ ...lead, studiocart_secret: KEY }), 'lead'),
    ).resolves.toMatchObject({ status: 'verified' });
    expect(reads.paths).toEqual([]);
  });

  it('a store that fails after the client retries is unverifiable, not forged; the key is never in the message', async () => {
    const record = { trigger: 'purchased', ...ORDER };
    reads.answer('orders', ORDER.id, 503, { code: 'internal_server_error', message: 'Boom', data: { status: 503 } }, 3);
    const client = clientFor({}, { retry: { budgetMs: 60_000, sleep: async () => undefined, maxAttempts: 3 } });
    const verdict = await verifyDelivery(client, delivered(record), 'purchased');
    expect(verdict).toMatchObject({ status: 'unverified', reason: 'store-unavailable' });
    expect(reads.paths).toHaveLength(3);
    expect(verdict.status === 'unverified' && verdict.message).toMatch(/could not be checked/);
    expect(JSON.stringify(verdict)).not.toContain(KEY);
  });

  it('a store refusing the key is unverifiable, and says so', async () => {
    reads.answer('orders', ORDER.id, 401, keyRefused());
    const verdict = await verifyDelivery(
      clientFor({ apiKey: 'wrong-key' }),
      delivered({ trigger: 'purchased', ...ORDER }),
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
    reads.recordAny();
    const record = {
      trigger: 'purchased',
      ...ORDER,
      order_amount: 49.5,
      studiocart_secret: KEY,
    };
    const verdict = await verifyDelivery(clientFor(), delivered(record), 'purchased');
    const item = markVerification(delivered(record).record, verdict);
    expect(verdict.status).toBe('verified');
    expect(item?.order_amount).toBe(49.5);
    expect(JSON.stringify(item)).not.toContain(KEY);
  });
});
