import { addInterval, DAY } from '../format/time';
import type { Random } from './prng';
import type { Store } from './store';
import type { Customer, Gateway, ItemType, Order, OrderItem, OrderStatus, Plan, Product, Subscription } from './types';

/**
 * The store's business operations, shared by the seed and by live events so both make the same
 * kind of records: checkouts, subscriptions started and charged.
 */

export interface Line {
  product: Product;
  plan: Plan;
  type: ItemType;
  unitPriceCents: number;
  signupFeeCents: number;
  subscriptionId: number | null;
}

/** What a checkout charges for a plan: the price, or only the sign-up fee during a trial. */
export function checkoutLine(product: Product, plan: Plan, type: ItemType): Line {
  const inTrial = plan.priceType === 'recurring' && (plan.trialDays ?? 0) > 0;
  return {
    product,
    plan,
    type,
    unitPriceCents: inTrial ? 0 : plan.priceCents,
    signupFeeCents: plan.priceType === 'recurring' ? plan.signupFeeCents : 0,
    subscriptionId: null,
  };
}

function transactionId(random: Random, gateway: Gateway): string {
  if (gateway === 'stripe') return `ch_${random.token(24)}`;
  if (gateway === 'paypal') return random.token(17, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789');
  return '';
}

function gatewaySubscriptionRef(random: Random, gateway: Gateway): string {
  if (gateway === 'paypal') return `I-${random.token(12, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}`;
  return `sub_${random.token(14)}`;
}

export interface OrderInput {
  customer: Customer;
  lines: Line[];
  gateway: Gateway;
  status: OrderStatus;
  at: number;
  ipAddress: string;
  orderType?: Order['orderType'];
  parentId?: number | null;
  subscriptionId?: number | null;
  renewal?: boolean;
  id?: number;
}

export function placeOrder(store: Store, random: Random, input: OrderInput): Order {
  const main = input.lines[0];
  const taxRate = main.product.taxRate;
  const id = input.id ?? store.newPostId();
  const items: OrderItem[] = input.lines.map((line, index) => {
    const subtotal = line.unitPriceCents + line.signupFeeCents;
    const tax = Math.round((subtotal * taxRate) / 100);
    return {
      id: id * 10 + index,
      productId: line.product.id,
      planId: line.plan.id,
      type: line.type,
      quantity: 1,
      unitPriceCents: line.unitPriceCents,
      signupFeeCents: line.signupFeeCents,
      subtotalCents: subtotal,
      taxCents: tax,
      totalCents: subtotal + tax,
      subscriptionId: line.subscriptionId,
    };
  });
  const preTax = items.reduce((sum, item) => sum + item.subtotalCents, 0);
  const tax = items.reduce((sum, item) => sum + item.taxCents, 0);
  const shipping = input.renewal ? 0 : main.product.shippingCents;
  const order: Order = {
    id,
    customerId: input.customer.id,
    productId: main.product.id,
    planId: main.plan.id,
    gateway: input.gateway,
    status: input.status,
    orderType: input.orderType ?? 'main',
    parentId: input.parentId ?? null,
    subscriptionId: input.subscriptionId ?? null,
    renewal: input.renewal ?? false,
    createdAt: input.at,
    modifiedAt: input.at,
    items,
    preTaxCents: preTax,
    taxCents: tax,
    shippingCents: shipping,
    totalCents: preTax + tax + shipping,
    taxRate,
    transactionId: input.status === 'pending-payment' ? '' : transactionId(random, input.gateway),
    ipAddress: input.ipAddress,
  };
  store.addOrder(order);
  return order;
}

export interface SubscriptionInput {
  customer: Customer;
  product: Product;
  plan: Plan;
  gateway: Gateway;
  at: number;
  ipAddress: string;
  /** Extra one-off lines bought in the same checkout (a bump). */
  extraLines?: Line[];
}

/** A checkout of a recurring plan: the first order and the subscription it starts. */
export function startSubscription(
  store: Store,
  random: Random,
  input: SubscriptionInput,
): { subscription: Subscription; order: Order } {
  const { plan } = input;
  const trialDays = plan.trialDays ?? 0;
  const orderId = store.newPostId();
  const subscription: Subscription = {
    id: store.newPostId(),
    customerId: input.customer.id,
    productId: input.product.id,
    planId: plan.id,
    gateway: input.gateway === 'cod' ? 'stripe' : input.gateway,
    status: trialDays > 0 ? 'trialing' : 'active',
    createdAt: input.at,
    modifiedAt: input.at,
    amountCents: plan.priceCents,
    taxRate: input.product.taxRate,
    trialDays,
    signupFeeCents: plan.signupFeeCents,
    gatewayRef: gatewaySubscriptionRef(random, input.gateway),
    orderIds: [],
    nextBillAt: trialDays > 0 ? input.at + trialDays * DAY : addInterval(input.at, plan.interval, plan.frequency),
    endAt: null,
    cancelAt: null,
    ipAddress: input.ipAddress,
  };
  store.addSubscription(subscription);
  const line = { ...checkoutLine(input.product, plan, 'main'), subscriptionId: subscription.id };
  const order = placeOrder(store, random, {
    id: orderId,
    customer: input.customer,
    lines: [line, ...(input.extraLines ?? [])],
    gateway: subscription.gateway,
    status: 'paid',
    at: input.at,
    ipAddress: input.ipAddress,
    subscriptionId: subscription.id,
  });
  return { subscription, order };
}

/** A renewal charge: a new order of the subscription, paid or failed. */
export function chargeSubscription(
  store: Store,
  random: Random,
  subscription: Subscription,
  at: number,
  outcome: 'paid' | 'failed',
): Order {
  const product = store.product(subscription.productId);
  const plan = store.plan(subscription.productId, subscription.planId);
  const customer = store.customer(subscription.customerId);
  if (!product || !plan || !customer) throw new Error(`subscription ${subscription.id} lost its product or customer`);
  const order = placeOrder(store, random, {
    customer,
    lines: [
      {
        product,
        plan,
        type: 'main',
        unitPriceCents: subscription.amountCents,
        signupFeeCents: 0,
        subscriptionId: subscription.id,
      },
    ],
    gateway: subscription.gateway,
    status: outcome,
    at,
    ipAddress: subscription.ipAddress,
    subscriptionId: subscription.id,
    renewal: true,
  });
  subscription.modifiedAt = at;
  if (outcome === 'failed') {
    subscription.status = 'past_due';
    return order;
  }
  subscription.status = 'active';
  subscription.nextBillAt = addInterval(at, plan.interval, plan.frequency);
  return order;
}

/** Ends a subscription: canceled, paused or completed (all installments paid). */
export function endSubscription(
  subscription: Subscription,
  status: 'canceled' | 'paused' | 'completed',
  at: number,
): void {
  subscription.status = status;
  subscription.modifiedAt = at;
  subscription.nextBillAt = null;
  if (status === 'canceled') subscription.cancelAt = at;
  if (status === 'completed') subscription.endAt = at;
}

/** Paid charges so far, for installment plans. */
export function paidCharges(store: Store, subscription: Subscription): number {
  return subscription.orderIds.filter((id) => {
    const order = store.order(id);
    return order !== undefined && order.status !== 'failed' && order.status !== 'pending-payment';
  }).length;
}
