import type { Links } from '../addressing';
import type { Store } from '../store/store';
import type { Customer, Order, Plan, Product, Subscription } from '../store/types';
import { money, type MoneyUnit } from './money';
import { formatLocalDate, formatLocalTimestamp } from './time';

/** What formatting needs: the records, the address the caller used, and the money unit wanted. */
export interface RenderContext {
  store: Store;
  links: Links;
  unit: MoneyUnit;
}

export function amount(ctx: RenderContext, minor: number): number {
  return money(minor, ctx.store.currency, ctx.unit);
}

/** The records an order or subscription points at; the seed never leaves these dangling. */
export function related(
  ctx: RenderContext,
  record: Order | Subscription,
): { customer: Customer; product: Product; plan: Plan } {
  const customer = ctx.store.customer(record.customerId);
  const product = ctx.store.product(record.productId);
  const plan = ctx.store.plan(record.productId, record.planId);
  if (!customer || !product || !plan)
    throw new Error(`record ${record.id} points at a missing customer, product or plan`);
  return { customer, product, plan };
}

export function customerNames(customer: {
  firstName: string;
  lastName: string;
  email: string;
}): Record<string, string> {
  return {
    customer_firstname: customer.firstName,
    customer_lastname: customer.lastName,
    customer_name: `${customer.firstName} ${customer.lastName}`.trim(),
    customer_email: customer.email,
  };
}

export function taxType(rate: number): string {
  return rate > 0 ? 'exclusive' : '';
}

/** A subscription's invoices: the orders it made, each with a link to its order resource. */
export function invoicesOf(subscription: Subscription, ctx: RenderContext): Record<string, unknown>[] {
  return subscription.orderIds.flatMap((id) => {
    const order = ctx.store.order(id);
    if (!order) return [];
    return [
      {
        id: order.id,
        status: order.status,
        order_amount: amount(ctx, order.totalCents),
        // `get_the_date`: site-local, unlike the order's own date_time.
        date: formatLocalDate(order.createdAt, ctx.store.zone),
        date_time: formatLocalTimestamp(order.createdAt, ctx.store.zone),
        link: ctx.links.rest(`/orders/${order.id}`),
      },
    ];
  });
}
