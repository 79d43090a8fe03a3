/**
 * One field table per resource (see `../table.ts`). A nested list (items, invoices, plans) has a table of
 * its own, reached through its field: `ORDER_FIELDS.items.type.list`.
 */
export { CUSTOMER_FIELDS } from './customer';
export { ORDER_FIELDS } from './order';
export { SUBSCRIPTION_FIELDS } from './subscription';
export { PRODUCT_FIELDS } from './product';
export { WEBHOOK_FIELDS } from './webhook';
export { EVENT_FIELDS, DELIVERY_FIELDS } from './delivery';
