/**
 * The site's time zone (docs/dates.md): an IANA name, or a manual offset when WordPress has no name.
 * The runtime's `Intl` zone data (Node ships it in full) says which names it knows; `instant.ts` reads
 * their offsets from it.
 */

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
