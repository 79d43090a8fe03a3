/** Store deliveries as the triggers receive them, for the unit tests of both platforms. */

/** The buyer of the paid order the delivery tests keep in their fake store. */
export const BUYER_EMAIL = 'maya.lopez@example.com';

/**
 * A purchase delivery as the store sends it (decimals, numbers as strings) for the stored paid order
 * `orderId` (`PAID_ORDER.id`) of product 87 at 168.00; `overrides` forge or change any field.
 */
export function purchaseDelivery(orderId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    trigger: 'purchased',
    id: String(orderId),
    customer_email: BUYER_EMAIL,
    product_id: '87',
    order_amount: '168.00',
    status: 'paid',
    ...overrides,
  };
}

/** The paid order the delivery tests' store holds, as its REST record states it (amount in cents). */
export const PAID_ORDER = {
  id: 1042,
  customer_email: BUYER_EMAIL,
  product_id: '87',
  order_amount: 16800,
  status: 'paid',
};

/** A genuine purchase delivery of `PAID_ORDER` as it goes on: as delivered (decimals), verified by a store read. */
export const VERIFIED_PURCHASE: unknown = expect.objectContaining({
  id: PAID_ORDER.id,
  order_amount: 168,
  verification: { status: 'verified', method: 'store' },
});
