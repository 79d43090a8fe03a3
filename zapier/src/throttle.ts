import type { App } from 'zapier-platform-core';

/**
 * How often Zapier may run this app's steps through one connection to a store (docs/retries.md, "A
 * small WordPress host").
 *
 * Every step reaches the store's WordPress, where each REST request occupies one PHP worker for
 * roughly half a second to a second, and a small host has two to four workers that must also serve
 * its shoppers' checkout. Most steps cost one request (a Find, a delivery's verification read); a
 * process reads the site's zone and the unit of amounts at most once an hour per store, and an order
 * never needs the zone (docs/retries.md, "What each step costs your store"). 5 steps per 10 s average
 * at most half a worker; a burst of 5 queues for a few seconds on 2 workers, well inside the 12 s
 * request timeout, so a launch-day flood of orders is delayed instead of turning into 503s, retries
 * and "unverified" deliveries.
 *
 * - `scope: ['auth']`: one count per connection, shared by every trigger, search and Zap that uses it
 *   (no `action` in the scope: they all reach the same host). Two connections to one store count apart.
 * - A short window rather than 30 per minute: a worker pool is hurt by bursts, not by the average.
 * - `retry` is left at Zapier's default (`true`): a step over the limit is held and run again later,
 *   never dropped.
 */
export const STORE_THROTTLE = {
  window: 10,
  limit: 5,
  scope: ['auth'],
} as const satisfies NonNullable<App['throttle']>;
