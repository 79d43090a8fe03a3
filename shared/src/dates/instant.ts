/**
 * Store times (`YYYY-MM-DD HH:MM:SS`, no zone) as ISO 8601 instants with an explicit offset
 * (docs/dates.md). A UTC time gets `Z`; a site-local time gets the site's offset at that instant.
 * The other way, a date a user gives as a filter (n8n's Created After, any Zapier date input) as the
 * site-local day the store compares with (`date_after` is a site calendar day: docs/dates.md#dates-you-type).
 */
import type { SiteZone } from './zone';

const STORE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const MINUTE = 60_000;

/** The wall time a store string shows, as if it were UTC (ms); undefined for empty, zero or unreadable strings. */
function wallTime(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = STORE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // WordPress writes "0000-00-00 00:00:00" for "never"; that is no time.
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  return new Date(ms).getUTCDate() === day ? ms : undefined;
}

/** Whether a value is a store time that an instant can be given (not empty, not "never"). */
export function isStoreTime(text: unknown): boolean {
  return wallTime(text) !== undefined;
}

/**
 * The instant of a store time on its clock (docs/dates.md): `2026-11-24T04:30:00Z` for a UTC one; for a
 * site-local one, `2026-11-23T23:30:00-05:00` in the offset the site had then, and none without a zone.
 */
export function instantOf(text: unknown, clock: 'utc' | 'site', zone: SiteZone | null): string | undefined {
  if (clock === 'utc') return utcInstant(text);
  return zone ? localInstant(text, zone) : undefined;
}

/** `2026-11-24T04:30:00Z` for a store time in UTC. */
function utcInstant(text: unknown): string | undefined {
  const wall = wallTime(text);
  return wall === undefined ? undefined : isoWall(wall, 'Z');
}

/**
 * The instant a site-local wall time stands for. Where a daylight-saving change makes it ambiguous,
 * the rule is the one PHP (and so WordPress's `get_gmt_from_date`) and JavaScript's Temporal
 * ("compatible") apply: in the autumn's repeated hour the earlier instant (still summer time); in the
 * spring gap, the wall time read with the offset before the change (02:30 becomes 03:30 summer time).
 */
function localInstantMs(wall: number, zone: SiteZone): number {
  if (zone.kind === 'offset') return wall - zone.minutes * MINUTE;
  const candidates = new Set([
    offsetAt(zone, wall - 86_400_000),
    offsetAt(zone, wall),
    offsetAt(zone, wall + 86_400_000),
  ]);
  const valid = [...candidates]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => instant + offsetAt(zone, instant) * MINUTE === wall)
    .sort((a, b) => a - b);
  // Several: the repeated hour, earlier wins. None: the gap, read with the offset in force just before it.
  return valid[0] ?? wall - offsetAt(zone, wall - 86_400_000) * MINUTE;
}

/** `2026-11-23T23:30:00-05:00` for a site-local store time, in the offset the site had at that instant. */
function localInstant(text: unknown, zone: SiteZone): string | undefined {
  const wall = wallTime(text);
  return wall === undefined ? undefined : instantIn(localInstantMs(wall, zone), zone);
}

/** An instant (ms) written in the zone's offset at that instant. */
function instantIn(epochMs: number, zone: SiteZone): string {
  const offset = offsetAt(zone, epochMs);
  return isoWall(epochMs + offset * MINUTE, offsetText(offset));
}

/** The site's calendar day (`YYYY-MM-DD`) at an instant. */
function siteDay(epochMs: number, zone: SiteZone): string {
  return isoWall(epochMs + offsetAt(zone, epochMs) * MINUTE).slice(0, 10);
}

/**
 * `YYYY-MM-DDTHH:MM:SS` plus `suffix`, as one flat string: `join` writes it in one piece, where `+` or a
 * template would keep a tree of the parts alive for every instant a record holds (Return All keeps them all).
 */
function isoWall(ms: number, suffix = ''): string {
  const date = new Date(Math.floor(ms / 1000) * 1000);
  return [
    pad(date.getUTCFullYear(), 4),
    '-',
    pad(date.getUTCMonth() + 1),
    '-',
    pad(date.getUTCDate()),
    'T',
    pad(date.getUTCHours()),
    ':',
    pad(date.getUTCMinutes()),
    ':',
    pad(date.getUTCSeconds()),
    suffix,
  ].join('');
}

/** `+05:30`, `-04:00`, `+00:00`. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

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

/**
 * Offsets of IANA zones come from `Intl.DateTimeFormat`, which Node ships with its full zone data: no
 * runtime dependency. Both memos below hold zone names and offsets, the same for every store. Their
 * worth, `npm run bench -- dates` (100,000 customers' site-local dates, two runs): 0.8 to 2.5 s with
 * both, 8.6 to 14.2 s with the formatters alone, 88 to 159 s with neither.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(name: string): Intl.DateTimeFormat {
  let formatter = formatters.get(name);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(name, formatter);
  }
  return formatter;
}

/** Offsets by zone and quarter hour: zones change offset on quarter hours, and `Intl` is the slow part. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

/** The zone's offset from UTC at an instant, in minutes east (New York in winter: -300). */
function offsetAt(zone: SiteZone, epochMs: number): number {
  if (zone.kind === 'offset') return zone.minutes;
  const key = `${zone.name}@${Math.floor(epochMs / QUARTER_HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size > 50_000) offsets.clear();
  const offset = intlOffset(zone.name, Math.floor(epochMs / QUARTER_HOUR) * QUARTER_HOUR);
  offsets.set(key, offset);
  return offset;
}

function intlOffset(name: string, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(name).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}
