/**
 * What each path costs the store in requests, as the docs state it. Nothing here decides a cost: the
 * client does, so the table lives with the test kits, not in `shared/src`.
 * `test/integration/shared/requestCosts.sandbox.test.ts` counts the requests on the wire, through the
 * shared client, the n8n nodes and the Zapier app, and holds this table to them; docs/retries.md
 * states it for users.
 *
 * `cold`: the first call in a fresh process. `warm`: every call after it, for the same store, within
 * the hour a process keeps the site's zone and the unit of REST amounts (`shared/src/siteMemory.ts`).
 * A polling trigger keeps both in its state: after its first poll with news, its polls cost the same cold or warm.
 */

/**
 * The WordPress REST index (`/wp-json/`), read for the site's zone (docs/dates.md) only when a record
 * holds a site-local time: a customer's or a product's dates, a subscription's invoices. An order's
 * times are UTC, so the order paths below read no zone.
 */
export const ZONE_READ = 1;

/**
 * The unit of the store's REST amounts (docs/amounts.md#how-the-unit-is-known), read when a result
 * holds an amount and the unit is not known: latest-orders, then the order itself when no order in
 * hand is among the 10 most recent. Deliveries never read it.
 */
export const UNIT_READS = { recentOrderInHand: 1, otherwise: 2 } as const;

interface Cost {
  cold: number;
  warm: number;
}

export const STORE_REQUESTS = {
  /** The first page of the watched list, sorted by modification: nothing new (zone and unit in the state). */
  quietPoll: { cold: 1, warm: 1 },
  /**
   * The same page with a new paid order on it (more pages only when more than a page changed), and the
   * most recently changed subscriptions, which tell a renewal from a purchase (docs/polling.md). Their
   * invoices hold site-local times: the first such poll reads the zone, which the state then keeps.
   */
  pollWithNews: { cold: 2 + ZONE_READ, warm: 2 },
  /** A purchase read back by id; a subscription's delivery with invoices also reads the zone when cold. */
  deliveryVerified: { cold: 1, warm: 1 },
  /** Verification off and no secret on the wire: nothing (a subscription's invoices: the zone, cold). */
  deliveryUnverified: { cold: 0, warm: 0 },
  /** Verification off, the delivered secret compared with the key: nothing, as above. */
  deliveryProvedBySecret: { cold: 0, warm: 0 },
  /** Get by id of one of the 10 most recent orders: the order, and latest-orders for the unit when cold. */
  get: { cold: 1 + UNIT_READS.recentOrderInHand, warm: 1 },
  /** Get by id of an older order: the unit also reads a recent order when cold. */
  getOlder: { cold: 1 + UNIT_READS.otherwise, warm: 1 },
  /** Get Many of `pages` pages of orders (Return All, or a Limit over one page), the newest among them. */
  getManyOfPages: (pages: number): Cost => ({ cold: pages + UNIT_READS.recentOrderInHand, warm: pages }),
} as const satisfies Record<string, Cost | ((pages: number) => Cost)>;
