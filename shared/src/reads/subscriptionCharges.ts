import type { DatedListParams } from '../operations/buildRequest';
import type { Page } from '../paginate';
import type { Subscription } from '../resources/records';

/**
 * Where orders stand in their subscriptions. REST orders and latest-orders records do not name their
 * subscription, but a subscription lists its orders as invoices, first payment first. A renewal (or a
 * new subscription) changes its subscription, so the most recently changed subscriptions are read, at
 * most `maxPages` pages of 100, stopping once every order is placed.
 */
const SUBSCRIPTION_LOOKUP_PAGES = 3;

const PER_PAGE = 100;

/** What the lookup needs of the client (`CommerceServiceClient` has it). */
interface SubscriptionSource {
  listSubscriptions(params: DatedListParams): Promise<Page<Subscription>>;
}

interface ChargePlaces {
  /** Orders a subscription lists after its first invoice: renewal charges. */
  later: Set<number>;
  /**
   * Orders still unplaced when the pages ran out before the list did: they may be charges of a
   * subscription changed longer ago. Orders unplaced after the whole list was read are in no subscription.
   */
  unplaced: Set<number>;
  /** Requests made (list pages read). */
  requests: number;
}

export async function placeInSubscriptions(
  client: SubscriptionSource,
  orderIds: Iterable<number>,
  maxPages = SUBSCRIPTION_LOOKUP_PAGES,
): Promise<ChargePlaces> {
  const open = new Set(orderIds);
  const places: ChargePlaces = { later: new Set(), unplaced: new Set(), requests: 0 };
  let readAll = false;
  for (let page = 1; open.size > 0 && page <= maxPages; page += 1) {
    const { items } = await client.listSubscriptions({
      orderby: 'date_modified',
      order: 'desc',
      page,
      per_page: PER_PAGE,
    });
    places.requests += 1;
    for (const subscription of items) {
      const invoices = (subscription.invoices ?? []).map((invoice) => invoice.id);
      const first = invoices.length > 0 ? Math.min(...invoices) : undefined;
      for (const id of invoices) {
        if (!open.has(id)) continue;
        open.delete(id);
        // The first invoice is the payment that started the subscription.
        if (id !== first) places.later.add(id);
      }
    }
    if (items.length < PER_PAGE) {
      readAll = true;
      break;
    }
  }
  if (!readAll) places.unplaced = open;
  return places;
}
