/**
 * The Sales Summary's periods, in the store's own days (docs/sales-summary.md#periods): the first and
 * last site-local day, and the instants they begin and end in the site's zone, where a day with a
 * daylight-saving change lasts 23 or 25 hours.
 */
import { InvalidRequestError } from '../errors';
import { instantOf, siteDayOf } from '../dates/instant';
import type { SiteZone } from '../dates/zone';
import type { CommerceServiceClient } from '../client';

/** The periods; each `value` is saved in workflows and Zaps. */
export const SUMMARY_PERIODS = [
  { value: 'today', label: 'Today', description: 'From midnight in the store, up to now' },
  { value: 'yesterday', label: 'Yesterday', description: 'The whole of yesterday in the store' },
  { value: 'last_7_days', label: 'Last 7 Days', description: 'The 7 whole days before today' },
  { value: 'this_month', label: 'This Month', description: 'From the 1st of this month, up to now' },
  { value: 'last_month', label: 'Last Month', description: 'The whole of last month' },
  { value: 'custom', label: 'Custom', description: 'From one day to another, both included' },
] as const;

type SummaryPeriod = (typeof SUMMARY_PERIODS)[number]['value'];
type Where = { store: string; operation: string };

/** What a summary asks for: a period, and for a Custom one its first and last day. */
interface PeriodInput {
  period: string;
  /** A day (`2026-11-01`), or a moment taken as the store's day at that moment (docs/dates.md#dates-you-type). */
  from?: unknown;
  to?: unknown;
  /** The moment "today" is taken at; now by default. */
  now?: Date;
}

const DAY_MS = 86_400_000;

/** A moment both as ISO 8601 (for the output) and as epoch milliseconds (for comparing). */
interface Moment {
  iso: string;
  ms: number;
}

/** Where a record's time falls against the period. */
type Place = 'before' | 'in' | 'after' | 'unknown';

/** A period as the summary walks it: its days in the store's zone, their instants, and the test of a time. */
export interface SummaryFrame {
  period: SummaryPeriod;
  /** The first and last day, both included (`2026-11-01`). */
  first: string;
  last: string;
  startsAt: Moment;
  endsAt: Moment;
  /** Where a UTC store time falls; without one, the record's site-local day says, if it has one. */
  placeOf(time: unknown, day?: string): Place;
  /** `date_after` for the orders list: the day before the first. */
  dayBefore: string;
  /** The site's zone as people read it (`America/New_York`, `UTC+05:30`). */
  timeZone: string;
}

/**
 * The period's days (both included) and instants: `startsAt` the first day's midnight in the site's zone,
 * `endsAt` the midnight after the last day. Today and This Month end there too (nothing later exists yet).
 */
export async function periodOf(
  client: CommerceServiceClient,
  input: PeriodInput,
  zone: SiteZone,
  where: Where,
): Promise<SummaryFrame> {
  const period = checkedPeriod(input.period, where);
  const { first, last } = await daysOf(client, period, input, zone, where);
  const startsAt = midnightOf(first, zone);
  const endsAt = midnightOf(addDays(last, 1), zone);
  const placeOf = (time: unknown, day?: string): Place => {
    const at = momentOf(time);
    if (at !== undefined) return at < startsAt.ms ? 'before' : at >= endsAt.ms ? 'after' : 'in';
    if (day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'unknown';
    return day < first ? 'before' : day > last ? 'after' : 'in';
  };
  return { period, first, last, startsAt, endsAt, placeOf, dayBefore: addDays(first, -1), timeZone: zoneName(zone) };
}

function checkedPeriod(period: string, where: Where): SummaryPeriod {
  const found = SUMMARY_PERIODS.find((entry) => entry.value === period);
  if (found) return found.value;
  throw new InvalidRequestError(
    where,
    `the period "${period}" is not one the summary knows`,
    `Choose one of: ${SUMMARY_PERIODS.map((entry) => entry.value).join(', ')}.`,
    ['period'],
  );
}

async function daysOf(
  client: CommerceServiceClient,
  period: SummaryPeriod,
  input: PeriodInput,
  zone: SiteZone,
  where: Where,
): Promise<{ first: string; last: string }> {
  // `siteDayOf` of a valid Date always gives a day; the input's own `now` is a Date.
  const today = siteDayOf(input.now ?? new Date(), zone).day ?? new Date().toISOString().slice(0, 10);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (period) {
    case 'today':
      return { first: today, last: today };
    case 'yesterday':
      return { first: addDays(today, -1), last: addDays(today, -1) };
    case 'last_7_days':
      return { first: addDays(today, -7), last: addDays(today, -1) };
    case 'this_month':
      return { first: firstOfMonth, last: today };
    case 'last_month': {
      const last = addDays(firstOfMonth, -1);
      return { first: `${last.slice(0, 8)}01`, last };
    }
    case 'custom': {
      const first = await customDay(client, input.from, 'From', where);
      const last = await customDay(client, input.to, 'To', where);
      if (first <= last) return { first, last };
      throw new InvalidRequestError(
        where,
        `the period starts (${first}) after it ends (${last})`,
        'Set From to a day on or before To.',
        ['from', 'to'],
      );
    }
  }
}

async function customDay(client: CommerceServiceClient, value: unknown, label: 'From' | 'To', where: Where) {
  const reading = await client.filterDayOf(value);
  if (reading.day !== null) return reading.day;
  throw new InvalidRequestError(
    where,
    `${label} "${String(value ?? '')}" is not a date (${reading.reason})`,
    'A Custom period needs From and To: days such as 2026-11-01, or a date and time from an earlier step.',
    [label.toLowerCase()],
  );
}

/** `YYYY-MM-DD` plus `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a site-local day begins, as an ISO instant with the site's offset and as epoch ms. */
function midnightOf(day: string, zone: SiteZone): Moment {
  const iso = instantOf(`${day} 00:00:00`, 'site', zone) ?? `${day}T00:00:00Z`;
  return { iso, ms: Date.parse(iso) };
}

/** `America/New_York`, or `UTC+05:30` for a manual offset. */
function zoneName(zone: SiteZone): string {
  if (zone.kind === 'named') return zone.name;
  const abs = Math.abs(zone.minutes);
  const hhmm = [Math.floor(abs / 60), abs % 60].map((part) => String(part).padStart(2, '0')).join(':');
  return `UTC${zone.minutes < 0 ? '-' : '+'}${hhmm}`;
}

/** When a UTC store time (`YYYY-MM-DD HH:MM:SS`, docs/dates.md) happened, in epoch ms; undefined for none. */
function momentOf(time: unknown): number | undefined {
  const match = typeof time === 'string' ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(time.trim()) : null;
  const ms = match ? Date.parse(`${match[1]}T${match[2]}Z`) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
}
