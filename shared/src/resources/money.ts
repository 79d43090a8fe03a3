/**
 * One unit for money on every path (docs/amounts.md), read from the field tables' `money` flag. The
 * money equivalent of a time's `<field>_iso`: the amount itself is handed on in one unit (decimals as the
 * store's admin shows them, or cents where the user asked), the record says which in `amount_unit`, and
 * where the connector changed an amount, the store's own value stays next to it as `<field>_sent`.
 */
import { type RecordStep, rebuilt } from './build';
import { isRecord } from './coerce';
import { isZeroDecimal } from './currency';
import { type FieldTable, entriesOf } from './table';

/** Decimals (`49.5`, as the store's admin shows them) or integers in minor units (`4950`). */
export type MoneyUnit = 'decimal' | 'cents';

/** The record-level marker: the unit of every amount in the record, or `unknown` (amounts as the store sent them). */
export const AMOUNT_UNIT_FIELD = 'amount_unit';
type AmountUnitMarker = MoneyUnit | 'unknown';

/** The suffix of the store's own value, next to an amount the connector changed: `order_amount` → `order_amount_sent`. */
const SENT_SUFFIX = '_sent';

/**
 * Each field's `_sent` key, made once: every field of every record is checked for one. Building 100,000
 * orders with instants and amounts (a loaded 2-core machine, median of 5, two rounds): 7.1 s and 13.3 s
 * with this cache, 22.8 s and 20.8 s with the key concatenated each time.
 */
const SENT_KEYS = new Map<string, string>();

export function sentKey(field: string): string {
  let key = SENT_KEYS.get(field);
  if (key === undefined) {
    if (SENT_KEYS.size >= 1024) SENT_KEYS.clear();
    key = `${field}${SENT_SUFFIX}`;
    SENT_KEYS.set(field, key);
  }
  return key;
}

interface HandOnOptions {
  /** The unit the store sent the amounts in; `null` when the connector could not tell. */
  from: MoneyUnit | null;
  /** The unit the user relies on: decimals unless they asked for cents. */
  to: MoneyUnit;
  /** The currency of records that do not name theirs (products, customers): the store's, if known. */
  currency?: string;
  /**
   * Where the store's own value is kept as `<field>_sent`: `always` for REST records (every amount, as
   * every time has its `_iso`), `changed` (default) only where the amount was converted, `never` for a
   * sample imitating a delivery the store sent in `to` already.
   */
  sent?: 'always' | 'changed' | 'never';
}

/**
 * A record with its amounts (nested items, invoices and plans too) in the unit the user relies on, and
 * `amount_unit` saying which (on a record that has amounts). An amount in a currency without minor
 * units is never multiplied or divided. When `from` is unknown, amounts stay as sent and
 * `amount_unit` is `unknown` (never a guess).
 */
export function handOnAmounts<T extends object>(record: T, table: FieldTable, options: HandOnOptions): T {
  return rebuilt(record, table, [amountsStep(options)]) as T;
}

/** `handOnAmounts` as a step (`build.ts`), so a client builds each record once with its instants. */
export function amountsStep(options: HandOnOptions): RecordStep {
  const keepSent = options.sent ?? 'changed';
  return {
    // A marker or a store value from an earlier pass is made afresh.
    adds: (key, table) => key === AMOUNT_UNIT_FIELD || isSentField(key, table),
    open(record) {
      const currency = typeof record.currency === 'string' && record.currency ? record.currency : options.currency;
      const whole = currency !== undefined && isZeroDecimal(currency);
      const marker: AmountUnitMarker = whole ? options.to : options.from === null ? 'unknown' : options.to;
      const factor = whole || options.from === null ? 1 : ratio(options.from, options.to);
      // A record without amounts (a lead) has no unit to state: every field, nested ones too, passes `field`.
      let hasAmounts = false;
      return {
        field(key, value, owner, spec, put) {
          const sent = sentValueOf(owner, key, value);
          if (spec?.money) hasAmounts = true;
          if (spec?.money && typeof sent === 'number' && (factor !== 1 || keepSent === 'always')) {
            put(key, factor === 1 ? sent : scale(sent, factor));
            if (keepSent === 'always' || (keepSent === 'changed' && factor !== 1)) put(sentKey(key), sent);
          } else put(key, entriesOf(spec) && Array.isArray(value) ? value : sent);
        },
        end(put) {
          if (hasAmounts) put(AMOUNT_UNIT_FIELD, marker);
        },
      };
    },
  };
}

function ratio(from: MoneyUnit, to: MoneyUnit): number {
  if (from === to) return 1;
  return from === 'cents' ? 0.01 : 100;
}

/** Cents to decimals divides (4950 → 49.5, never 49.50000000000001); decimals to cents rounds to whole cents. */
function scale(value: number, factor: number): number {
  return factor > 1 ? Math.round(value * factor) : value / Math.round(1 / factor);
}

/** `key`'s value as the store sent it: its `_sent` sibling when a pass before kept one. */
function sentValueOf(record: Readonly<Record<string, unknown>>, key: string, value: unknown = record[key]): unknown {
  const sent = sentKey(key);
  return sent in record ? record[sent] : value;
}

function isSentField(key: string, table: FieldTable): boolean {
  return key.endsWith(SENT_SUFFIX) && table[key.slice(0, -SENT_SUFFIX.length)]?.money === true;
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
