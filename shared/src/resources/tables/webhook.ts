/** What the webhook side reads (`webhook/products/`, `webhook/plans/`, `webhook/latest-orders/`, docs/service/shapes.md): products, plans and latest orders. */
import type { FieldTable } from '../table';
import { PURCHASE_FIELDS } from './purchase';

/** `GET webhook/products/`: one product as the webhook side lists it. */
const WEBHOOK_PRODUCT_FIELDS = {
  id: { type: 'int', label: 'ID' },
  name: { type: 'string', label: 'Name' },
} as const satisfies FieldTable;

/** `GET webhook/plans/`: a plan, or one of the purchase kinds `bump`, `upsell`, `downsell`. */
const WEBHOOK_PLAN_FIELDS = {
  id: { type: 'string', label: 'ID' },
  name: { type: 'string', label: 'Name' },
} as const satisfies FieldTable;

/** `POST webhook/latest-orders/` (docs/service/shapes.md#latest-order-record; real stores send more, it passes through). */
const LATEST_ORDER_FIELDS = {
  order_id: { type: 'int', label: 'Order ID' },
  product_name: PURCHASE_FIELDS.product_name,
  customer_email: PURCHASE_FIELDS.customer_email,
  customer_firstname: PURCHASE_FIELDS.customer_firstname,
  customer_lastname: PURCHASE_FIELDS.customer_lastname,
  customer_name: PURCHASE_FIELDS.customer_name,
  order_status: { type: 'string', label: 'Order Status' },
  product_id: PURCHASE_FIELDS.product_id,
  /** A decimal with two places, e.g. "49.00" (formatted by `latestOrder`). */
  order_amount: { type: 'string', label: 'Order Amount', money: true },
  currency: { type: 'string', label: 'Currency' },
} as const satisfies FieldTable;

/** The records of the webhook side, by what each is. */
export const WEBHOOK_FIELDS = {
  product: WEBHOOK_PRODUCT_FIELDS,
  plan: WEBHOOK_PLAN_FIELDS,
  latestOrder: LATEST_ORDER_FIELDS,
} as const;
