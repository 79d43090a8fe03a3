/**
 * The field tables of what is not a record resource: the webhook side's, and a delivery's (see
 * `../table.ts`). Each record resource's table stands in its own file, named in `../records.ts`. A nested
 * list (items, invoices, plans) has a table of its own, reached through its field:
 * `ORDER_FIELDS.items.type.list`.
 */
export { WEBHOOK_FIELDS } from './webhook';
export { EVENT_FIELDS, DELIVERY_FIELDS } from './delivery';
