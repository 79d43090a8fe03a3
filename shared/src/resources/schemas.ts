/** The resources' field types (docs/service/shapes.md) as coercion schemas: one place for each resource's shape. */
import type { Schema } from './coerce';

export const CUSTOMER: Schema = {
  id: 'int',
  first_name: 'string',
  last_name: 'string',
  email: 'string',
  date_created: 'string',
  lifetime_value: 'number',
  total_orders: 'int',
  last_order_date: 'string',
};

const ORDER_ITEM: Schema = {
  product_name: 'string',
  quantity: 'int',
  subtotal: 'number',
  total_amount: 'number',
  tax_amount: 'number',
  unit_price: 'number',
  sub_summary: 'string',
};

const PURCHASE: Schema = {
  id: 'int',
  customer_firstname: 'string',
  customer_lastname: 'string',
  customer_name: 'string',
  customer_email: 'string',
  product_id: 'string',
  product_name: 'string',
  gateway: 'string',
  date: 'string',
  date_time: 'string',
  payment_plan: 'string',
  payment_plan_id: 'string',
  order_amount: 'number',
  tax_amount: 'number',
  tax_rate: 'number',
  tax_type: 'string',
  currency: 'string',
  status: 'string',
  website_url: 'string',
  order_url: 'string',
  link: 'string',
};

export const ORDER: Schema = {
  ...PURCHASE,
  shipping_amount: 'number',
  pre_tax_amount: 'number',
  transaction_id: 'string',
  items: { list: ORDER_ITEM },
  invoice_total: 'number',
  invoice_subtotal: 'number',
};

const INVOICE: Schema = {
  id: 'int',
  status: 'string',
  order_amount: 'number',
  date: 'string',
  date_time: 'string',
  link: 'string',
};

export const SUBSCRIPTION: Schema = {
  ...PURCHASE,
  subscription_id: 'string',
  amount: 'number',
  interval: 'string',
  frequency: 'string',
  trial_days: 'int',
  sign_up_fee: 'number',
  next_bill_date: 'string',
  next_bill_date_time: 'string',
  invoices: { list: INVOICE },
};

const PLAN: Schema = {
  id: 'string',
  name: 'string',
  price_type: 'string',
  price: 'number',
  installments: 'string',
  interval: 'string',
  frequency: 'int',
  trial_days: 'nullableInt',
  signup_fee: 'number',
};

export const PRODUCT: Schema = {
  id: 'int',
  name: 'string',
  status: 'string',
  description: 'string',
  date_created: 'string',
  date_updated: 'string',
  url: 'string',
  image_url: 'string',
  is_on_sale: 'int',
  plans: { list: PLAN },
};

export const WEBHOOK_PRODUCT: Schema = { id: 'int', name: 'string' };
export const WEBHOOK_PLAN: Schema = { id: 'string', name: 'string' };

/** Latest-order record; `order_amount` is formatted separately (a two-decimal string: docs/service/shapes.md#latest-order-record). */
export const LATEST_ORDER: Schema = {
  order_id: 'int',
  product_name: 'string',
  customer_email: 'string',
  customer_firstname: 'string',
  customer_lastname: 'string',
  customer_name: 'string',
  order_status: 'string',
  product_id: 'string',
  currency: 'string',
};

/** Customer contact fields real stores add to event payloads. */
export const PAYLOAD_CONTACT: Schema = {
  customer_phone: 'string',
  customer_address: 'string',
  customer_address_2: 'string',
  customer_city: 'string',
  customer_state: 'string',
  customer_zip: 'string',
  customer_country: 'string',
  ip_address: 'string',
};

/** An order item in an event payload: the REST item plus what was bought and how (main or bump). */
export const PAYLOAD_ITEM: Schema = {
  ...ORDER_ITEM,
  product_id: 'string',
  price_id: 'string',
  price_name: 'string',
  item_type: 'string',
};

/**
 * Fields of event payloads (docs/service/events.md#delivery-shape): an Order or Subscription plus `trigger`; only present
 * fields are coerced. Amount fields are numbers, in cents when the hook asked for `prices_in_cents`.
 */
export const EVENT_PAYLOAD: Schema = {
  ...ORDER,
  ...SUBSCRIPTION,
  ...PAYLOAD_CONTACT,
  items: { list: PAYLOAD_ITEM },
  trigger: 'string',
  order_type: 'string',
  discount: 'number',
  discount_amount: 'number',
  subscription_amount: 'number',
};
