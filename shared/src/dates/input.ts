/**
 * A date a user gives as a filter (n8n's Created After, any Zapier date input) as the site-local day
 * the store compares with (`date_after` is a site calendar day: docs/dates.md#dates-you-type).
 */
import { siteDay } from './instant';
import type { SiteZone } from './zone';

export type DayReading =
  | { day: string; how: 'as-written' | 'site-zone' | 'own-offset' }
  | { day: null; reason: string };

const DAY_ONLY = /^(\d{4}-\d{2}-\d{2})$/;
/** A wall time without an offset, as n8n's date picker gives it ("2026-01-31T00:00:00"). */
const NO_OFFSET = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A date input as text: it may hold text, a JS Date, or a Luxon DateTime (n8n's `$now`, `$today`). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object' && value !== null) {
    // Luxon's DateTime: its ISO form keeps the offset the user's workflow runs in.
    const toISO = (value as { toISO?: unknown }).toISO;
    if (typeof toISO === 'function') {
      const iso: unknown = toISO.call(value);
      return typeof iso === 'string' ? iso : '';
    }
    return String(value).trim();
  }
  return typeof value === 'number' ? new Date(value).toISOString() : '';
}

/**
 * The site-local day meant: a day or a wall time without an offset is taken as written (the user picked
 * a calendar day); a moment with an offset (`$now`, a date from another app) is the site's day at that
 * moment, or, when the site's zone is unknown, the day as written in its own offset.
 */
export function siteDayOf(value: unknown, zone: SiteZone | null): DayReading {
  const text = textOf(value);
  if (!text) return { day: null, reason: 'it is empty or not a date' };
  const day = DAY_ONLY.exec(text) ?? NO_OFFSET.exec(text);
  if (day?.[1]) return valid(day[1]) ? { day: day[1], how: 'as-written' } : { day: null, reason: 'no such day' };
  const moment = WITH_OFFSET.exec(text);
  const ms = Date.parse(text);
  if (!moment?.[1] || Number.isNaN(ms)) return { day: null, reason: 'it is not a date or a date and time' };
  return zone ? { day: siteDay(ms, zone), how: 'site-zone' } : { day: moment[1], how: 'own-offset' };
}

function valid(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
}
