import type { CommerceServiceClient } from '../client';
import { InvalidRequestError } from '../errors';
import { placeInSubscriptions } from '../reads/subscriptionCharges';
import type { LatestOrder } from '../resources/types';
import { type EventKind } from './catalogue';
import { amountsInCents } from './cents';
import { latestOrderAsEvent } from './parse';
import type { EventRecord } from './record';

interface RecentOptions {
  productId?: number | string | null;
  planIds?: readonly string[];
  /** At most this many records (latest-orders itself returns at most 10 on real stores). */
  limit?: number;
  /** Amounts in cents, as the hook delivers them when it asked for `prices_in_cents`. */
  pricesInCents?: boolean;
}

/**
 * Recent examples of an event through latest-orders (`POST webhook/latest-orders/`), shaped as live deliveries so a Zap
 * or workflow mapped on them works on real events. Empty for events latest-orders cannot show.
 */
export async function recentEvents(
  client: CommerceServiceClient,
  kind: EventKind,
  options: RecentOptions = {},
): Promise<EventRecord[]> {
  const query = kind.recent;
  if (!query) return [];
  const input = { product_id: options.productId ?? null, plan_id: options.planIds ?? null };
  const records = await client
    .latestOrders({ ...input, status: query.status ?? null })
    .catch((error: unknown): Promise<LatestOrder[]> => {
      // A store that only knows the documented statuses refuses others (docs/service/real-stores.md#latest-orders): ask for all and select here.
      if (error instanceof InvalidRequestError && query.status) return client.latestOrders(input);
      throw error;
    });
  let events = records
    .filter((record) => query.keep.includes(record.order_status))
    .map((record) => latestOrderAsEvent(record, kind.key));
  if (query.only === 'renewals') events = await renewalsOnly(client, events);
  return events
    .slice(0, options.limit ?? events.length)
    .map((record) => (options.pricesInCents ? amountsInCents(record) : record));
}

/**
 * The orders a recently changed subscription lists as a later charge. An order no such subscription
 * lists is left out: a first purchase looks the same in latest-orders, and a sample must not pass one
 * off as a renewal.
 */
async function renewalsOnly(client: CommerceServiceClient, events: EventRecord[]): Promise<EventRecord[]> {
  if (events.length === 0) return events;
  const { later } = await placeInSubscriptions(
    client,
    events.map((event) => Number(event.id)),
  );
  return events.filter((event) => later.has(Number(event.id)));
}
