/**
 * The Sales Summary's sums (docs/sales-summary.md#definitions): per currency, in whole minor units so sums
 * are exact and two currencies are never added together.
 */
import { isZeroDecimal } from '../resources/currency';
import type { Order, Subscription } from '../resources/records';
import type { SummaryFrame } from './period';

/** One currency's sales in the period: a row of `currencies`. */
interface CurrencyTotals {
  currency: string;
  /** Orders charged in the period: paid, completed and refunded. */
  orders: number;
  gross: number;
  refunded_orders: number;
  refunds: number;
  net: number;
  /** Tax of the orders kept (paid and completed). */
  tax: number;
}

type TopProduct = { currency: string; product_id: string; product_name: string; revenue: number; quantity: number };

/** One currency's MRR: a row of `mrr`, 0 for a currency the store bills subscriptions in that none counts for. */
interface RecurringRevenue {
  currency: string;
  mrr: number;
  subscriptions: number;
}

interface SubscriptionFigures {
  active_subscriptions: number;
  past_due_subscriptions: number;
  trialing_subscriptions: number;
  /** Created in the period. */
  new_subscriptions: number;
  /** Canceled in the period, among the canceled subscriptions whose records carry a cancel date. */
  canceled_subscriptions: number;
  /** Canceled subscriptions whose records carry no cancel date: when they were canceled is unknown. */
  canceled_without_date: number;
  /** Active or past due, but left out of MRR: a billing interval that cannot be normalised. */
  not_in_mrr: number;
}

type Unit = 'decimal' | 'cents' | 'unknown';

/** Each figure of subscriptions, or all null when subscriptions were not read. */
type SubscriptionFields = { [K in keyof SubscriptionFigures]: number | null };

export interface Totals extends SubscriptionFields {
  amount_unit: Unit;
  orders: number;
  refunded_orders: number;
  /** Orders of the period that are not sales: pending payment, failed, and unknown statuses. */
  orders_not_counted: number;
  currencies: CurrencyTotals[];
  top_products: TopProduct[];
  mrr: RecurringRevenue[];
}

/** Order statuses that are sales, and the one that is a refund; subscription statuses by meaning. */
const SALE_STATUSES: ReadonlySet<string> = new Set(['paid', 'completed', 'refunded']);
const REFUND_STATUS = 'refunded';
const MRR_STATUSES: ReadonlySet<string> = new Set(['active', 'past_due']);
const TRIAL_STATUSES: ReadonlySet<string> = new Set(['trialing', 'trial']);
const CANCELED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'cancelled']);

/** Months in one billing interval: a year of 365 days and 52 weeks, over 12 months. */
const MONTHS_PER_INTERVAL: Readonly<Record<string, number>> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };

const TOP_PRODUCTS = 5;

const NOT_READ: SubscriptionFields = {
  active_subscriptions: null,
  past_due_subscriptions: null,
  trialing_subscriptions: null,
  new_subscriptions: null,
  canceled_subscriptions: null,
  canceled_without_date: null,
  not_in_mrr: null,
};

interface ProductRow {
  id: string;
  name: string;
  revenue: number;
  quantity: number;
}

interface Bucket {
  orders: number;
  gross: number;
  refundedOrders: number;
  refunds: number;
  tax: number;
  /** Each product's row, under `id:<id>` and `name:<name>` (see `credit`). */
  products: Map<string, ProductRow>;
  /** Subscriptions: MRR in minor units (unrounded) and the subscriptions in it. */
  mrr: number;
  recurring: number;
  /** The store has a subscription in this currency, counted or not: `mrr` has a row for it. */
  billsSubscriptions: boolean;
}

export class SummaryTotals {
  private readonly buckets = new Map<string, Bucket>();
  private readonly units = new Set<Unit>();
  private notCounted = 0;
  private readonly figures: SubscriptionFigures = {
    active_subscriptions: 0,
    past_due_subscriptions: 0,
    trialing_subscriptions: 0,
    new_subscriptions: 0,
    canceled_subscriptions: 0,
    canceled_without_date: 0,
    not_in_mrr: 0,
  };

  /**
   * `placeOf`: where a UTC store time falls in the period (`period.ts`). `subscriptions`: whether the
   * subscription list is read; its figures are numbers then, 0 where none matched, and null otherwise.
   */
  constructor(
    private readonly period: Pick<SummaryFrame, 'placeOf'>,
    private readonly subscriptions: boolean,
  ) {}

  /** An order placed in the period. */
  addOrder(order: Order): void {
    this.noteUnit(order);
    if (!SALE_STATUSES.has(order.status)) {
      this.notCounted += 1;
      return;
    }
    const scale = scaleOf(order.currency);
    const bucket = this.bucket(order.currency);
    const amount = minor(order.order_amount, scale);
    bucket.orders += 1;
    bucket.gross += amount;
    if (order.status === REFUND_STATUS) {
      bucket.refundedOrders += 1;
      bucket.refunds += amount;
      return;
    }
    bucket.tax += minor(order.tax_amount, scale);
    // Revenue by product from the items, so a bump counts for its own product; an order without items, whole.
    if (order.items.length === 0) credit(bucket, order.product_id, order.product_name, amount, 1);
    // The store's REST items carry no product ID: the main item (named as the order's product) takes the order's.
    const main = order.items.find((item) => item.product_name === order.product_name);
    for (const item of order.items) {
      const id = (item as { product_id?: unknown }).product_id;
      const itemId =
        typeof id === 'string' || typeof id === 'number' ? String(id) : item === main ? order.product_id : '';
      credit(bucket, itemId, item.product_name, minor(item.total_amount, scale), item.quantity || 1);
    }
  }

  /** Any subscription of the store, counted or not (a product filter): `mrr` gets a row for its currency. */
  noteSubscription(subscription: Subscription): void {
    this.bucket(subscription.currency).billsSubscriptions = true;
  }

  /** A subscription counted: its status now, and whether it began or was canceled in the period. */
  addSubscription(subscription: Subscription): void {
    this.noteSubscription(subscription);
    this.noteUnit(subscription);
    const status = subscription.status.toLowerCase();
    if (this.period.placeOf(subscription.date_time) === 'in') this.figures.new_subscriptions += 1;
    if (TRIAL_STATUSES.has(status)) this.figures.trialing_subscriptions += 1;
    if (CANCELED_STATUSES.has(status)) {
      const canceledAt = (subscription as { cancel_date_time?: unknown }).cancel_date_time;
      const place = this.period.placeOf(canceledAt);
      if (place === 'unknown') this.figures.canceled_without_date += 1;
      else if (place === 'in') this.figures.canceled_subscriptions += 1;
    }
    if (!MRR_STATUSES.has(status)) return;
    this.figures[status === 'active' ? 'active_subscriptions' : 'past_due_subscriptions'] += 1;
    const months = MONTHS_PER_INTERVAL[subscription.interval.toLowerCase()];
    const frequency = Number(subscription.frequency) || 1;
    if (months === undefined || frequency <= 0) {
      this.figures.not_in_mrr += 1;
      return;
    }
    const bucket = this.bucket(subscription.currency);
    // The recurring amount over the months it pays for; the trial and the sign-up fee are not recurring.
    bucket.mrr += minor(subscription.amount, scaleOf(subscription.currency)) / (months * frequency);
    bucket.recurring += 1;
  }

  totals(): Totals {
    const entries = [...this.buckets.entries()].map(([currency, bucket]) => ({
      currency,
      bucket,
      scale: scaleOf(currency),
    }));
    const sold = entries.filter(({ bucket }) => bucket.orders > 0).sort((a, b) => b.bucket.orders - a.bucket.orders);
    const recurring = entries.filter(({ bucket }) => bucket.billsSubscriptions);
    return {
      amount_unit: this.units.size > 1 ? 'unknown' : ([...this.units][0] ?? 'decimal'),
      orders: entries.reduce((total, { bucket }) => total + bucket.orders, 0),
      refunded_orders: entries.reduce((total, { bucket }) => total + bucket.refundedOrders, 0),
      orders_not_counted: this.notCounted,
      currencies: sold.map(({ currency, bucket, scale }) => ({
        currency,
        orders: bucket.orders,
        gross: bucket.gross / scale,
        refunded_orders: bucket.refundedOrders,
        refunds: bucket.refunds / scale,
        net: (bucket.gross - bucket.refunds) / scale,
        tax: bucket.tax / scale,
      })),
      top_products: sold.flatMap(({ currency, bucket, scale }) =>
        [...new Set(bucket.products.values())]
          .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name))
          .slice(0, TOP_PRODUCTS)
          .map((product) => ({
            currency,
            product_id: product.id,
            product_name: product.name,
            revenue: product.revenue / scale,
            quantity: product.quantity,
          })),
      ),
      ...(this.subscriptions ? this.figures : NOT_READ),
      mrr: recurring
        .sort((a, b) => b.bucket.recurring - a.bucket.recurring)
        .map(({ currency, bucket, scale }) => ({
          currency,
          mrr: Math.round(bucket.mrr) / scale,
          subscriptions: bucket.recurring,
        })),
    };
  }

  /** The unit the records' amounts are in (`amount_unit`, docs/amounts.md); one client reads one. */
  private noteUnit(record: object): void {
    const unit = (record as { amount_unit?: unknown }).amount_unit;
    if (unit === 'decimal' || unit === 'cents' || unit === 'unknown') this.units.add(unit);
  }

  private bucket(currency: string): Bucket {
    let bucket = this.buckets.get(currency);
    if (!bucket) {
      bucket = {
        orders: 0,
        gross: 0,
        refundedOrders: 0,
        refunds: 0,
        tax: 0,
        products: new Map(),
        mrr: 0,
        recurring: 0,
        billsSubscriptions: false,
      };
      this.buckets.set(currency, bucket);
    }
    return bucket;
  }
}

/** Minor units per unit of a currency's amounts: 1 for currencies without minor units. */
function scaleOf(currency: string): number {
  return currency && isZeroDecimal(currency) ? 1 : 100;
}

/** An amount in whole minor units, so sums are exact (49.9 + 0.1 is 50, not 49.99999…). */
function minor(amount: number, scale: number): number {
  return Number.isFinite(amount) ? Math.round(amount * scale) : 0;
}

/**
 * Adds to a product's row. Rows meet by ID; an entry without one (a bump's item, when the store's items
 * carry no product ID) meets the row of its name, so one product is one row.
 */
function credit(bucket: Bucket, id: string, name: string, revenue: number, quantity: number): void {
  const rows = bucket.products;
  const named = rows.get(`name:${name}`);
  let row = id ? rows.get(`id:${id}`) : undefined;
  if (!row && named && (!id || !named.id)) row = named;
  row ??= { id, name, revenue: 0, quantity: 0 };
  row.id ||= id;
  row.revenue += revenue;
  row.quantity += quantity;
  if (row.id) rows.set(`id:${row.id}`, row);
  if (!named) rows.set(`name:${name}`, row);
}
