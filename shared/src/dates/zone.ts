/**
 * The site's time zone, as WordPress's REST index states it (docs/dates.md): an IANA name, or a manual
 * offset when `timezone_string` is empty. The runtime's `Intl` zone data (Node ships it in full) says
 * which names it knows; `instant.ts` reads their offsets from it.
 */
import { isRecord, toNumber } from '../resources/coerce';

export type SiteZone =
  /** A named zone with its daylight-saving rules, e.g. `America/New_York`. */
  | { kind: 'named'; name: string }
  /** A fixed offset chosen in the WordPress settings ("UTC+5:30"), in minutes east of UTC. */
  | { kind: 'offset'; minutes: number };

/** What a client knows about the site's zone: the zone, or why it could not be read. */
export type ZoneReading = { zone: SiteZone } | { zone: null; reason: string };

/** Whether the runtime knows this IANA zone name. */
export function isKnownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
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
