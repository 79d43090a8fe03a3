/**
 * Which store timestamps are in which zone (docs/dates.md, from the plugin's own code), and the one
 * function that gives each of them an instant. The store's strings are never changed: each timestamp
 * gets a sibling key, `<field>_iso`.
 */
import { isRecord } from '../resources/coerce';
import { localInstant, utcInstant } from './instant';
import type { SiteZone, ZoneReading } from './zone';

export type Clock = 'utc' | 'site';

/** The suffix of every instant field: `date_time` → `date_time_iso`. */
const INSTANT_SUFFIX = '_iso';

export function instantKey(field: string): string {
  return `${field}${INSTANT_SUFFIX}`;
}

/**
 * Timestamps of records at the top level (orders, subscriptions, leads, latest orders, customers,
 * products). Field names do not collide across resources, so one table serves every record.
 */
export const RECORD_TIMES: Readonly<Record<string, Clock>> = {
  // Orders and subscriptions: `get_gmt_from_date` (date_time) and stored Unix timestamps (the rest).
  date_time: 'utc',
  next_bill_date_time: 'utc',
  end_date_time: 'utc',
  cancel_date_time: 'utc',
  // Customers and products: WordPress post dates.
  date_created: 'site',
  date_updated: 'site',
  last_order_date: 'site',
};

/** Timestamps inside a subscription's `invoices[]`: `get_the_date`, site-local. */
const INVOICE_TIMES: Readonly<Record<string, Clock>> = { date_time: 'site' };

/** Nested lists whose entries carry timestamps of their own. */
const NESTED_TIMES: Readonly<Record<string, Readonly<Record<string, Clock>>>> = { invoices: INVOICE_TIMES };

/** Whether a field is one this module adds (an adapter or a fingerprint may leave them out). */
export function isInstantField(key: string): boolean {
  return key.endsWith(INSTANT_SUFFIX) && key.slice(0, -INSTANT_SUFFIX.length) in RECORD_TIMES;
}

/**
 * `fill`: a REST record, every field present (docs/service/shapes.md): a timestamp without an instant
 * (empty, or site-local with no zone) gets `''`. Otherwise (a delivery) the instant is left out.
 */
export interface InstantOptions {
  fill?: boolean;
}

function stamped(
  record: Record<string, unknown>,
  times: Readonly<Record<string, Clock>>,
  zone: SiteZone | null,
  fill: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    // An instant from an earlier pass (another zone, a field the store emptied since) is made afresh.
    if (key.endsWith(INSTANT_SUFFIX) && key.slice(0, -INSTANT_SUFFIX.length) in times) continue;
    out[key] = value;
    const clock = times[key];
    const nested = NESTED_TIMES[key];
    if (clock) {
      const instant = clock === 'utc' ? utcInstant(value) : zone ? localInstant(value, zone) : undefined;
      if (instant) out[instantKey(key)] = instant;
      else if (fill) out[instantKey(key)] = '';
    } else if (nested && Array.isArray(value) && times === RECORD_TIMES) {
      out[key] = value.map((entry) => (isRecord(entry) ? stamped(entry, nested, zone, fill) : entry));
    }
  }
  return out;
}

/**
 * A record with an instant next to each of its timestamps (nested invoices included), each placed right
 * after the store's own field. Without a zone, UTC times still get theirs and site-local times none.
 */
export function withInstant<T extends object>(record: T, zone: SiteZone | null, options: InstantOptions = {}): T {
  return stamped(record as Record<string, unknown>, RECORD_TIMES, zone, options.fill ?? false) as T;
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
export function withoutInstants(record: unknown): unknown {
  if (Array.isArray(record)) return record.map(withoutInstants);
  if (!isRecord(record)) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (isInstantField(key)) continue;
    out[key] = Array.isArray(value) ? value.map(withoutInstants) : value;
  }
  return out;
}
