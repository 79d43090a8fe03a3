import { matches, orderSubject, subscriptionSubject, OFFER_PLAN_IDS, type Filter } from './matching';
import { OFFERS } from './store/catalog';
import {
  chargeSubscription,
  checkoutLine,
  endSubscription,
  paidCharges,
  placeOrder,
  startSubscription,
} from './store/commerce';
import { newCustomer, newIdentity, newIpAddress } from './store/people';
import type { Random } from './store/prng';
import type { Store } from './store/store';
import type { Lead, Order, Plan, Product, Subscription, SubscriptionStatus } from './store/types';
import type { SandboxEvent } from './types';

/**
 * Store events: each makes the change in the store that the event means, then hands back the record
 * its hooks are told about. When the change needs a record that does not exist yet (a refund with
 * no paid order of that product), the record is created first, silently.
 */
export const EVENT_TYPES = [
  'purchased',
  'refunded',
  'pending',
  'active',
  'trialing',
  'paused',
  'canceled',
  'completed',
  'lead',
  'renewal',
  'failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type EventRecord =
  | { kind: 'order'; order: Order }
  | { kind: 'subscription'; subscription: Subscription }
  | { kind: 'lead'; lead: Lead };

/** A request for an event that cannot happen (unknown type, product or plan). */
export class EventError extends Error {}

type Offer = (typeof OFFER_PLAN_IDS)[number];

interface Target {
  product: Product | null;
  plan: Plan | null;
  offer: Offer | null;
}

function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

function resolveTarget(store: Store, event: SandboxEvent): Target {
  let product: Product | null = null;
  if (event.product_id !== undefined && event.product_id !== null) {
    product = store.product(Number(event.product_id)) ?? null;
    if (!product) throw new EventError(`unknown product_id ${event.product_id}`);
  }
  const planId = event.plan_id === undefined || event.plan_id === null ? '' : String(event.plan_id);
  if (planId === '') return { product, plan: null, offer: null };
  if ((OFFER_PLAN_IDS as readonly string[]).includes(planId)) return { product, plan: null, offer: planId as Offer };
  const owner =
    product ?? store.products.find((candidate) => candidate.plans.some((plan) => plan.id === planId)) ?? null;
  const plan = owner?.plans.find((candidate) => candidate.id === planId) ?? null;
  if (!owner || !plan)
    throw new EventError(`plan_id ${planId} is not a plan of ${product ? `product ${product.id}` : 'any product'}`);
  return { product: owner, plan, offer: null };
}

const oneTimePlan = (product: Product): Plan | undefined => product.plans.find((plan) => plan.priceType === 'one-time');
const isRecurring = (plan: Plan): boolean => plan.priceType === 'recurring';
const hasTrial = (plan: Plan): boolean => isRecurring(plan) && (plan.trialDays ?? 0) > 0;
const isInstallment = (plan: Plan): boolean => isRecurring(plan) && plan.installments > 1;

function newestMatching<T>(items: readonly T[], keep: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index -= 1) if (keep(items[index])) return items[index];
  return undefined;
}

function filterOf(target: Target): Filter {
  const planIds = target.plan ? [target.plan.id] : target.offer ? [target.offer] : [];
  return { productId: target.product?.id ?? null, planIds, productIncludesBumps: true };
}

class EventRun {
  constructor(
    private readonly store: Store,
    private readonly random: Random,
  ) {}

  purchase(target: Target): Order {
    const { store, random } = this;
    if (target.offer === 'upsell' || target.offer === 'downsell') return this.oneClickOffer(target, target.offer);
    const at = store.tick();
    const customer = newCustomer(store, random, at);
    const ipAddress = newIpAddress(random);
    if (target.offer === 'bump') {
      const bump = target.product ?? store.productBySlug(OFFERS.bump);
      const main = store.products.find(
        (p) => p.id !== bump.id && (OFFERS.withOffers as readonly string[]).includes(p.slug),
      );
      const mainPlan = main && oneTimePlan(main);
      if (!main || !mainPlan) throw new EventError('no product to buy with a bump');
      const lines = [
        checkoutLine(main, mainPlan, 'main'),
        checkoutLine(bump, oneTimePlan(bump) ?? bump.plans[0], 'bump'),
      ];
      return placeOrder(store, random, { customer, lines, gateway: 'stripe', status: 'paid', at, ipAddress });
    }
    const product = target.product ?? store.productBySlug('photography-masterclass');
    const plan = target.plan ?? oneTimePlan(product) ?? product.plans[0];
    if (isRecurring(plan))
      return startSubscription(store, random, { customer, product, plan, gateway: 'stripe', at, ipAddress }).order;
    return placeOrder(store, random, {
      customer,
      lines: [checkoutLine(product, plan, 'main')],
      gateway: 'stripe',
      status: 'paid',
      at,
      ipAddress,
    });
  }

  /** An upsell or downsell accepted after the newest paid checkout. */
  private oneClickOffer(target: Target, offer: 'upsell' | 'downsell'): Order {
    const { store, random } = this;
    const offered = target.product ?? store.productBySlug(OFFERS[offer]);
    const parent =
      newestMatching(
        store.orders,
        (o) => o.orderType === 'main' && !o.renewal && o.status === 'paid' && o.gateway !== 'cod',
      ) ?? this.purchase({ product: null, plan: null, offer: null });
    const customer = store.customer(parent.customerId);
    if (!customer) throw new EventError(`order ${parent.id} has no customer`);
    return placeOrder(store, random, {
      customer,
      lines: [checkoutLine(offered, oneTimePlan(offered) ?? offered.plans[0], offer)],
      gateway: parent.gateway,
      status: 'paid',
      at: store.tick(),
      ipAddress: parent.ipAddress,
      orderType: offer,
      parentId: parent.id,
    });
  }

  refund(target: Target): Order {
    const filter = filterOf(target);
    const order =
      newestMatching(
        this.store.orders,
        (o) => (o.status === 'paid' || o.status === 'completed') && matches(orderSubject(o), filter),
      ) ?? this.purchase(target);
    order.status = 'refunded';
    order.modifiedAt = this.store.tick();
    this.store.changed(order.modifiedAt);
    return order;
  }

  cashOnDelivery(target: Target): Order {
    if (target.offer)
      throw new EventError('pending is a cash-on-delivery checkout: plan_id cannot be bump, upsell or downsell');
    const product = target.product ?? this.store.productBySlug('studio-lighting-kit');
    const plan = target.plan ?? oneTimePlan(product);
    if (!plan || isRecurring(plan)) throw new EventError('pending (cash on delivery) needs a one-off plan');
    const at = this.store.tick();
    const customer = newCustomer(this.store, this.random, at);
    return placeOrder(this.store, this.random, {
      customer,
      lines: [checkoutLine(product, plan, 'main')],
      gateway: 'cod',
      status: 'pending-payment',
      at,
      ipAddress: newIpAddress(this.random),
    });
  }

  /** The product and plan a subscription event is about. */
  private recurringTarget(
    target: Target,
    want: (plan: Plan) => boolean,
    what: string,
    defaultSlug: string,
  ): { product: Product; plan: Plan } {
    if (target.offer) throw new EventError('plan_id bump, upsell or downsell only applies to order events');
    if (target.product && target.plan) {
      if (!want(target.plan)) throw new EventError(`plan ${target.plan.id} is not a ${what} plan`);
      return { product: target.product, plan: target.plan };
    }
    const product = target.product ?? this.store.productBySlug(defaultSlug);
    const plan = product.plans.find(want);
    if (!plan) throw new EventError(`product ${product.id} has no ${what} plan`);
    return { product, plan };
  }

  subscribe(
    target: Target,
    trial: boolean,
    want = isRecurring,
    what = 'recurring',
    defaultSlug = 'creative-members-club',
  ): Subscription {
    const chosen = this.recurringTarget(target, trial ? hasTrial : want, trial ? 'trial' : what, defaultSlug);
    const at = this.store.tick();
    const plan = trial ? chosen.plan : { ...chosen.plan, trialDays: null };
    const customer = newCustomer(this.store, this.random, at);
    return startSubscription(this.store, this.random, {
      customer,
      product: chosen.product,
      plan,
      gateway: 'stripe',
      at,
      ipAddress: newIpAddress(this.random),
    }).subscription;
  }

  /** The newest subscription in one of these states that fits the target, or a new active one. */
  existingSubscription(
    target: Target,
    statuses: SubscriptionStatus[],
    want = isRecurring,
    what = 'recurring',
    defaultSlug = 'creative-members-club',
  ): Subscription {
    this.recurringTarget(target, want, what, defaultSlug);
    const filter = filterOf(target);
    const found = newestMatching(this.store.subscriptions, (s) => {
      const plan = this.store.plan(s.productId, s.planId);
      return statuses.includes(s.status) && plan !== undefined && want(plan) && matches(subscriptionSubject(s), filter);
    });
    return found ?? this.subscribe(target, false, want, what, defaultSlug);
  }

  end(target: Target, status: 'paused' | 'canceled' | 'completed'): Subscription {
    const subscription =
      status === 'completed'
        ? this.existingSubscription(
            target,
            ['active', 'past_due'],
            isInstallment,
            'installment',
            'photography-masterclass',
          )
        : this.existingSubscription(
            target,
            status === 'paused' ? ['active', 'trialing', 'past_due'] : ['active', 'trialing', 'past_due', 'paused'],
          );
    if (status === 'completed') this.payRemainingInstallments(subscription);
    const at = this.store.tick();
    endSubscription(subscription, status, at);
    this.store.changed(at);
    return subscription;
  }

  /** A completed installment plan has all its installments paid, so its invoices add up. */
  private payRemainingInstallments(subscription: Subscription): void {
    const plan = this.store.plan(subscription.productId, subscription.planId);
    const trialOrder = subscription.trialDays > 0 ? 1 : 0;
    const missing = (plan?.installments ?? 0) - (paidCharges(this.store, subscription) - trialOrder);
    for (let n = 0; n < missing; n += 1)
      chargeSubscription(this.store, this.random, subscription, this.store.tick(), 'paid');
  }

  charge(target: Target, outcome: 'paid' | 'failed'): Order {
    const subscription = this.existingSubscription(target, ['active', 'past_due', 'trialing']);
    return chargeSubscription(this.store, this.random, subscription, this.store.tick(), outcome);
  }

  lead(target: Target): Lead {
    if (target.offer) throw new EventError('a lead has no bump, upsell or downsell');
    const product = target.product ?? this.store.productBySlug('photography-masterclass');
    const at = this.store.tick();
    const lead: Lead = {
      ...newIdentity(this.random, 900_000 + this.store.leads.length + 1),
      createdAt: at,
      productId: product.id,
      planId: target.plan?.id ?? null,
      ipAddress: newIpAddress(this.random),
    };
    this.store.addLead(lead);
    return lead;
  }
}

export function applyEvent(store: Store, random: Random, event: SandboxEvent): EventRecord {
  if (!isEventType(event.type))
    throw new EventError(`unknown event type "${event.type}"; one of: ${EVENT_TYPES.join(', ')}`);
  const target = resolveTarget(store, event);
  const run = new EventRun(store, random);
  const order = (o: Order): EventRecord => ({ kind: 'order', order: o });
  const subscription = (s: Subscription): EventRecord => ({ kind: 'subscription', subscription: s });
  switch (event.type) {
    case 'purchased':
      return order(run.purchase(target));
    case 'refunded':
      return order(run.refund(target));
    case 'pending':
      return order(run.cashOnDelivery(target));
    case 'active':
      return subscription(run.subscribe(target, false));
    case 'trialing':
      return subscription(run.subscribe(target, true));
    case 'paused':
    case 'canceled':
    case 'completed':
      return subscription(run.end(target, event.type));
    case 'renewal':
      return order(run.charge(target, 'paid'));
    case 'failed':
      return order(run.charge(target, 'failed'));
    case 'lead':
      return { kind: 'lead', lead: run.lead(target) };
  }
}
