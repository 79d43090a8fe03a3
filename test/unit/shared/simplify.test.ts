/** Simplify (docs/simplify.md): the ranked fields of a record, flat, with the instants of kept times. */
import { RECORD_RESOURCE_NAMES, RESOURCE_SAMPLES, type RecordResource, simplifyRecord } from '@commerce-service/shared';

/** A sample of every record resource: one without a sample fails here. */
const SAMPLES: Record<RecordResource, Record<string, unknown>> = Object.fromEntries(
  RECORD_RESOURCE_NAMES.map((resource) => [resource, RESOURCE_SAMPLES[resource]]),
) as Record<RecordResource, Record<string, unknown>>;

/** Instants and the amounts' unit are the connector's, made usable: they do not count towards the 10 (docs/simplify.md). */
const storeFields = (record: Record<string, unknown>) =>
  Object.keys(record).filter((key) => !key.endsWith('_iso') && key !== 'amount_unit');

describe('simplifyRecord', () => {
  it.each(RECORD_RESOURCE_NAMES)('keeps at most 10 flat %s fields, as the store sent them', (resource) => {
    const sample = SAMPLES[resource];
    const simple = simplifyRecord(resource, sample);
    expect(storeFields(simple).length).toBeGreaterThan(5);
    expect(storeFields(simple).length).toBeLessThanOrEqual(10);
    for (const [key, value] of Object.entries(simple)) {
      expect(sample[key]).toEqual(value);
      expect(typeof value === 'object' && value !== null).toBe(false);
    }
  });

  it('chooses, in this order, the order fields of docs/simplify.md, each time with its instant', () => {
    expect(Object.keys(simplifyRecord('order', RESOURCE_SAMPLES.order))).toEqual([
      'id',
      'status',
      'date_time',
      'date_time_iso',
      'customer_name',
      'customer_email',
      'product_name',
      'order_amount',
      'amount_unit',
      'currency',
      'payment_plan',
      'transaction_id',
    ]);
    expect(simplifyRecord('order', RESOURCE_SAMPLES.order).date_time_iso).toMatch(/Z$/);
  });

  it('chooses the subscription fields of docs/simplify.md; invoices stay out', () => {
    expect(Object.keys(simplifyRecord('subscription', RESOURCE_SAMPLES.subscription))).toEqual([
      'id',
      'status',
      'customer_name',
      'customer_email',
      'product_name',
      'payment_plan',
      'amount',
      'amount_unit',
      'currency',
      'next_bill_date_time',
      'next_bill_date_time_iso',
      'date_time',
      'date_time_iso',
    ]);
  });

  it('keeps a customer whole (8 fields) with the site-local instants', () => {
    const simple = simplifyRecord('customer', RESOURCE_SAMPLES.customer);
    // The store's own cents (`lifetime_value_sent`) stay in the raw record (docs/amounts.md).
    const whole = Object.keys(RESOURCE_SAMPLES.customer).filter((key) => !key.endsWith('_sent'));
    expect(Object.keys(simple).sort()).toEqual(whole.sort());
    expect(simple.last_order_date_iso).toBe('2026-11-20T09:32:05-05:00');
  });

  it('leaves the plans of a product out, and its dates in', () => {
    const simple = simplifyRecord('product', RESOURCE_SAMPLES.product);
    expect(simple).not.toHaveProperty('plans');
    expect(simple).toMatchObject({ id: 87, name: 'Sourdough Masterclass', date_updated_iso: expect.any(String) });
  });

  it('invents nothing: absent fields and absent instants stay absent; unranked fields go', () => {
    expect(simplifyRecord('order', { id: 3, date_time: '2026-01-02 10:00:00', gateway: 'stripe' })).toEqual({
      id: 3,
      date_time: '2026-01-02 10:00:00',
    });
    expect(simplifyRecord('product', {})).toEqual({});
  });
});
