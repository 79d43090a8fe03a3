import { compactRecord } from '../../../shared/src/dates/compact';
import { withInstant } from '../../../shared/src/dates/fields';
import { ORDER_FIELDS } from '../../../shared/src/resources/tables';

describe('compact records (the instants step keeps Return All small)', () => {
  it('keeps the keys in the order given, with their values', () => {
    const record = compactRecord(['id', 'date_time', 'date_time_iso', '1'], [7, '2026-01-02 03:04:05', 'x', true]);
    expect(Object.entries(record)).toEqual([
      ['1', true],
      ['id', 7],
      ['date_time', '2026-01-02 03:04:05'],
      ['date_time_iso', 'x'],
    ]);
  });

  it('gives records of one key order their own values (the shape they are copied from is not written)', () => {
    const first = compactRecord(['a', 'b'], [1, 2]);
    const second = compactRecord(['a', 'b'], ['x', null]);
    expect(first).toEqual({ a: 1, b: 2 });
    expect(second).toEqual({ a: 'x', b: null });
    expect(compactRecord(['a', 'b'], [undefined, undefined])).toEqual({ a: undefined, b: undefined });
  });

  it('takes a `__proto__` key as data, never as a prototype', () => {
    const parsed = JSON.parse('{"id": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const record = compactRecord(Object.keys(parsed), Object.values(parsed));
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(['id', '__proto__']);
    expect((record as { polluted?: boolean }).polluted).toBeUndefined();
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
});
