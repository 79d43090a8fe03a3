import type { CommerceServiceClient } from '../storeApi';
import { SUBSCRIPTION_LOOKUP_PAGES, placeInSubscriptions } from '../reads/subscriptionCharges';
import type { Order } from '../resources/types';

/**
 * Which orders are renewals (a subscription's later charge) rather than first payments, read from the
 * recently changed subscriptions (`placeInSubscriptions`), only for orders that say they are a
 * subscription charge (an item with a `sub_summary`).
 */

const RENEWAL_LOOKUP_PAGES = SUBSCRIPTION_LOOKUP_PAGES;

function isSubscriptionCharge(order: Order): boolean {
  return (
    Array.isArray(order.items) &&
    order.items.some((item) => typeof item.sub_summary === 'string' && item.sub_summary.trim() !== '')
  );
}

export async function findRenewals(
  client: CommerceServiceClient,
  orders: readonly Order[],
  maxPages = RENEWAL_LOOKUP_PAGES,
): Promise<{ renewals: Set<number>; requests: number }> {
  const charges = orders.filter(isSubscriptionCharge).map((order) => order.id);
  const { later, first, requests } = await placeInSubscriptions(client, charges, maxPages);
  const renewals = new Set(later);
  // Not among recent subscriptions: a first payment comes with a new subscription, so this is a charge
  // of an older one whose record the store did not touch.
  for (const id of charges) if (!first.has(id)) renewals.add(id);
  return { renewals, requests };
}
