/** One field table per resource, and one per nested list (items, invoices, plans): see `../table.ts`. */
export { CUSTOMER_FIELDS } from './customer';
export { ORDER_FIELDS, ORDER_ITEM_FIELDS } from './order';
export { SUBSCRIPTION_FIELDS, INVOICE_FIELDS } from './subscription';
export { PRODUCT_FIELDS, PLAN_FIELDS } from './product';
export { WEBHOOK_PRODUCT_FIELDS, WEBHOOK_PLAN_FIELDS, LATEST_ORDER_FIELDS } from './webhook';
export { ORDER_EVENT_FIELDS, SUBSCRIPTION_EVENT_FIELDS, LEAD_FIELDS, DELIVERY_FIELDS } from './delivery';
