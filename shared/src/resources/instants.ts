/**
 * The instants a build adds next to each store time (`<field>_iso`, docs/dates.md), read from the
 * clock of each field in its resource's table: which fields they are, whether a record needs the
 * site's zone for them, and a record without them.
 */
import { isStoreTime } from '../dates/instant';
import { isRecord } from './coerce';
import { type FieldTable, INSTANT_SUFFIX, entriesOf, isMoment } from './table';
import { DELIVERY_FIELDS } from './tables';

/** Whether a field is an instant a build adds to a record of `table` (an adapter or a fingerprint may leave them out). */
function isInstantField(key: string, table: FieldTable = DELIVERY_FIELDS): boolean {
  return key.endsWith(INSTANT_SUFFIX) && isMoment(table[key.slice(0, -INSTANT_SUFFIX.length)]);
}

/**
 * Whether any of these records (nested lists included) holds a site-local time that needs the site's
 * zone for its instant: only then is the zone read. UTC times and empty ones need none.
 */
export function holdsSiteTime(records: readonly unknown[], table: FieldTable = DELIVERY_FIELDS): boolean {
  if (!hasSiteClock(table)) return false;
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

const siteClocked = new WeakMap<FieldTable, boolean>();

/** Whether a table (nested lists included) has a site-local time at all: read once per table (orders have none). */
function hasSiteClock(table: FieldTable): boolean {
  let found = siteClocked.get(table);
  if (found === undefined) {
    found = Object.values(table).some((spec) => {
      const entries = entriesOf(spec);
      return spec.clock === 'site' || (entries !== undefined && hasSiteClock(entries));
    });
    siteClocked.set(table, found);
  }
  return found;
}

/** A record as the store sent it: the instants a build adds taken out again (top level and nested lists). */
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
