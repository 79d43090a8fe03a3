/**
 * The site's time zone, as WordPress's REST index states it (docs/dates.md): an IANA name, or a manual
 * offset when `timezone_string` is empty. Offsets of IANA zones come from `Intl.DateTimeFormat`, which
 * Node ships with its full zone data: no runtime dependency.
 */
import { isRecord, toNumber } from '../resources/coerce';

export type SiteZone =
  /** A named zone with its daylight-saving rules, e.g. `America/New_York`. */
  | { kind: 'named'; name: string }
  /** A fixed offset chosen in the WordPress settings ("UTC+5:30"), in minutes east of UTC. */
  | { kind: 'offset'; minutes: number };

/** What a client knows about the site's zone: the zone, or why it could not be read. */
export type ZoneReading = { zone: SiteZone } | { zone: null; reason: string };

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

/** Whether the runtime knows this IANA zone name. */
function isKnownZone(name: string): boolean {
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** Offsets by zone and quarter hour: zones change offset on quarter hours, and `Intl` is the slow part. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

/** The zone's offset from UTC at an instant, in minutes east (New York in winter: -300). */
export function offsetAt(zone: SiteZone, epochMs: number): number {
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

/**
 * Reads the REST index's `timezone_string` and `gmt_offset` (hours, maybe fractional, maybe a string).
 * A name the runtime does not know falls back to the offset, which is then fixed (no DST rules).
 */
export function zoneFromIndex(index: unknown): ZoneReading {
  if (!isRecord(index)) return { zone: null, reason: 'the REST index is not a JSON object' };
  const name = typeof index.timezone_string === 'string' ? index.timezone_string.trim() : '';
  if (name && isKnownZone(name)) return { zone: { kind: 'named', name } };
  const hours = toNumber(index.gmt_offset);
  if (hours !== undefined && Math.abs(hours) <= 14)
    return { zone: { kind: 'offset', minutes: Math.round(hours * 60) } };
  if (name) return { zone: null, reason: `the REST index names an unknown time zone "${name}" and no gmt_offset` };
  return { zone: null, reason: 'the REST index has neither timezone_string nor gmt_offset' };
}
