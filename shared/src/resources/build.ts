/**
 * Builds a store record in one pass over its fields (nested items, invoices and plans with their own
 * tables): each documented field read as its type says (real stores send numbers as strings, ids as
 * numbers, `null` or nothing for empty fields), each time followed by its instant (docs/dates.md), and
 * each amount in the unit the user relies on with the store's own value beside it (docs/amounts.md).
 * Unknown fields and a table's extras pass through untouched; what an earlier pass added (instants,
 * `_sent` values, `amount_unit`) is made afresh.
 */
import type { SiteZone } from '../dates/zone';
import { instantOf } from '../dates/instant';
import { asList, coerceValue, isNone, isRecord } from './coerce';
import { AMOUNT_UNIT_FIELD, type AmountRule, type RecordMoney, moneyOf, scale, sentKey } from './money';
import { type FieldSpec, type FieldTable, entriesOf, instantKey, isMoment, isMoney } from './table';
import { DELIVERY_FIELDS } from './tables';

/** What a build does to a record: its fields read by type, instants, amounts, or any of them. */
export interface BuildRules {
  /**
   * How documented fields are read by their type. `fill`: a REST record, a missing field gets the
   * empty value of its type, so every record has the documented fields (docs/service/shapes.md).
   * `present`: an event payload, only fields that came are read (a lead has no amounts), and a field
   * whose 0 means none is left out. Without it, values stay as they are (a record built before).
   */
  coerce?: 'fill' | 'present';
  /**
   * The site's zone (`null` when unknown: site-local times get no instant). `fill`: a REST record, every
   * field present (docs/service/shapes.md), so a time without an instant gets `''`; a delivery leaves it out.
   */
  instants?: { zone: SiteZone | null; fill: boolean };
  amounts?: AmountRule;
}

/** `record` (of `table`) with its instants and its amounts, as `rules` say. */
export function buildRecord(record: object, table: FieldTable, rules: BuildRules): Record<string, unknown> {
  const source = record as Readonly<Record<string, unknown>>;
  const money = rules.amounts ? moneyOf(source, rules.amounts) : undefined;
  const out = buildFields(source, fieldsOf(table), rules, money);
  // A record without amounts (a lead) has no unit to state.
  if (money?.seen) put(out, AMOUNT_UNIT_FIELD, money.marker);
  return out;
}

/** What a build needs to know of one key of a table, read from the table once (`fieldsOf`). */
interface BuildField {
  readonly spec?: FieldSpec;
  /** A key a build adds, so left out and made afresh: a time's instant, or an amount's `_sent` value or `amount_unit`. */
  readonly added?: 'instant' | 'amount';
  /** A time's clock and the key of its instant. */
  readonly moment?: { clock: 'utc' | 'site'; key: string };
  /** An amount's (maybe, by its condition) `_sent` key. */
  readonly sentKey?: string;
  /** A nested list's entries. */
  readonly entries?: BuildFields;
}

/** A table's keys as a build looks them up, and its documented fields (all but extras) in table order. */
interface BuildFields {
  readonly byKey: ReadonlyMap<string, BuildField>;
  readonly documented: readonly string[];
}

const built = new WeakMap<FieldTable, BuildFields>();

/** A table as a build reads it, made on its first build: one look-up per key of a record. */
function fieldsOf(table: FieldTable): BuildFields {
  let fields = built.get(table);
  if (fields) return fields;
  const map = new Map<string, BuildField>([[AMOUNT_UNIT_FIELD, { added: 'amount' }]]);
  const add = (key: string, field: BuildField) => map.set(key, { ...map.get(key), ...field });
  for (const [key, spec] of Object.entries(table)) {
    const entries = entriesOf(spec);
    add(key, {
      spec,
      ...(entries ? { entries: fieldsOf(entries) } : {}),
      ...(isMoment(spec) ? { moment: { clock: spec.clock, key: instantKey(key) } } : {}),
      ...(spec.money ? { sentKey: sentKey(key) } : {}),
    });
    if (isMoment(spec)) add(instantKey(key), { added: 'instant' });
    if (spec.money) add(sentKey(key), { added: 'amount' });
  }
  const documented = Object.keys(table).filter((key) => table[key]?.extra !== true);
  fields = { byKey: map, documented };
  built.set(table, fields);
  return fields;
}

function buildFields(
  source: Readonly<Record<string, unknown>>,
  fields: BuildFields,
  rules: BuildRules,
  money: RecordMoney | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(source);
  // A REST record has every documented field: the missing ones come last, empty.
  if (rules.coerce === 'fill') for (const key of fields.documented) if (!Object.hasOwn(source, key)) keys.push(key);
  for (const key of keys) {
    const field = fields.byKey.get(key);
    // What an earlier pass added is made afresh: another zone, a unit read since.
    if (field?.added === 'instant' ? rules.instants : field?.added === 'amount' && money) continue;
    const sent = source[key];
    // A field whose 0 means none is absent from an event, empty in a REST record.
    if (rules.coerce === 'present' && field?.spec?.zeroIsNone && isNone(sent)) continue;
    const value = readField(field, sent, rules, money);
    if (money && field?.sentKey) putAmount(out, source, key, value, field.spec, field.sentKey, money);
    else put(out, key, value);
    const moment = field?.moment;
    if (rules.instants && moment) {
      const instant = instantOf(value, moment.clock, rules.instants.zone);
      if (instant || rules.instants.fill) put(out, moment.key, instant ?? '');
    }
  }
  return out;
}

/** A field's value as its type says (under `rules.coerce`), a nested list's entries built. */
function readField(
  field: BuildField | undefined,
  sent: unknown,
  rules: BuildRules,
  money: RecordMoney | undefined,
): unknown {
  const spec = field?.spec;
  const entries = field?.entries;
  const typed = rules.coerce !== undefined && spec !== undefined && spec.extra !== true;
  if (typed && rules.coerce === 'present' && (sent === undefined || sent === null)) return sent;
  if (entries) {
    // A REST record's list may come as `null`, one record, or a PHP array serialised as an object.
    const list = typed ? asList(sent).filter(isRecord) : sent;
    if (!Array.isArray(list)) return sent;
    return list.map((entry: unknown) => (isRecord(entry) ? buildFields(entry, entries, rules, money) : entry));
  }
  if (!typed) return sent;
  return coerceValue(
    spec.type as Exclude<FieldSpec['type'], object>,
    spec.zeroIsNone && isNone(sent) ? undefined : sent,
  );
}

/**
 * Puts an amount in the unit asked for, and the store's value next to it where the rule keeps one; the
 * store's value is the `_sent` one a pass before kept.
 */
function putAmount(
  out: Record<string, unknown>,
  source: Readonly<Record<string, unknown>>,
  key: string,
  value: unknown,
  spec: FieldSpec | undefined,
  sentField: string,
  money: RecordMoney,
): void {
  const sent = sentField in source ? source[sentField] : value;
  const isAmount = isMoney(spec, source);
  if (isAmount) money.seen = true;
  if (isAmount && typeof sent === 'number' && (money.factor !== 1 || money.keepSent === 'always')) {
    put(out, key, scale(sent, money.factor));
    if (money.keepSent === 'always' || (money.keepSent === 'changed' && money.factor !== 1)) put(out, sentField, sent);
  } else put(out, key, sent);
}

/** `__proto__` is data here, never a prototype. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * A record with an instant next to each of its timestamps (nested invoices included), each placed right
 * after the store's own field. Without a zone, UTC times still get theirs and site-local times none.
 * `table`: the record's resource; a delivery (`DELIVERY_FIELDS`) unless told.
 */
export function withInstant<T extends object>(
  record: T,
  zone: SiteZone | null,
  options: { fill?: boolean; table?: FieldTable } = {},
): T {
  return buildRecord(record, options.table ?? DELIVERY_FIELDS, {
    instants: { zone, fill: options.fill ?? false },
  }) as T;
}

/** `withInstant` over a list. */
export function withInstants<T extends object>(
  records: readonly T[],
  zone: SiteZone | null,
  options: { fill?: boolean; table?: FieldTable } = {},
): T[] {
  return records.map((record) => withInstant(record, zone, options));
}

/**
 * A record with its amounts (nested items, invoices and plans too) in the unit the user relies on, and
 * `amount_unit` saying which (on a record that has amounts). An amount in a currency without minor
 * units is never multiplied or divided. When the store's unit is unknown, amounts stay as sent and
 * `amount_unit` is `unknown` (never a guess).
 */
export function handOnAmounts<T extends object>(record: T, table: FieldTable, rule: AmountRule): T {
  return buildRecord(record, table, { amounts: rule }) as T;
}
