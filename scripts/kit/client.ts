/**
 * The shared client as the tests and the bench make it: straight from its options, with no platform in
 * between (the adapters make theirs with `platformClient`, shared/src/platformClient.ts).
 */
import { type ClientOptions, CommerceServiceClient } from '@commerce-service/shared';
import type { SiteZone } from '../../shared/src/dates/zone';

export function createClient(options: ClientOptions): CommerceServiceClient {
  return new CommerceServiceClient(options);
}

/** `America/New_York`, `UTC+05:30`, `UTC-04:00`: how a zone is named in notices and docs. */
function zoneLabel(zone: SiteZone): string {
  if (zone.kind === 'named') return zone.name;
  const minutes = Math.abs(zone.minutes);
  const hhmm = [Math.floor(minutes / 60), minutes % 60].map((part) => String(part).padStart(2, '0')).join(':');
  return `UTC${zone.minutes < 0 ? '-' : '+'}${hhmm}`;
}

/** The site's zone as people read it (`America/New_York`), or null when the index could not be read. */
export async function siteZoneLabel(client: CommerceServiceClient): Promise<string | null> {
  const { zone } = await client.siteZone();
  return zone ? zoneLabel(zone) : null;
}
