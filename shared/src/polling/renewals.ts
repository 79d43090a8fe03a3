import type { CommerceServiceClient } from '../storeApi';
import type { Order } from '../resources/types';

/**
 * Which orders are renewals (a subscription's later charge) rather than first payments. REST orders do
 * not name their subscription, but subscriptions list their orders as invoices, first payment first. A
 * renewal or a new subscription is a recent change, so recently changed subscriptions are read, only
 * when an order says it is a subscription charge (an item with a `sub_summary`).
 */

const RENEWAL_LOOKUP_PAGES = 3;

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
  const open = new Set(orders.filter(isSubscriptionCharge).map((order) => order.id));
  const renewals = new Set<number>();
  const perPage = 100;
  let requests = 0;
  for (let page = 1; open.size > 0 && page <= maxPages; page += 1) {
    const { items } = await client.listSubscriptions({
      orderby: 'date_modified',
      order: 'desc',
      page,
      per_page: perPage,
    });
    requests += 1;
    for (const subscription of items) {
      const invoices = (subscription.invoices ?? []).map((invoice) => invoice.id);
      const first = invoices.length > 0 ? Math.min(...invoices) : undefined;
      for (const id of invoices) {
        if (!open.has(id)) continue;
        open.delete(id);
        if (id !== first) renewals.add(id);
      }
    }
    if (items.length < perPage) break;
  }
  // Not among recent subscriptions: a first payment comes with a new subscription, so this is a charge
  // of an older one whose record the store did not touch.
  for (const id of open) renewals.add(id);
  return { renewals, requests };
}
