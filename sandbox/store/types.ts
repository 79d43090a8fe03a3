/**
 * The store's own records. Money is kept in minor units (cents) and time in epoch seconds (UTC),
 * so formatting (decimals or cents, timestamps) happens only when a record leaves the store.
 */

type PriceType = 'one-time' | 'recurring';
export type BillingInterval = '' | 'day' | 'week' | 'month' | 'year';

export interface Plan {
  id: string;
  name: string;
  priceType: PriceType;
  priceCents: number;
  /** 1 for one-time plans, n for an installment plan, -1 for "until canceled". */
  installments: number;
  interval: BillingInterval;
  frequency: number;
  trialDays: number | null;
  signupFeeCents: number;
}

export interface Product {
  id: number;
  slug: string;
  name: string;
  description: string;
  status: 'publish';
  createdAt: number;
  updatedAt: number;
  hasImage: boolean;
  onSale: boolean;
  /** Sales tax rate in percent applied to orders of this product (0 = untaxed). */
  taxRate: number;
  shippingCents: number;
  plans: Plan[];
}

export interface Address {
  phone: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface Customer extends Address {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: number;
  orderIds: number[];
}

export type OrderStatus = 'paid' | 'completed' | 'refunded' | 'pending-payment' | 'failed';
export type ItemType = 'main' | 'bump' | 'upsell' | 'downsell';
export type Gateway = 'stripe' | 'paypal' | 'cod';

export interface OrderItem {
  id: number;
  productId: number;
  planId: string;
  type: ItemType;
  quantity: number;
  unitPriceCents: number;
  signupFeeCents: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Set when this item started or renews a subscription (for the item's sub_summary). */
  subscriptionId: number | null;
}

export interface Order {
  id: number;
  customerId: number;
  productId: number;
  planId: string;
  gateway: Gateway;
  status: OrderStatus;
  /** main checkout, or a one-click upsell/downsell order taken after a parent order. */
  orderType: 'main' | 'upsell' | 'downsell';
  parentId: number | null;
  subscriptionId: number | null;
  renewal: boolean;
  createdAt: number;
  modifiedAt: number;
  items: OrderItem[];
  preTaxCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  taxRate: number;
  transactionId: string;
  ipAddress: string;
}

export type SubscriptionStatus = 'active' | 'trialing' | 'paused' | 'canceled' | 'completed' | 'past_due';

export interface Subscription {
  id: number;
  customerId: number;
  productId: number;
  planId: string;
  gateway: Gateway;
  status: SubscriptionStatus;
  createdAt: number;
  modifiedAt: number;
  /** Recurring charge, before tax. */
  amountCents: number;
  taxRate: number;
  trialDays: number;
  signupFeeCents: number;
  /** Gateway reference (Stripe sub_..., PayPal I-...). */
  gatewayRef: string;
  orderIds: number[];
  nextBillAt: number | null;
  endAt: number | null;
  cancelAt: number | null;
  ipAddress: string;
}

/** A two-step checkout form captured before payment: a contact, not yet a customer. */
export interface Lead extends Address {
  createdAt: number;
  firstName: string;
  lastName: string;
  email: string;
  productId: number;
  planId: string | null;
  ipAddress: string;
}
