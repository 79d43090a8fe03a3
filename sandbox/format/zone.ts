/**
 * The site's time zone, as a WordPress site holds it (Settings → General): a city (an IANA name, with
 * daylight saving) or a manual offset ("UTC+5:30", stored as `timezone_string` "" and `gmt_offset` 5.5).
 * The sandbox writes its times from it as the plugin does (docs/service/real-stores.md, "Times"):
 * order and subscription `date_time` and billing times in UTC, `date` and invoice times site-local,
 * customer and product dates site-local, a lead's both UTC. Node's `Intl` has the zone rules.
 */

export type SiteTimezone = { name: string; minutes?: undefined } | { name?: undefined; minutes: number };

/** `America/New_York`, `UTC`, `UTC+5:30`, `+05:45`, `UTC-3.5` … into a zone; an error names what is accepted. */
export function parseTimezone(text: string): SiteTimezone {
  const value = text.trim();
  const offset = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2})|\.(\d+))?$/i.exec(value);
  if (offset) {
    const hours = Number(offset[2]);
    const minutes = offset[3] !== undefined ? Number(offset[3]) : Math.round(Number(`0.${offset[4] ?? '0'}`) * 60);
    const total = (offset[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
    if (Math.abs(total) <= 14 * 60 && minutes < 60) return { minutes: total };
  } else if (value) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return { name: value };
    } catch {
      // Falls through to the error below.
    }
  }
  throw new Error(
    `timezone must be an IANA zone such as America/New_York or a manual offset such as UTC+5:30, got "${text}"`,
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC at an epoch second. */
function offsetMinutes(zone: SiteTimezone, seconds: number): number {
  if (zone.name === undefined) return zone.minutes;
  let formatter = formatters.get(zone.name);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone.name,
      timeZoneName: 'longOffset',
    });
    formatters.set(zone.name, formatter);
  }
  const name = formatter.formatToParts(new Date(seconds * 1000)).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The site's wall time at an epoch second, as epoch seconds of the same wall time in UTC. */
export function localSeconds(zone: SiteTimezone, seconds: number): number {
  return seconds + offsetMinutes(zone, seconds) * 60;
}

/** The epoch second at which the site's calendar day `dayStart` (a UTC-midnight epoch second) begins. */
export function startOfLocalDay(zone: SiteTimezone, dayStart: number): number {
  // The offset at that wall time, checked once more where a change moves it (no zone changes at midnight twice).
  let guess = dayStart - offsetMinutes(zone, dayStart) * 60;
  guess = dayStart - offsetMinutes(zone, guess) * 60;
  return guess;
}

/** What WordPress's REST index says: `timezone_string` ("" for a manual offset) and `gmt_offset` in hours now. */
export function indexFields(zone: SiteTimezone, nowSeconds: number): { timezone_string: string; gmt_offset: number } {
  return { timezone_string: zone.name ?? '', gmt_offset: offsetMinutes(zone, nowSeconds) / 60 };
}

export function timezoneLabel(zone: SiteTimezone): string {
  if (zone.name !== undefined) return zone.name;
  const abs = Math.abs(zone.minutes);
  return `UTC${zone.minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}
