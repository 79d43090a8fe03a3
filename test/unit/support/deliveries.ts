/** Store deliveries as the triggers receive them, for the unit tests of both platforms. */

/** The buyer of the paid order the delivery tests keep in their fake store. */
export const BUYER_EMAIL = 'maya.lopez@example.com';

/**
 * A purchase delivery as the store sends it (decimals, numbers as strings) for the stored paid order
 * `orderId` of product 87 at 168.00; `overrides` forge or change any field.
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
