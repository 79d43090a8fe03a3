import type { Order, Subscription } from '../store/types';
import { customerNames, related, type RenderContext } from './context';
import { twoDecimals } from './money';
import { orderPayload, subscriptionPayload } from './payloads';

/**
 * The documented latest-order record: ten fields, `order_amount` a two-decimal string
 * (docs/service/shapes.md#latest-order-record).
 */
export function latestOrderRecord(record: Order | Subscription, ctx: RenderContext): Record<string, unknown> {
  const { customer, product } = related(ctx, record);
  const minor = 'totalCents' in record ? record.totalCents : record.amountCents;
  const names = customerNames(customer);
  return {
    order_id: record.id,
    product_name: product.name,
    customer_email: names.customer_email,
    customer_firstname: names.customer_firstname,
    customer_lastname: names.customer_lastname,
    customer_name: names.customer_name,
    order_status: record.status,
    product_id: String(product.id),
    order_amount: twoDecimals(minor, ctx.store.currency),
    currency: ctx.store.currency,
  };
}

/** What current real stores send instead: the event-payload shape, `order_amount` a number. */
export function richLatestOrderRecord(record: Order | Subscription, ctx: RenderContext): Record<string, unknown> {
  if ('totalCents' in record) return orderPayload(record, ctx, null);
  return { ...subscriptionPayload(record, ctx, null), order_id: record.id, order_status: record.status };
}
