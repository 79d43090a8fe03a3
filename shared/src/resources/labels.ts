import { RECORD_TIMES, instantKey } from '../dates/fields';
import type { FieldType, Schema } from './coerce';
import { CUSTOMER, ORDER, PAYLOAD_CONTACT, PAYLOAD_ITEM, PRODUCT, SUBSCRIPTION } from './schemas';

/** Human labels for every field a connector shows (Zapier output fields, n8n hints). */
const STORE_LABELS: Readonly<Record<string, string>> = {
  trigger: 'Event',
  id: 'ID',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  date_created: 'Date Created',
  date_updated: 'Date Updated',
  lifetime_value: 'Lifetime Value',
  total_orders: 'Total Orders',
  last_order_date: 'Last Order Date',
  customer_firstname: 'Customer First Name',
  customer_lastname: 'Customer Last Name',
  customer_name: 'Customer Name',
  customer_email: 'Customer Email',
  product_id: 'Product ID',
  product_name: 'Product Name',
  gateway: 'Payment Gateway',
  shipping_amount: 'Shipping Amount',
  date: 'Date',
  date_time: 'Date and Time',
  payment_plan: 'Payment Plan',
  payment_plan_id: 'Payment Plan ID',
  order_amount: 'Order Amount',
  tax_amount: 'Tax Amount',
  pre_tax_amount: 'Amount Before Tax',
  tax_rate: 'Tax Rate',
  tax_type: 'Tax Type',
  currency: 'Currency',
  transaction_id: 'Transaction ID',
  status: 'Status',
  items: 'Items',
  quantity: 'Quantity',
  subtotal: 'Subtotal',
  total_amount: 'Total Amount',
  unit_price: 'Unit Price',
  sub_summary: 'Price Summary',
  invoice_total: 'Invoice Total',
  invoice_subtotal: 'Invoice Subtotal',
  website_url: 'Website URL',
  order_url: 'Product Page Path',
  link: 'API Link',
  subscription_id: 'Gateway Subscription ID',
  amount: 'Recurring Amount',
  interval: 'Billing Interval',
  frequency: 'Billing Frequency',
  trial_days: 'Trial Days',
  sign_up_fee: 'Sign-up Fee',
  signup_fee: 'Sign-up Fee',
  next_bill_date: 'Next Bill Date',
  next_bill_date_time: 'Next Bill Date and Time',
  invoices: 'Invoices',
  name: 'Name',
  description: 'Description',
  url: 'Product Page URL',
  image_url: 'Image URL',
  is_on_sale: 'On Sale',
  plans: 'Plans',
  price_type: 'Price Type',
  price: 'Price',
  installments: 'Installments',
  discount: 'Discount',
  discount_amount: 'Discount Amount',
  subscription_amount: 'Subscription Amount',
  customer_phone: 'Customer Phone',
  customer_address: 'Customer Address',
  customer_address_2: 'Customer Address Line 2',
  customer_city: 'Customer City',
  customer_state: 'Customer State',
  customer_zip: 'Customer ZIP or Postal Code',
  customer_country: 'Customer Country',
  ip_address: 'Customer IP Address',
  order_type: 'Purchase Type',
  price_id: 'Plan ID',
  price_name: 'Plan Name',
  item_type: 'Item Type',
  order_id: 'Order ID',
  order_status: 'Order Status',
};

/** Each store label, and each timestamp's instant (`date_time_iso`: "Date and Time (ISO 8601)", docs/dates.md). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  ...STORE_LABELS,
  ...Object.fromEntries(
    Object.keys(RECORD_TIMES).map((key) => [instantKey(key), `${STORE_LABELS[key] ?? key} (ISO 8601)`]),
  ),
};

export interface FieldDescription {
  key: string;
  label: string;
  /** `datetime`: an ISO 8601 instant with an offset (`*_iso`, docs/dates.md). */
  type: 'string' | 'number' | 'integer' | 'datetime';
  /** For lists of records (items, invoices, plans): their own fields. */
  children?: FieldDescription[];
}

function labelOf(key: string): string {
  return FIELD_LABELS[key] ?? key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

function describe(type: FieldType): Pick<FieldDescription, 'type' | 'children'> {
  if (typeof type === 'object') return { type: 'string', children: describeSchema(type.list) };
  if (type === 'string') return { type: 'string' };
  return { type: type === 'number' ? 'number' : 'integer' };
}

/** Each field, and right after each store timestamp its instant (`date_time` → `date_time_iso`). */
function describeSchema(schema: Schema): FieldDescription[] {
  return Object.entries(schema).flatMap(([key, type]): FieldDescription[] => {
    const field: FieldDescription = { key, label: labelOf(key), ...describe(type) };
    if (!RECORD_TIMES[key]) return [field];
    return [field, { key: instantKey(key), label: labelOf(instantKey(key)), type: 'datetime' }];
  });
}

/** Field descriptions of what each noun's trigger or search returns. */
export const FIELDS = {
  customer: describeSchema(CUSTOMER),
  order: describeSchema(ORDER),
  subscription: describeSchema(SUBSCRIPTION),
  product: describeSchema(PRODUCT),
  orderEvent: describeSchema({
    trigger: 'string',
    ...ORDER,
    items: { list: PAYLOAD_ITEM },
    order_type: 'string',
    ...PAYLOAD_CONTACT,
  }),
  subscriptionEvent: describeSchema({ trigger: 'string', ...SUBSCRIPTION, ...PAYLOAD_CONTACT }),
  leadEvent: describeSchema({
    trigger: 'string',
    customer_firstname: 'string',
    customer_lastname: 'string',
    customer_name: 'string',
    customer_email: 'string',
    product_id: 'string',
    product_name: 'string',
    // Both UTC on a lead (docs/dates.md).
    date: 'string',
    date_time: 'string',
  }),
} as const;
