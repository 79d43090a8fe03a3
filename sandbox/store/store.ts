import type { SiteTimezone } from '../format/zone';
import type { Customer, Lead, Order, Plan, Product, Subscription } from './types';

/**
 * The store's records with id indexes. Products, orders and subscriptions share one id sequence,
 * like WordPress posts, so an order id is never also a subscription id. Customers have their own.
 */
export class Store {
  readonly currency = 'USD';
  readonly products: Product[] = [];
  readonly customers: Customer[] = [];
  readonly orders: Order[] = [];
  readonly subscriptions: Subscription[] = [];
  readonly leads: Lead[] = [];
  /** The site's time zone (WordPress Settings → General): how local times are written. */
  zone: SiteTimezone = { name: 'UTC' };
  /** The store's clock: the time of the latest change. Events move it forward. */
  now = 0;
  /** Bumped on every change so cached sort orders know when to rebuild. */
  version = 0;

  private nextPost = 11;
  private readonly productById = new Map<number, Product>();
  private readonly customerById = new Map<number, Customer>();
  private readonly orderById = new Map<number, Order>();
  private readonly subscriptionById = new Map<number, Subscription>();
  private readonly sortCache = new Map<string, { version: number; items: readonly unknown[] }>();

  newPostId(): number {
    const id = this.nextPost;
    this.nextPost += 1;
    return id;
  }

  addProduct(product: Product): void {
    this.products.push(product);
    this.productById.set(product.id, product);
    this.changed(product.createdAt);
  }

  addCustomer(customer: Customer): void {
    this.customers.push(customer);
    this.customerById.set(customer.id, customer);
    this.changed(customer.createdAt);
  }

  addOrder(order: Order): void {
    this.orders.push(order);
    this.orderById.set(order.id, order);
    this.customerById.get(order.customerId)?.orderIds.push(order.id);
    if (order.subscriptionId !== null) this.subscriptionById.get(order.subscriptionId)?.orderIds.push(order.id);
    this.changed(order.createdAt);
  }

  addSubscription(subscription: Subscription): void {
    this.subscriptions.push(subscription);
    this.subscriptionById.set(subscription.id, subscription);
    this.changed(subscription.createdAt);
  }

  addLead(lead: Lead): void {
    this.leads.push(lead);
    this.changed(lead.createdAt);
  }

  /** Records that something changed at `at` (and invalidates cached sort orders). */
  changed(at: number): void {
    this.version += 1;
    if (at > this.now) this.now = at;
  }

  /** The time for the next live change: one minute after the latest. */
  tick(): number {
    this.now += 60;
    return this.now;
  }

  product(id: number): Product | undefined {
    return this.productById.get(id);
  }

  productBySlug(slug: string): Product {
    const product = this.products.find((candidate) => candidate.slug === slug);
    if (!product) throw new Error(`catalog product missing: ${slug}`);
    return product;
  }

  plan(productId: number, planId: string): Plan | undefined {
    return this.productById.get(productId)?.plans.find((plan) => plan.id === planId);
  }

  customer(id: number): Customer | undefined {
    return this.customerById.get(id);
  }

  order(id: number): Order | undefined {
    return this.orderById.get(id);
  }

  subscription(id: number): Subscription | undefined {
    return this.subscriptionById.get(id);
  }

  /** A sorted view of a collection, rebuilt only after the store changed. */
  sorted<T>(key: string, items: readonly T[], compare: (a: T, b: T) => number): readonly T[] {
    const cached = this.sortCache.get(key);
    if (cached && cached.version === this.version) return cached.items as readonly T[];
    const sorted = [...items].sort(compare);
    this.sortCache.set(key, { version: this.version, items: sorted });
    return sorted;
  }
}
