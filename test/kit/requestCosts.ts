/**
 * What each path costs the store in requests, as the docs state it (issue 25). Nothing here decides a
 * cost: the client does, so the table lives with the test kits, not in `shared/src`. `test/integration/shared/requestCosts.sandbox.test.ts` counts the requests
 * on the wire and holds this table to them; `npm run docs:check` holds the docs to this table.
 *
 * The zone's "+ 1" everywhere is the WordPress REST index (`/wp-json/`), read once per client for the site's
 * zone (docs/dates.md): after the first answer that holds records, or for the instants of a delivery.
 * Every poll, delivery and node run (n8n) or perform (Zapier) makes a fresh client.
 */
const ZONE_READS_PER_CLIENT = 1;

/**
 * The unit of the store's REST amounts (docs/amounts.md#how-the-unit-is-known), read once per client
 * whose result holds an amount, unless the client is given it: latest-orders, then the order itself
 * when no order in hand is among the 10 most recent. A polling trigger keeps the unit in its state, so
 * only the first poll that tells it pays; deliveries never read it.
 */
export const UNIT_READS = { recentOrderInHand: 1, otherwise: 2 } as const;

export const STORE_REQUESTS = {
  /** The first page of the watched list, sorted by modification: nothing new (the unit in the state). */
  quietPoll: 1 + ZONE_READS_PER_CLIENT,
  /** The same page with a new purchase on it (more pages only when more than a page changed). */
  pollWithNews: 1 + ZONE_READS_PER_CLIENT,
  /** One event read back by id, then the zone. */
  deliveryVerified: 1 + ZONE_READS_PER_CLIENT,
  /** Verification off and no secret on the wire: the zone alone, for the instants. */
  deliveryUnverified: ZONE_READS_PER_CLIENT,
  /** Verification off, the delivered secret compared with the key: the zone alone. */
  deliveryProvedBySecret: ZONE_READS_PER_CLIENT,
  /** Get by id of one of the 10 most recent orders: the order, the zone, latest-orders for the unit. */
  get: 1 + ZONE_READS_PER_CLIENT + UNIT_READS.recentOrderInHand,
  /** Get by id of an older order (or of a record that is no order): the unit also reads a recent order. */
  getOlder: 1 + ZONE_READS_PER_CLIENT + UNIT_READS.otherwise,
  /** Get Many of `pages` pages of orders (Return All, or a Limit over one page), the newest among them. */
  getManyOfPages: (pages: number): number => pages + ZONE_READS_PER_CLIENT + UNIT_READS.recentOrderInHand,
} as const;
