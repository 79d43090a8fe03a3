/**
 * The documented resources (docs/service/shapes.md) as field tables, and a check that a record
 * has exactly those fields with those JSON types. Written from the documentation, not from the sandbox.
 */
export type FieldType =
  | 'integer'
  | 'number'
  | 'string'
  | 'timestamp'
  | 'date'
  | 'digits'
  | 'url'
  | 'array'
  | 'integer|null';

export const CUSTOMER: Record<string, FieldType> = {
  id: 'integer',
  first_name: 'string',
  last_name: 'string',
  email: 'string',
  date_created: 'timestamp',
  lifetime_value: 'number',
  total_orders: 'integer',
  last_order_date: 'timestamp',
};

const PERSON: Record<string, FieldType> = {
  customer_firstname: 'string',
  customer_lastname: 'string',
  customer_name: 'string',
  customer_email: 'string',
};

export const ORDER: Record<string, FieldType> = {
  id: 'integer',
  ...PERSON,
  product_id: 'digits',
  product_name: 'string',
  gateway: 'string',
  shipping_amount: 'number',
  date: 'date',
  date_time: 'timestamp',
  payment_plan: 'string',
  payment_plan_id: 'string',
  order_amount: 'number',
  tax_amount: 'number',
  pre_tax_amount: 'number',
  tax_rate: 'number',
  tax_type: 'string',
  currency: 'string',
  transaction_id: 'string',
  status: 'string',
  items: 'array',
  invoice_total: 'number',
  invoice_subtotal: 'number',
  website_url: 'url',
  order_url: 'string',
  link: 'url',
};

export const ORDER_ITEM: Record<string, FieldType> = {
  product_name: 'string',
  quantity: 'integer',
  subtotal: 'number',
  total_amount: 'number',
  tax_amount: 'number',
  unit_price: 'number',
  sub_summary: 'string',
};

export const SUBSCRIPTION: Record<string, FieldType> = {
  id: 'integer',
  ...PERSON,
  product_id: 'digits',
  product_name: 'string',
  gateway: 'string',
  date: 'date',
  date_time: 'timestamp',
  payment_plan: 'string',
  payment_plan_id: 'string',
  order_amount: 'number',
  tax_amount: 'number',
  tax_rate: 'number',
  tax_type: 'string',
  currency: 'string',
  subscription_id: 'string',
  status: 'string',
  amount: 'number',
  interval: 'string',
  frequency: 'string',
  trial_days: 'integer',
  sign_up_fee: 'number',
  next_bill_date: 'string',
  next_bill_date_time: 'string',
  website_url: 'url',
  order_url: 'string',
  invoices: 'array',
  link: 'url',
};

export const INVOICE: Record<string, FieldType> = {
  id: 'integer',
  status: 'string',
  order_amount: 'number',
  date: 'date',
  date_time: 'timestamp',
  link: 'url',
};

export const PRODUCT: Record<string, FieldType> = {
  id: 'integer',
  name: 'string',
  status: 'string',
  description: 'string',
  date_created: 'timestamp',
  date_updated: 'timestamp',
  url: 'url',
  image_url: 'string',
  is_on_sale: 'integer',
  plans: 'array',
};

export const PLAN: Record<string, FieldType> = {
  id: 'string',
  name: 'string',
  price_type: 'string',
  price: 'number',
  installments: 'string',
  interval: 'string',
  frequency: 'integer',
  trial_days: 'integer|null',
  signup_fee: 'number',
};

export const LATEST_ORDER: Record<string, FieldType> = {
  order_id: 'integer',
  product_name: 'string',
  customer_email: 'string',
  customer_firstname: 'string',
  customer_lastname: 'string',
  customer_name: 'string',
  order_status: 'string',
  product_id: 'digits',
  order_amount: 'string',
  currency: 'string',
};

function fits(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'timestamp':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'digits':
      return typeof value === 'string' && /^\d+$/.test(value);
    case 'url':
      return typeof value === 'string' && /^https?:\/\/[^/]+/.test(value);
    case 'array':
      return Array.isArray(value);
    case 'integer|null':
      return value === null || Number.isInteger(value);
  }
}

/** The fields that are missing, extra or of the wrong type; [] when the record fits the table. */
export function shapeProblems(
  record: unknown,
  table: Record<string, FieldType>,
  options: { extraAllowed?: boolean } = {},
): string[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return ['not an object'];
  const entries = record as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, type] of Object.entries(table)) {
    if (!(field in entries)) problems.push(`${field}: missing`);
    else if (!fits(entries[field], type)) problems.push(`${field}: ${JSON.stringify(entries[field])} is not ${type}`);
  }
  if (!options.extraAllowed) {
    for (const field of Object.keys(entries)) if (!(field in table)) problems.push(`${field}: not in the spec`);
  }
  return problems;
}
