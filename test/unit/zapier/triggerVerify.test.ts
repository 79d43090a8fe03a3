/**
 * The Zapier triggers' "Verify deliveries with the store" (issue #10), against nock scripts of the
 * store (each read recorded): `perform` returns genuine deliveries marked, no record for a forged one, unverifiable
 * ones marked; with the option off no read is made, while a wrong secret still drops the delivery.
 */
import { eventKind } from '../../../shared/src/events/catalogue';
import { VERIFY_INPUT, readSetup } from '../../../zapier/src/inputs';
import { PAID_ORDER, VERIFIED_PURCHASE, purchaseDelivery } from '../support/deliveries';
import { useRecordReads } from '../support/recordReads';
import { useTimerSleep } from '../support/sleep';
import { AUTH, KEY, appTester, hookOf, plainInputs, plainOutputs, trigger } from '../support/zapier';

/** Retries wait on Node's timers: recorded here instead of slept. */
const sleeps = useTimerSleep();

const purchased = hookOf('purchased');

const paidOrder = PAID_ORDER.id;
const reads = useRecordReads();

/** A delivery as the store sends it (decimals, numbers as strings) for the stored paid order. */
const purchase = (overrides: Record<string, unknown> = {}) => purchaseDelivery(paidOrder, overrides);

const perform = (cleanedRequest: unknown, inputData: Record<string, unknown> = {}) =>
  appTester(purchased.perform, { authData: AUTH, inputData, cleanedRequest }) as Promise<
    Array<Record<string, unknown>>
  >;

describe('the option', () => {
  it('is a visible boolean input, default true, on every event trigger, with output fields for the marker', () => {
    const fields = plainInputs(trigger('product_purchased').operation.inputFields);
    expect(fields.find((f) => f.key === 'verify_deliveries')).toEqual(VERIFY_INPUT[0]);
    expect(VERIFY_INPUT[0]).toMatchObject({ type: 'boolean', default: 'true', required: false });
    const outputs = plainOutputs(trigger('lead_captured').operation.outputFields).map((f) => f.key);
    expect(outputs).toEqual(expect.arrayContaining(['verification__status', 'verification__reason']));
  });

  it.each([
    [undefined, true],
    ['', true],
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    ['no', false],
  ])('reads %p as %p (missing: a Zap made before the option verifies)', (value, expected) => {
    expect(readSetup({ inputData: value === undefined ? {} : { verify_deliveries: value } }).verify).toBe(expected);
  });
});

describe('perform, verifying (default)', () => {
  it('returns a genuine delivery as delivered (decimals), marked verified, after one read', async () => {
    reads.answer('orders', paidOrder, 200, PAID_ORDER);
    const records = await perform(purchase());

    expect(records).toEqual([VERIFIED_PURCHASE]);
    expect(reads.paths).toEqual([`/wp-json/sc/v1/orders/${paidOrder}`]);
  });

  it.each([
    ['an unknown id', { id: '999999' }, () => reads.unknown('orders', '999999')],
    [
      'a changed email',
      { customer_email: 'someone.else@example.org' },
      () => reads.answer('orders', paidOrder, 200, PAID_ORDER),
    ],
    ['another product', { product_id: '91' }, () => reads.answer('orders', paidOrder, 200, PAID_ORDER)],
    ['a wrong studiocart_secret', { studiocart_secret: 'guessed-key' }, () => reads.recordAny()],
  ])('returns no record for %s', async (_what, change, storeAnswers) => {
    storeAnswers();
    await expect(perform(purchase(change))).resolves.toEqual([]);
  });

  it('returns no record for a "refund" of an order the store shows as paid', async () => {
    reads.answer('orders', paidOrder, 200, PAID_ORDER);
    const refunded = hookOf('refunded');
    const records = await appTester(refunded.perform, {
      authData: AUTH,
      inputData: {},
      cleanedRequest: purchase({ trigger: 'refunded', status: 'refunded' }),
    });
    expect(records).toEqual([]);
  });

  it('marks a delivery unverified when the store fails, and still returns it', async () => {
    reads.answer(
      'orders',
      paidOrder,
      500,
      { code: 'internal_server_error', message: 'Boom', data: { status: 500 } },
      2,
    );
    const records = await perform(purchase());
    expect(records).toEqual([
      expect.objectContaining({
        verification: expect.objectContaining({
          status: 'unverified',
          reason: 'store-unavailable',
          message: expect.stringMatching(/after 2 attempts/),
        }),
      }),
    ]);
    // A 500 is asked again once, within the short verification budget.
    expect(reads.paths).toHaveLength(2);
    expect(sleeps.waits).toHaveLength(1);
  });

  it('marks a lead unverified without a read', async () => {
    reads.recordAny();
    const lead = hookOf('lead');
    const sample = eventKind('lead')?.sample ?? {};
    const records = await appTester(lead.perform, { authData: AUTH, inputData: {}, cleanedRequest: { ...sample } });
    expect(records).toEqual([
      expect.objectContaining({
        verification: expect.objectContaining({ status: 'unverified', reason: 'lead-has-no-record' }),
      }),
    ]);
    expect(reads.paths).toEqual([]);
  });

  it('takes the store key as proof without a read, and never returns it', async () => {
    reads.recordAny();
    const records = await perform(purchase({ id: '999999', studiocart_secret: KEY }));
    expect(records).toEqual([expect.objectContaining({ verification: { status: 'verified', method: 'secret' } })]);
    expect(JSON.stringify(records)).not.toContain(KEY);
    expect(reads.paths).toEqual([]);
  });
});

describe('perform, not verifying', () => {
  const OFF = { verify_deliveries: 'false' };

  it('makes no read and returns the delivery unmarked', async () => {
    reads.recordAny();
    const records = await perform(purchase({ id: '999999' }), OFF);
    expect(records).toEqual([expect.objectContaining({ id: 999999 })]);
    expect(records[0]).not.toHaveProperty('verification');
    expect(reads.paths).toEqual([]);
  });

  it('still drops a wrong secret, and strips a right one', async () => {
    reads.recordAny();
    await expect(perform(purchase({ studiocart_secret: 'guessed-key' }), OFF)).resolves.toEqual([]);
    const records = await perform(purchase({ studiocart_secret: KEY }), OFF);
    expect(records).toEqual([expect.objectContaining({ verification: { status: 'verified', method: 'secret' } })]);
    expect(JSON.stringify(records)).not.toContain(KEY);
    expect(reads.paths).toEqual([]);
  });
});
