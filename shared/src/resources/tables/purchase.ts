/**
 * Fields an order and a subscription share (docs/service/shapes.md#order, #subscription), and the parts
 * leads and latest orders reuse. The parts are checked as field tables where they are put together.
 */
import type { FieldTable } from '../table';

/** Who bought: also on leads and latest-order records. */
const BUYER_FIELDS = {
  customer_firstname: { type: 'string', label: 'Customer First Name' },
  customer_lastname: { type: 'string', label: 'Customer Last Name' },
  customer_name: { type: 'string', label: 'Customer Name' },
  customer_email: { type: 'string', label: 'Customer Email' },
} as const;

/** What was bought: a product id inside a purchase is a string of digits. */
const PRODUCT_REF_FIELDS = {
  product_id: { type: 'string', label: 'Product ID', text: 'digits' },
  product_name: { type: 'string', label: 'Product Name' },
} as const;

/** When: the site-local day and the UTC moment (`get_gmt_from_date`, docs/dates.md). */
const PURCHASE_TIME_FIELDS = {
  date: { type: 'string', label: 'Date', clock: 'day' },
  date_time: { type: 'string', label: 'Date and Time', clock: 'utc' },
} as const;

export const PURCHASE_FIELDS = {
  id: { type: 'int', label: 'ID' },
  ...BUYER_FIELDS,
  ...PRODUCT_REF_FIELDS,
  gateway: { type: 'string', label: 'Payment Gateway' },
  ...PURCHASE_TIME_FIELDS,
  payment_plan: { type: 'string', label: 'Payment Plan' },
  payment_plan_id: { type: 'string', label: 'Payment Plan ID' },
  order_amount: { type: 'number', label: 'Order Amount', money: true },
  tax_amount: { type: 'number', label: 'Tax Amount', money: true },
  tax_rate: { type: 'number', label: 'Tax Rate' },
  tax_type: { type: 'string', label: 'Tax Type' },
  currency: { type: 'string', label: 'Currency' },
  status: { type: 'string', label: 'Status' },
  website_url: { type: 'string', label: 'Website URL', text: 'url' },
  order_url: { type: 'string', label: 'Product Page Path' },
  link: { type: 'string', label: 'API Link', text: 'url' },
} as const satisfies FieldTable;

/** What a lead carries of a purchase: who bought what, and when (both times UTC, docs/dates.md). */
export const LEAD_PURCHASE_FIELDS = {
  ...BUYER_FIELDS,
  ...PRODUCT_REF_FIELDS,
  ...PURCHASE_TIME_FIELDS,
} as const satisfies FieldTable;
