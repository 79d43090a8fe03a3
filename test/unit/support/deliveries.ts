/** Store deliveries as the triggers receive them, for the unit tests of both platforms. */

/** The buyer of the paid order the delivery tests keep in their fake store. */
export const BUYER_EMAIL = 'maya.lopez@example.com';

/** That buyer and her product (87), as latest-orders and the deliveries name them. */
export const MAYA = {
  product_name: 'Sourdough Masterclass',
  customer_email: BUYER_EMAIL,
  customer_firstname: 'Maya',
  customer_lastname: 'Lopez',
  customer_name: 'Maya Lopez',
  product_id: '87',
};

/** A latest-orders record of hers as the spec states it (docs/service/shapes.md#latest-order-record): amount in decimals. */
export function latestOrder(order_id: number, order_status = 'paid', order_amount: string | number = '49.00') {
  return { order_id, ...MAYA, order_status, order_amount, currency: 'USD' };
}

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
