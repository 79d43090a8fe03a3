/**
 * The service's resources, with the types docs/service/shapes.md gives them. Responses are coerced into these
 * shapes by `normalise.ts`; fields a store sends beyond those pass through untouched.
 */

/** Timestamp `YYYY-MM-DD HH:MM:SS`. */
type Timestamp = string;
/** Date `YYYY-MM-DD`. */
type DateString = string;

export interface Customer {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  date_created: Timestamp;
  lifetime_value: number;
  total_orders: number;
  last_order_date: Timestamp;
}

interface OrderItem {
  product_name: string;
  quantity: number;
  subtotal: number;
  total_amount: number;
  tax_amount: number;
  unit_price: number;
  sub_summary: string;
}

interface Purchase {
  id: number;
  customer_firstname: string;
  customer_lastname: string;
  customer_name: string;
  customer_email: string;
  product_id: string;
  product_name: string;
  gateway: string;
  date: DateString;
  date_time: Timestamp;
  payment_plan: string;
  payment_plan_id: string;
  order_amount: number;
  tax_amount: number;
  tax_rate: number;
  tax_type: string;
  currency: string;
  status: string;
  website_url: string;
  order_url: string;
  link: string;
}

export interface Order extends Purchase {
  shipping_amount: number;
  pre_tax_amount: number;
  transaction_id: string;
  items: OrderItem[];
  invoice_total: number;
  invoice_subtotal: number;
}

interface Invoice {
  id: number;
  status: string;
  order_amount: number;
  date: DateString;
  date_time: Timestamp;
  link: string;
}

export interface Subscription extends Purchase {
  subscription_id: string;
  amount: number;
  interval: string;
  frequency: string;
  trial_days: number;
  sign_up_fee: number;
  next_bill_date: DateString;
  next_bill_date_time: Timestamp;
  invoices: Invoice[];
}

interface Plan {
  id: string;
  name: string;
  price_type: string;
  price: number;
  installments: string;
  interval: string;
  frequency: number;
  trial_days: number | null;
  signup_fee: number;
}

export interface Product {
  id: number;
  name: string;
  status: string;
  description: string;
  date_created: Timestamp;
  date_updated: Timestamp;
  url: string;
  image_url: string;
  is_on_sale: number;
  plans: Plan[];
}

/** Operation 4: one product as the webhook side lists it. */
export interface WebhookProduct {
  id: number;
  name: string;
}

/** Operation 5: a plan, or one of the purchase kinds `bump`, `upsell`, `downsell`. */
export interface WebhookPlan {
  id: string;
  name: string;
}

/** Operation 6: the latest-order record (docs/service/shapes.md#latest-order-record; real stores send more, it passes through). */
export interface LatestOrder {
  order_id: number;
  product_name: string;
  customer_email: string;
  customer_firstname: string;
  customer_lastname: string;
  customer_name: string;
  order_status: string;
  product_id: string;
  /** Decimal with two places, e.g. "49.00". */
  order_amount: string;
  currency: string;
  [extra: string]: unknown;
}

/** Operation 2's answer, with the id kept as an opaque string whatever the store sent. */
export interface HookSubscription {
  id: string;
}

/** Operation 3's outcome. `alreadyGone` is true when the store no longer knew the hook. */
export interface HookDeletion {
  id: string;
  alreadyGone: boolean;
}
