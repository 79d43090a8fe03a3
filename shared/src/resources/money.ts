/**
 * One unit for money on every path (docs/amounts.md), read from the field tables' `money` flag. The
 * money equivalent of a time's `<field>_iso`: the amount itself is given in one unit (decimals as the
 * store's admin shows them, or cents where the user asked), the record says which in `amount_unit`, and
 * where the connector changed an amount, the store's own value stays next to it as `<field>_sent`.
 */
import { isRecord } from './coerce';
import { isZeroDecimal } from './currency';
import { type FieldTable, entriesOf, isMoney } from './table';

/** Decimals (`49.5`, as the store's admin shows them) or integers in minor units (`4950`). */
export type MoneyUnit = 'decimal' | 'cents';

/** The record-level marker: the unit of every amount in the record, or `unknown` (amounts as the store sent them). */
export const AMOUNT_UNIT_FIELD = 'amount_unit';
type AmountUnitMarker = MoneyUnit | 'unknown';

/** The suffix of the store's own value, next to an amount the connector changed: `order_amount` → `order_amount_sent`. */
const SENT_SUFFIX = '_sent';

/** How a record's amounts are written (`buildRecord` in `build.ts`). */
export interface AmountRule {
  /** The unit the store sent the amounts in; `null` when the connector could not tell. */
  from: MoneyUnit | null;
  /** The unit the user relies on: decimals unless they asked for cents. */
  to: MoneyUnit;
  /** The currency of records that do not name theirs (products, customers): the store's, if known. */
  currency?: string;
  /**
   * Where the store's own value stays as `<field>_sent`: `always` for REST records (every amount, as
   * every time has its `_iso`), `changed` (default) only where the amount was converted, `never` for a
   * sample imitating a delivery the store sent in `to` already.
   */
  sent?: 'always' | 'changed' | 'never';
}

/** What one record's amounts become: read once from its currency, then applied to every amount in it. */
export interface RecordMoney {
  factor: number;
  marker: AmountUnitMarker;
  keepSent: 'always' | 'changed' | 'never';
  /** Whether the record (or a nested entry) has a money field: only then does it get `amount_unit`. */
  seen: boolean;
}

/** The rule applied to one record: its own currency, or the rule's, decides whether amounts scale. */
export function moneyOf(record: Readonly<Record<string, unknown>>, rule: AmountRule): RecordMoney {
  const currency = typeof record.currency === 'string' && record.currency ? record.currency : rule.currency;
  const whole = currency !== undefined && isZeroDecimal(currency);
  const factor = whole || rule.from === null ? 1 : ratio(rule.from, rule.to);
  return {
    factor,
    marker: whole ? rule.to : rule.from === null ? 'unknown' : rule.to,
    keepSent: rule.sent ?? 'changed',
    seen: false,
  };
}

export function sentKey(field: string): string {
  return `${field}${SENT_SUFFIX}`;
}

function ratio(from: MoneyUnit, to: MoneyUnit): number {
  if (from === to) return 1;
  return from === 'cents' ? 0.01 : 100;
}

/** Cents to decimals divides (4950 → 49.5, never 49.50000000000001); decimals to cents rounds to whole cents. */
export function scale(value: number, factor: number): number {
  if (factor === 1) return value;
  return factor > 1 ? Math.round(value * factor) : value / Math.round(1 / factor);
}

/** `key`'s value as the store sent it: its `_sent` sibling when a pass before kept one. */
function sentValueOf(record: Readonly<Record<string, unknown>>, key: string, value: unknown = record[key]): unknown {
  const sent = sentKey(key);
  return sent in record ? record[sent] : value;
}

function isSentField(key: string, table: FieldTable): boolean {
  return key.endsWith(SENT_SUFFIX) && isMoney(table[key.slice(0, -SENT_SUFFIX.length)]);
}

/**
 * A record's amounts as the store sent them: the `_sent` values put back and the markers taken out
 * (nested lists too). What a polling fingerprint is made of, so a change in how the connector reads the
 * unit never makes a remembered record look changed.
 */
export function withAmountsAsSent(record: unknown, table: FieldTable): unknown {
  if (Array.isArray(record)) return record.map((entry) => withAmountsAsSent(entry, table));
  if (!isRecord(record)) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === AMOUNT_UNIT_FIELD || isSentField(key, table)) continue;
    const entries = entriesOf(table[key]);
    out[key] = entries && Array.isArray(value) ? withAmountsAsSent(value, entries) : sentValueOf(record, key);
  }
  return out;
}
