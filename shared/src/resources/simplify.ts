/**
 * Simplify: the fields a store owner uses most, at most 10 per resource, flat (no lists or objects),
 * with the ISO instant (`*_iso`, docs/dates.md) of each kept time. Why these fields:
 * docs/simplify.md. One selection for every platform: n8n's Simplify and tool Output use it.
 */
import { pickFields } from './pick';

export type SimplifiedResource = 'order' | 'subscription' | 'customer' | 'product';

/** The kept fields, in the order a simplified record lists them. */
export const SIMPLIFIED_FIELDS: Readonly<Record<SimplifiedResource, readonly string[]>> = {
  order: [
    'id',
    'status',
    'date_time',
    'customer_name',
    'customer_email',
    'product_name',
    'payment_plan',
    'order_amount',
    'currency',
    'transaction_id',
  ],
  subscription: [
    'id',
    'status',
    'customer_name',
    'customer_email',
    'product_name',
    'payment_plan',
    'amount',
    'currency',
    'interval',
    'next_bill_date_time',
  ],
  customer: [
    'id',
    'first_name',
    'last_name',
    'email',
    'lifetime_value',
    'total_orders',
    'date_created',
    'last_order_date',
  ],
  product: ['id', 'name', 'status', 'url', 'image_url', 'is_on_sale', 'date_created', 'date_updated'],
};

export function simplifyRecord(resource: SimplifiedResource, record: Record<string, unknown>): Record<string, unknown> {
  return pickFields(record, SIMPLIFIED_FIELDS[resource], { flat: true });
}
