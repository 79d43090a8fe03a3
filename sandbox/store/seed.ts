import { DAY, HOUR, MINUTE } from '../format/time';
import { CATALOG, OFFERS } from './catalog';
import {
  checkoutLine,
  chargeSubscription,
  endSubscription,
  placeOrder,
  startSubscription,
  type Line,
} from './commerce';
import { TimeHeap, type Scheduled } from './heap';
import { newCustomer, newIpAddress } from './people';
import { createRandom, type Random } from './prng';
import { Store } from './store';
import type { Customer, Gateway, OrderStatus, Plan, Subscription } from './types';

/** The first checkout of every generated store: fixed, so dates never depend on the machine's clock. */
const STORE_EPOCH = Date.UTC(2023, 0, 2, 9, 0, 0) / 1000;
/** Roughly how long the order history of a large store lasts. */
const HISTORY_SPAN = 900 * DAY;
/** Longest gap between checkouts, so that small stores are mostly checkouts, not renewals. */
const MAX_CHECKOUT_GAP = 3 * DAY;

export interface SeedOptions {
  /** Number of orders (checkouts, upsells and renewals together). */
  size: number;
  seed: number;
}

interface Recipe {
  slug: string;
  planIndex: number;
  bump?: boolean;
  upsell?: boolean;
  downsell?: boolean;
  gateway?: Gateway;
  status?: OrderStatus;
}

/** The first checkouts are scripted so that even a store of a few orders shows every shape. */
const OPENING: readonly Recipe[] = [
  { slug: 'photography-masterclass', planIndex: 0, bump: true, upsell: true },
  { slug: 'creative-members-club', planIndex: 0 },
  { slug: 'coaching-program', planIndex: 0 },
  { slug: 'lightroom-preset-pack', planIndex: 0, gateway: 'paypal', downsell: true },
  { slug: 'studio-lighting-kit', planIndex: 0, gateway: 'cod', status: 'pending-payment' },
  { slug: 'photography-masterclass', planIndex: 1, bump: true },
  { slug: 'creative-members-club', planIndex: 1 },
  { slug: 'accountability-calls', planIndex: 0 },
  { slug: 'lightroom-preset-pack', planIndex: 0, status: 'refunded' },
  { slug: 'coaching-program', planIndex: 1, status: 'completed' },
];

/** How often each plan is bought afterwards. */
const POPULARITY: readonly (readonly [[string, number], number])[] = [
  [['photography-masterclass', 0], 20],
  [['photography-masterclass', 1], 10],
  [['creative-members-club', 0], 14],
  [['creative-members-club', 1], 5],
  [['coaching-program', 0], 4],
  [['coaching-program', 1], 2],
  [['lightroom-preset-pack', 0], 16],
  [['studio-lighting-kit', 0], 6],
  [['accountability-calls', 0], 5],
  [['quick-start-guide', 0], 4],
];

interface Renewal extends Scheduled {
  subscription: Subscription;
  kind: 'charge' | 'end';
}

/** What the seed decided at sign-up about a subscription's future. */
interface Lifecycle {
  chargesLeft: number;
  ending: 'canceled' | 'paused';
}

/** Builds the whole store from a seed: same seed and size, same store, byte for byte. */
export function seedStore(options: SeedOptions): Store {
  const generator = new SeedRun(Math.max(0, Math.floor(options.size)), options.seed);
  return generator.run();
}

class SeedRun {
  private readonly store = new Store();
  private readonly random: Random;
  private readonly heap = new TimeHeap<Renewal>();
  private readonly lifecycles = new Map<number, Lifecycle>();
  private seq = 0;

  constructor(
    private readonly size: number,
    seed: number,
  ) {
    this.random = createRandom(seed);
  }

  run(): Store {
    this.addCatalog();
    const step = Math.min(MAX_CHECKOUT_GAP, HISTORY_SPAN / Math.max(1, this.size / 1.8));
    let nextCheckout = STORE_EPOCH;
    let checkouts = 0;
    while (this.store.orders.length < this.size) {
      const due = this.heap.peek();
      if (due && due.at <= nextCheckout) {
        this.heap.pop();
        this.runScheduled(due);
        continue;
      }
      this.checkout(nextCheckout, OPENING[checkouts] ?? this.randomRecipe());
      checkouts += 1;
      nextCheckout += Math.round(step * (0.2 + this.random.next() * 1.6)) + MINUTE;
    }
    this.settle();
    return this.store;
  }

  private addCatalog(): void {
    CATALOG.forEach((entry, index) => {
      const createdAt = STORE_EPOCH - (120 - index * 9) * DAY;
      this.store.addProduct({
        ...entry,
        id: this.store.newPostId(),
        status: 'publish',
        createdAt,
        updatedAt: createdAt + (index % 4) * 5 * DAY + 3 * HOUR,
        plans: entry.plans.map((plan) => ({ ...plan })),
      });
    });
  }

  private randomRecipe(): Recipe {
    const [slug, planIndex] = this.random.weighted(POPULARITY);
    const withOffers = (OFFERS.withOffers as readonly string[]).includes(slug);
    const upsell = withOffers && this.random.chance(0.15);
    return {
      slug,
      planIndex,
      bump: withOffers && this.random.chance(0.3),
      upsell,
      downsell: withOffers && !upsell && this.random.chance(0.1),
    };
  }

  private pickCustomer(at: number): Customer {
    const { customers } = this.store;
    if (customers.length >= 5 && this.random.chance(0.35)) return this.random.pick(customers);
    return newCustomer(this.store, this.random, at);
  }

  private checkout(at: number, recipe: Recipe): void {
    const product = this.store.productBySlug(recipe.slug);
    const plan = product.plans[recipe.planIndex];
    const customer = this.pickCustomer(at);
    const ipAddress = newIpAddress(this.random);
    const gateway =
      recipe.gateway ??
      (product.shippingCents > 0 && this.random.chance(0.25) ? 'cod' : this.random.chance(0.7) ? 'stripe' : 'paypal');
    const bumpLines: Line[] = recipe.bump
      ? [checkoutLine(this.store.productBySlug(OFFERS.bump), this.bumpPlan(), 'bump')]
      : [];

    let parentId: number;
    if (plan.priceType === 'recurring') {
      const started = startSubscription(this.store, this.random, {
        customer,
        product,
        plan,
        gateway,
        at,
        ipAddress,
        extraLines: bumpLines,
      });
      this.planLifecycle(started.subscription, plan.installments, plan.trialDays ?? 0);
      parentId = started.order.id;
    } else {
      const status = recipe.status ?? this.oneTimeStatus(gateway);
      const order = placeOrder(this.store, this.random, {
        customer,
        lines: [checkoutLine(product, plan, 'main'), ...bumpLines],
        gateway,
        status,
        at,
        ipAddress,
      });
      if (status === 'refunded' || status === 'completed') order.modifiedAt = at + this.random.int(1, 9) * DAY;
      parentId = order.id;
    }

    const offer = recipe.upsell ? 'upsell' : recipe.downsell ? 'downsell' : null;
    if (offer && gateway !== 'cod' && this.store.orders.length < this.size) {
      const offered = this.store.productBySlug(OFFERS[offer]);
      placeOrder(this.store, this.random, {
        customer,
        lines: [checkoutLine(offered, offered.plans[0], offer)],
        gateway,
        status: 'paid',
        at: at + 2 * MINUTE,
        ipAddress,
        orderType: offer,
        parentId,
      });
    }
  }

  private bumpPlan(): Plan {
    return this.store.productBySlug(OFFERS.bump).plans[0];
  }

  private oneTimeStatus(gateway: Gateway): OrderStatus {
    if (gateway === 'cod') return this.random.chance(0.5) ? 'pending-payment' : 'paid';
    const roll = this.random.next();
    return roll < 0.03 ? 'refunded' : roll < 0.13 ? 'completed' : 'paid';
  }

  /** Decides how many charges follow the first order, and how an open-ended subscription ends. */
  private planLifecycle(subscription: Subscription, installments: number, trialDays: number): void {
    const trialBonus = trialDays > 0 ? 1 : 0;
    let chargesLeft: number;
    if (installments > 1) {
      chargesLeft = installments - 1 + trialBonus;
    } else {
      let lifetime = 1;
      while (lifetime < 60 && !this.random.chance(0.12)) lifetime += 1;
      chargesLeft = lifetime - 1 + trialBonus;
    }
    this.lifecycles.set(subscription.id, { chargesLeft, ending: this.random.chance(0.85) ? 'canceled' : 'paused' });
    this.schedule(subscription, chargesLeft > 0 ? 'charge' : 'end');
  }

  private schedule(subscription: Subscription, kind: Renewal['kind'], at = subscription.nextBillAt): void {
    if (at === null) return;
    this.seq += 1;
    this.heap.push({ at, seq: this.seq, subscription, kind });
  }

  private runScheduled(due: Renewal): void {
    const { subscription } = due;
    const lifecycle = this.lifecycles.get(subscription.id);
    if (!lifecycle) return;
    if (due.kind === 'end') {
      endSubscription(subscription, lifecycle.ending, due.at);
      return;
    }
    if (this.random.chance(0.04)) {
      chargeSubscription(this.store, this.random, subscription, due.at, 'failed');
      subscription.nextBillAt = due.at + 3 * DAY;
      this.schedule(subscription, 'charge');
      return;
    }
    chargeSubscription(this.store, this.random, subscription, due.at, 'paid');
    lifecycle.chargesLeft -= 1;
    if (lifecycle.chargesLeft > 0) {
      this.schedule(subscription, 'charge');
    } else if (this.store.plan(subscription.productId, subscription.planId)?.installments !== -1) {
      endSubscription(subscription, 'completed', due.at);
    } else {
      this.schedule(subscription, 'end');
    }
  }

  /** Later edits (refunds, completions) must not lie in the store's future. */
  private settle(): void {
    const { now } = this.store;
    for (const order of this.store.orders) if (order.modifiedAt > now) order.modifiedAt = now;
  }
}
