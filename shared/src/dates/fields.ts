/**
 * The one function that gives each store time an instant, reading the clock of each field from its
 * resource's field table (docs/dates.md). The store's strings are never changed: each timestamp gets a
 * sibling key, `<field>_iso`. Nested lists (invoices) are read with their own table.
 */
import { isRecord } from '../resources/coerce';
import { type FieldTable, entriesOf, isMoment } from '../resources/table';
import { DELIVERY_FIELDS } from '../resources/tables';
import { compactRecord } from './compact';
import { localInstant, utcInstant } from './instant';
import type { SiteZone, ZoneReading } from './zone';

/** The suffix of every instant field: `date_time` → `date_time_iso`. */
const INSTANT_SUFFIX = '_iso';

export function instantKey(field: string): string {
  return `${field}${INSTANT_SUFFIX}`;
}

/** Whether a field is one this module adds to a record of `table` (an adapter or a fingerprint may leave them out). */
function isInstantField(key: string, table: FieldTable = DELIVERY_FIELDS): boolean {
  return key.endsWith(INSTANT_SUFFIX) && isMoment(table[key.slice(0, -INSTANT_SUFFIX.length)]);
}

/**
 * `fill`: a REST record, every field present (docs/service/shapes.md): a timestamp without an instant
 * (empty, or site-local with no zone) gets `''`. Otherwise (a delivery) the instant is left out.
 * `table`: the record's resource; a delivery (`DELIVERY_FIELDS`) unless told.
 */
interface InstantOptions {
  fill?: boolean;
  table?: FieldTable;
}

function stamped(
  record: Record<string, unknown>,
  table: FieldTable,
  zone: SiteZone | null,
  fill: boolean,
): Record<string, unknown> {
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(record)) {
    // An instant from an earlier pass (another zone, a field the store emptied since) is made afresh.
    if (isInstantField(key, table)) continue;
    keys.push(key);
    const spec = table[key];
    const entries = entriesOf(spec);
    if (isMoment(spec)) {
      values.push(value);
      const instant = spec.clock === 'utc' ? utcInstant(value) : zone ? localInstant(value, zone) : undefined;
      if (instant || fill) {
        keys.push(instantKey(key));
        values.push(instant ?? '');
      }
    } else if (entries && Array.isArray(value)) {
      values.push(value.map((entry) => (isRecord(entry) ? stamped(entry, entries, zone, fill) : entry)));
    } else values.push(value);
  }
  return compactRecord(keys, values);
}

/**
 * A record with an instant next to each of its timestamps (nested invoices included), each placed right
 * after the store's own field. Without a zone, UTC times still get theirs and site-local times none.
 */
export function withInstant<T extends object>(record: T, zone: SiteZone | null, options: InstantOptions = {}): T {
  const table = options.table ?? DELIVERY_FIELDS;
  return stamped(record as Record<string, unknown>, table, zone, options.fill ?? false) as T;
}

/** `withInstant` over a list; takes a zone or what a client read (`ZoneReading`). */
export function withInstants<T extends object>(
  records: readonly T[],
  zone: SiteZone | ZoneReading | null,
  options: InstantOptions = {},
): T[] {
  const site = zone && 'zone' in zone ? zone.zone : (zone as SiteZone | null);
  return records.map((record) => withInstant(record, site, options));
}

/** A record as the store sent it: the instants this module adds taken out again (top level and nested lists). */
export function withoutInstants(record: unknown, table: FieldTable = DELIVERY_FIELDS): unknown {
  if (Array.isArray(record)) return record.map((entry) => withoutInstants(entry, table));
  if (!isRecord(record)) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (isInstantField(key, table)) continue;
    const entries = entriesOf(table[key]);
    out[key] = entries && Array.isArray(value) ? withoutInstants(value, entries) : value;
  }
  return out;
}
