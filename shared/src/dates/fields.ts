/**
 * The one function that gives each store time an instant, reading the clock of each field from its
 * resource's field table (docs/dates.md). The store's strings are never changed: each timestamp gets a
 * sibling key, `<field>_iso`. Nested lists (invoices) are read with their own table.
 */
import { isRecord } from '../resources/coerce';
import { type FieldTable, INSTANT_SUFFIX, entriesOf, instantKey, isMoment } from '../resources/table';
import { DELIVERY_FIELDS } from '../resources/tables';
import { instantOf, isStoreTime } from './instant';
import { type OpenStep, type RecordStep, rebuilt } from '../resources/build';
import type { SiteZone, ZoneReading } from './zone';

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
  /** A further step (the amounts) in the same build: one record each, not one per step (`resources/build.ts`). */
  then?: RecordStep;
}

/** The instants as a step (`resources/build.ts`): each moment followed by its instant, with `fill` as above. */
function instantsStep(zone: SiteZone | null, fill: boolean): RecordStep {
  const open: OpenStep = {
    field(key, value, _owner, spec, put) {
      put(key, value);
      if (!isMoment(spec)) return;
      const instant = instantOf(value, spec.clock, zone);
      if (instant || fill) put(instantKey(key), instant ?? '');
    },
  };
  // An instant from an earlier pass (another zone, a field the store emptied since) is made afresh.
  return { adds: isInstantField, open: () => open };
}

/**
 * A record with an instant next to each of its timestamps (nested invoices included), each placed right
 * after the store's own field. Without a zone, UTC times still get theirs and site-local times none.
 */
export function withInstant<T extends object>(record: T, zone: SiteZone | null, options: InstantOptions = {}): T {
  return rebuilt(record, options.table ?? DELIVERY_FIELDS, [instantsStep(zone, options.fill ?? false)]) as T;
}

/** `withInstant` over a list; takes a zone or what a client read (`ZoneReading`). */
export function withInstants<T extends object>(
  records: readonly T[],
  zone: SiteZone | ZoneReading | null,
  options: InstantOptions = {},
): T[] {
  const site = zone && 'zone' in zone ? zone.zone : (zone as SiteZone | null);
  const steps = [instantsStep(site, options.fill ?? false), ...(options.then ? [options.then] : [])];
  return records.map((record) => rebuilt(record, options.table ?? DELIVERY_FIELDS, steps) as T);
}

/**
 * Whether any of these records (nested lists included) holds a site-local time that needs the site's
 * zone for its instant: only then is the zone read. UTC times and empty ones need none.
 */
export function holdsSiteTime(records: readonly unknown[], table: FieldTable = DELIVERY_FIELDS): boolean {
  for (const record of records) {
    if (!isRecord(record)) continue;
    for (const key in record) {
      const spec = table[key];
      const entries = entriesOf(spec);
      const value = record[key];
      if (spec?.clock === 'site' && isStoreTime(value)) return true;
      if (entries && Array.isArray(value) && holdsSiteTime(value, entries)) return true;
    }
  }
  return false;
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
