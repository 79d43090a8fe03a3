import type { Lead, Order, Subscription } from './store/types';

/** What hook filters and latest-orders filters look at in an order, subscription or lead. */
export interface Subject {
  productId: number;
  planId: string | null;
  orderType: Order['orderType'];
  bumpProductIds: number[];
}

export const OFFER_PLAN_IDS = ['bump', 'upsell', 'downsell'] as const;

export function orderSubject(order: Order): Subject {
  return {
    productId: order.productId,
    planId: order.planId,
    orderType: order.orderType,
    bumpProductIds: order.items.filter((item) => item.type === 'bump').map((item) => item.productId),
  };
}

export function subscriptionSubject(subscription: Subscription): Subject {
  return { productId: subscription.productId, planId: subscription.planId, orderType: 'main', bumpProductIds: [] };
}

export function leadSubject(lead: Lead): Subject {
  return { productId: lead.productId, planId: lead.planId, orderType: 'main', bumpProductIds: [] };
}

export interface Filter {
  productId: number | null;
  /** Plan ids, or bump / upsell / downsell; empty = any plan. */
  planIds: string[];
  /** Whether a product filter also matches that product bought as a bump. */
  productIncludesBumps: boolean;
}

/**
 * A plan filter of `bump` selects the product bought as a bump; `upsell` and `downsell` select the
 * one-click orders of that kind; any other value is a plan id of the main item.
 */
export function matches(subject: Subject, filter: Filter): boolean {
  const { productId, planIds } = filter;
  const isProduct = (id: number): boolean => productId === null || id === productId;
  if (planIds.length > 0) {
    return planIds.some((planId) => {
      if (planId === 'bump') return subject.bumpProductIds.some(isProduct);
      if (planId === 'upsell' || planId === 'downsell')
        return subject.orderType === planId && isProduct(subject.productId);
      return subject.planId === planId && isProduct(subject.productId);
    });
  }
  if (isProduct(subject.productId)) return true;
  return filter.productIncludesBumps && subject.bumpProductIds.some(isProduct);
}
