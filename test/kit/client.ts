/**
 * The shared client as the tests and the bench make it: straight from its options, with no platform in
 * between (the adapters make theirs with `platformClient`, shared/src/platform/makeClient.ts).
 */
import { CommerceServiceClient } from '../../shared/src';
import { offsetText } from '../../shared/src/dates/instant';
import type { SiteZone } from '../../shared/src/dates/zone';

type ClientOptions = ConstructorParameters<typeof CommerceServiceClient>[0];

export function createClient(options: ClientOptions): CommerceServiceClient {
  return new CommerceServiceClient(options);
}

/** `America/New_York`, `UTC+05:30`: how a zone is named in notices and docs. */
function zoneLabel(zone: SiteZone): string {
  return zone.kind === 'named' ? zone.name : `UTC${offsetText(zone.minutes)}`;
}

/** The site's zone as people read it (`America/New_York`), or null when the index could not be read. */
export async function siteZoneLabel(client: CommerceServiceClient): Promise<string | null> {
  const { zone } = await client.siteZone();
  return zone ? zoneLabel(zone) : null;
}
