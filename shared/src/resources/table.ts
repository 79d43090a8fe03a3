/**
 * The shape of a field table: each field of one resource described once (docs/service/shapes.md). The
 * record types, coercion, labels, instants, cents, Simplify and the sandbox's shape checks are all read
 * from these tables (`tables/`), so a new store field is one line in one table.
 */

/** How a value is read: real stores send numbers as strings, ids as numbers, `null` for empty fields. */
type FieldType = 'int' | 'number' | 'string' | 'nullableInt' | { readonly list: FieldTable };

/** The clock of a store time (docs/dates.md): a UTC timestamp, a site-local one, or a day without a time. */
type Clock = 'utc' | 'site' | 'day';

/** The condition of a field that is money in some records only. */
interface MoneyWhen {
  readonly when: string;
  readonly is: readonly string[];
}

export interface FieldSpec {
  readonly type: FieldType;
  /** How people read it (Zapier output fields, n8n hints). */
  readonly label: string;
  /** A nested list's name for one of its entries, in its fields' labels ("Item Quantity"). */
  readonly entry?: string;
  readonly clock?: Clock;
  /**
   * An amount: in minor units when a hook asks for `prices_in_cents` (docs/service/events.md#amounts-in-cents).
   * `{ when, is }`: an amount only in a record whose field `when` is one of `is` (a coupon's `amount`
   * when its `type` is a fixed sum; a percentage is no money).
   */
  readonly money?: true | MoneyWhen;
  /** 1 = most used: Simplify keeps the ranked fields (at most 10, docs/simplify.md). */
  readonly rank?: number;
  /** What a documented string holds (shape checks): digits only, or an absolute http(s) URL. */
  readonly text?: 'digits' | 'url';
  /** May be `''` (a canceled subscription's next bill): any string passes the shape check. */
  readonly blank?: true;
  /**
   * The store writes `0` for none (an order's `subscription_id` when it is no subscription): `0`, `"0"`
   * and `""` are absent from an event record and empty in a REST record, never the text `"0"`.
   */
  readonly zeroIsNone?: true;
  /**
   * Sent by real stores beyond the documented shape: given its instant when it is a time, otherwise left
   * as sent (not filled, typed, described or shape-checked).
   */
  readonly extra?: true;
}

export type FieldTable = Readonly<Record<string, FieldSpec>>;

type ValueOf<T extends FieldType> = T extends { readonly list: infer L extends FieldTable }
  ? RecordOf<L>[]
  : T extends 'string'
    ? string
    : T extends 'nullableInt'
      ? number | null
      : number;

/** The record a table describes, as the connector guarantees it after reading (extras left out). */
export type RecordOf<T extends FieldTable> = {
  -readonly [K in keyof T as T[K] extends { readonly extra: true } ? never : K]: ValueOf<T[K]['type']>;
};

/** A time that gets an instant next to it (`date_time` → `date_time_iso`); days do not. */
export function isMoment(spec: FieldSpec | undefined): spec is FieldSpec & { clock: 'utc' | 'site' } {
  return spec?.clock === 'utc' || spec?.clock === 'site';
}

/** The suffix of every instant field (docs/dates.md): `date_time` → `date_time_iso`. */
export const INSTANT_SUFFIX = '_iso';

export function instantKey(field: string): string {
  return `${field}${INSTANT_SUFFIX}`;
}

/** The table of a nested list's entries (items, invoices, plans), if the field is one. */
export function entriesOf(spec: FieldSpec | undefined): FieldTable | undefined {
  return spec && typeof spec.type === 'object' ? spec.type.list : undefined;
}

/** A table with Simplify's ranks added, most used first: the choice for one resource, kept next to its fields. */
export function withRanks<T extends FieldTable>(
  ranked: readonly (keyof T & string)[],
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly rank?: number } } {
  const out: Record<string, FieldSpec> = { ...table };
  ranked.forEach((key, index) => (out[key] = { ...table[key], rank: index + 1 } as FieldSpec));
  return out as { readonly [K in keyof T]: T[K] & { readonly rank?: number } };
}

/** Whether a field holds money: always, or in this record by its condition. Without a record: whether it may. */
export function isMoney(spec: FieldSpec | undefined, record?: Readonly<Record<string, unknown>>): boolean {
  const money = spec?.money;
  if (money === undefined) return false;
  if (money === true || record === undefined) return true;
  const value = record[money.when];
  return typeof value === 'string' && money.is.includes(value);
}
