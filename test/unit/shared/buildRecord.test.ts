import { amountsOf } from '../../../shared/src/amountUnit';
import { buildRecord, handOnAmounts, withInstant } from '../../../shared/src/resources/build';
import { type FieldTable, isMoney } from '../../../shared/src/resources/table';
import { ORDER_FIELDS } from '../../../shared/src/resources/tables/order';
import { SUBSCRIPTION_FIELDS } from '../../../shared/src/resources/tables/subscription';

const NEW_YORK = { kind: 'named', name: 'America/New_York' } as const;
/** Entries in order, nested lists too: equal records with their keys in another order differ. */
const ordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(ordered)
    : value && typeof value === 'object'
      ? Object.entries(value).map(([key, inner]) => [key, ordered(inner)])
      : value;

describe('buildRecord: one pass per record, with its instants and its amounts', () => {
  it('keeps the keys in the order given, with their values', () => {
    const record = buildRecord({ id: 7, date_time: '2026-01-02 03:04:05', date_time_iso: 'x', 1: true }, {}, {});
    expect(Object.entries(record)).toEqual([
      ['1', true],
      ['id', 7],
      ['date_time', '2026-01-02 03:04:05'],
      ['date_time_iso', 'x'],
    ]);
  });

  it('gives records of one key order their own values (the shape they are copied from is not written)', () => {
    const first = buildRecord({ a: 1, b: 2 }, {}, {});
    const second = buildRecord({ a: 'x', b: null }, {}, {});
    expect(first).toEqual({ a: 1, b: 2 });
    expect(second).toEqual({ a: 'x', b: null });
    expect(buildRecord({ a: undefined, b: undefined }, {}, {})).toEqual({ a: undefined, b: undefined });
  });

  it('takes a `__proto__` key as data, never as a prototype', () => {
    const parsed = JSON.parse('{"id": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const money = { from: 'cents', to: 'decimal' } as const;
    for (const rules of [{}, { instants: { zone: NEW_YORK, fill: true }, amounts: money }]) {
      const record = buildRecord(parsed, ORDER_FIELDS, rules);
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(Object.keys(record)).toEqual(['id', '__proto__']);
      expect((record as { polluted?: boolean }).polluted).toBeUndefined();
    }
  });

  it('places each instant right after its store time, nested items included', () => {
    const order = withInstant(
      { id: 1, date_time: '2026-01-02 03:04:05', status: 'paid', items: [{ product_name: 'A', quantity: 1 }] },
      null,
      { fill: true, table: ORDER_FIELDS },
    );
    expect(Object.keys(order)).toEqual(['id', 'date_time', 'date_time_iso', 'status', 'items']);
    expect(order).toEqual({
      id: 1,
      date_time: '2026-01-02 03:04:05',
      date_time_iso: '2026-01-02T03:04:05Z',
      status: 'paid',
      items: [{ product_name: 'A', quantity: 1 }],
    });
  });

  it('builds a record once with its instants and its amounts, as the two builds one after the other do', () => {
    // A record read before: stale instants, `_sent` values and a marker, which both steps make afresh.
    const items = [{ product_name: 'Kit', unit_price: 1999, subtotal: 1999 }];
    const stale = { date_time_iso: 'stale', order_amount_sent: 4950, amount_unit: 'cents' };
    const order = { id: 7, date_time: '2026-01-02 03:04:05', ...stale, currency: 'USD', order_amount: 4950, items };
    const invoices = [{ number: 1, amount: 500, next_bill_date_time: '' }];
    const subscription = { id: 9, date_time: '2026-01-02 03:04:05', order_amount: 0, currency: 'JPY', invoices };
    for (const [record, table] of [
      [order, ORDER_FIELDS],
      [subscription, SUBSCRIPTION_FIELDS],
    ] as const) {
      const money = { from: 'cents', to: 'decimal', sent: 'always' } as const;
      const twoBuilds = handOnAmounts(withInstant(record, NEW_YORK, { fill: true, table }), table, money);
      const oneBuild = buildRecord(record, table, { instants: { zone: NEW_YORK, fill: true }, amounts: money });
      expect(ordered(oneBuild)).toEqual(ordered(twoBuilds));
    }
  });

  it('keeps every value when many records of one key order hold different strings', () => {
    const records = Array.from({ length: 40 }, (_, i) =>
      buildRecord({ status: `status ${i % 3}`, note: `${'long '.repeat(20)}${i}` }, {}, {}),
    );
    records.forEach((record, i) =>
      expect(record).toEqual({ status: `status ${i % 3}`, note: `${'long '.repeat(20)}${i}` }),
    );
  });
});

describe('money under a condition (a coupon’s amount when its type is a fixed sum)', () => {
  const COUPON_FIELDS = {
    id: { type: 'int', label: 'ID' },
    type: { type: 'string', label: 'Type' },
    amount: { type: 'number', label: 'Amount', money: { when: 'type', is: ['fixed'] } },
  } as const satisfies FieldTable;
  const cents = { from: 'cents', to: 'decimal', sent: 'always' } as const;

  it('is converted, with the store’s value beside it, only where the condition holds', () => {
    expect(buildRecord({ id: 1, type: 'fixed', amount: 1500 }, COUPON_FIELDS, { amounts: cents })).toEqual({
      id: 1,
      type: 'fixed',
      amount: 15,
      amount_sent: 1500,
      amount_unit: 'decimal',
    });
    expect(buildRecord({ id: 2, type: 'percent', amount: 15 }, COUPON_FIELDS, { amounts: cents })).toEqual({
      id: 2,
      type: 'percent',
      amount: 15,
    });
  });

  it('counts towards the unit reading only where it is money, and is described as an amount', () => {
    expect(amountsOf({ id: 1, type: 'fixed', amount: 1500 }, COUPON_FIELDS)).toEqual([1500]);
    expect(amountsOf({ id: 2, type: 'percent', amount: 15 }, COUPON_FIELDS)).toEqual([]);
    expect(isMoney(COUPON_FIELDS.amount)).toBe(true);
  });
});
