/**
 * What each path costs the store in requests, as the docs state it (issue 25). Nothing here decides a
 * cost: the client does. `test/integration/shared/requestCosts.sandbox.test.ts` counts the requests
 * on the wire and holds this table to them; `npm run docs:check` holds the docs to this table.
 *
 * The "+ 1" everywhere is the WordPress REST index (`/wp-json/`), read once per client for the site's
 * zone (docs/dates.md): after the first answer that holds records, or for the instants of a delivery.
 * Every poll, delivery and node run (n8n) or perform (Zapier) makes a fresh client.
 */
const ZONE_READS_PER_CLIENT = 1;

export const STORE_REQUESTS = {
  /** The first page of the watched list, sorted by modification: nothing new. */
  quietPoll: 1 + ZONE_READS_PER_CLIENT,
  /** The same page with a new purchase on it (more pages only when more than a page changed). */
  pollWithNews: 1 + ZONE_READS_PER_CLIENT,
  /** One event read back by id, then the zone. */
  deliveryVerified: 1 + ZONE_READS_PER_CLIENT,
  /** Verification off and no secret on the wire: the zone alone, for the instants. */
  deliveryUnverified: ZONE_READS_PER_CLIENT,
  /** Verification off, the delivered secret compared with the key: the zone alone. */
  deliveryProvedBySecret: ZONE_READS_PER_CLIENT,
  /** Get by id. */
  get: 1 + ZONE_READS_PER_CLIENT,
  /** Get Many of `pages` pages (Return All, or a Limit over one page). */
  getManyOfPages: (pages: number): number => pages + ZONE_READS_PER_CLIENT,
} as const;
