/**
 * The Sales Summary (docs/sales-summary.md): a period's orders and the store's subscriptions, read with
 * the client's parallel paging and summed once for both platforms, with money in the unit of every
 * other path (docs/amounts.md).
 */
import { TimeoutError, UnexpectedResponseError } from '../errors';
import type { CommerceServiceClient } from '../client';
import { isZeroDecimal } from '../resources/currency';
import { SUMMARY_PERIODS, periodOf } from './period';
import { SummaryTotals, type Totals } from './totals';

const OPERATION = 'Get sales summary';

type Where = { store: string; operation: string };

/** What to do about a summary too long to read, in the errors that end one. */
const SHORTER = 'Choose a shorter period (Yesterday, or a Custom period of a few days)';
const WITHOUT_MRR = 'Turn off Subscriptions (MRR), which reads every subscription of the store';

interface SalesSummaryInput {
  /** One of `SUMMARY_PERIODS`. */
  period: string;
  /** A Custom period's first and last day. */
  from?: unknown;
  to?: unknown;
  /** Only orders and subscriptions whose main product is this one. */
  productId?: string | number | null;
  /** Read every subscription, for MRR (the API cannot filter them by status); default true. */
  subscriptions?: boolean;
  /** Pages asked at once (the paginator's default when absent). */
  concurrency?: number;
  /** The moment "today" is taken at; now by default. */
  now?: Date;
}

/** One summary: the period, its sums per currency, the subscriptions' figures, and what was read. */
export interface SalesSummary extends Totals {
  period: string;
  first_day: string;
  last_day: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  /** The product the summary was narrowed to; empty for the whole store. */
  product_id: string;
  orders_read: number;
  subscriptions_read: number;
  /** One line for a chat message or an email. */
  summary_text: string;
}

/** What the walks had read when one stopped, for the error that says so. */
interface Progress {
  orders: number;
  subscriptions: number;
  stage: 'orders' | 'subscriptions';
}

/**
 * `GET orders` with `date_after` the day before the period, newest first, until the records are older
 * than the period; then, unless turned off, every page of `GET subscriptions` (MRR needs them all).
 * Complete or failed: a walk that cannot finish (the page cap, the step's deadline) is an error that
 * says how far it got, never a partial sum.
 */
export async function salesSummary(client: CommerceServiceClient, input: SalesSummaryInput): Promise<SalesSummary> {
  const where: Where = { store: client.store.label, operation: OPERATION };
  const reading = await client.siteZone();
  if (!reading.zone) {
    throw new UnexpectedResponseError(
      where,
      `the store's time zone could not be read (${reading.reason}), so its days cannot be told`,
      "Check that the site's REST index (/wp-json/) is reachable: a security or caching plugin may block it.",
    );
  }
  const frame = await periodOf(client, input, reading.zone, where);
  const productId = input.productId === undefined || input.productId === null ? '' : String(input.productId).trim();
  const paging = (inParts: string) => ({
    operation: OPERATION,
    // What to do when one walk cannot read the whole list (more than 100,000 records): no Limit applies here.
    inParts,
    ...(input.concurrency === undefined ? {} : { concurrency: input.concurrency }),
  });
  const totals = new SummaryTotals(frame, input.subscriptions !== false);
  const progress: Progress = { orders: 0, subscriptions: 0, stage: 'orders' };
  const walk = async (): Promise<void> => {
    const orders = client.iterate(
      (page) => client.listOrders({ date_after: frame.dayBefore, ...page }),
      paging(`${SHORTER}.`),
    );
    for await (const order of orders) {
      progress.orders += 1;
      const place = frame.placeOf(order.date_time, order.date);
      // Newest first: once the records are older than the period, so is every page after them.
      if (place === 'before') break;
      if (place === 'in' && (!productId || order.product_id === productId)) totals.addOrder(order);
    }
    if (input.subscriptions !== false) {
      progress.stage = 'subscriptions';
      for await (const subscription of client.iterate(
        (page) => client.listSubscriptions(page),
        paging(`${WITHOUT_MRR}.`),
      )) {
        progress.subscriptions += 1;
        if (!productId || subscription.product_id === productId) totals.addSubscription(subscription);
        else totals.noteSubscription(subscription);
      }
    }
  };
  try {
    await walk();
  } catch (error) {
    // A deadline becomes the error that says how far the walks got.
    throw error instanceof TimeoutError ? new SummaryUnfinishedError(where, error, progress) : error;
  }
  const summary = {
    period: frame.period,
    first_day: frame.first,
    last_day: frame.last,
    starts_at: frame.startsAt.iso,
    ends_at: frame.endsAt.iso,
    time_zone: frame.timeZone,
    product_id: productId,
    ...totals.totals(),
    orders_read: progress.orders,
    subscriptions_read: progress.subscriptions,
  };
  return { ...summary, summary_text: summaryText(summary) };
}

/** The fields of a summary its text reads. */
type TextParts = Pick<
  SalesSummary,
  | 'period'
  | 'first_day'
  | 'last_day'
  | 'currencies'
  | 'mrr'
  | 'active_subscriptions'
  | 'past_due_subscriptions'
  | 'trialing_subscriptions'
>;

/**
 * A summary that ran out of time (a Zapier step's deadline, or a store too slow for one page): what it
 * had read and what to do. It never hands on the sums of what it had read.
 */
class SummaryUnfinishedError extends TimeoutError {
  override readonly name = 'SummaryUnfinishedError';
  readonly ordersRead: number;
  readonly subscriptionsRead: number;

  constructor(where: Where, cause: TimeoutError, progress: Progress) {
    const orders = `${count(progress.orders, 'order')} (${count(pages(progress.orders), 'page')})`;
    const subscriptions = `${count(progress.subscriptions, 'subscription')} (${count(pages(progress.subscriptions), 'page')})`;
    const read =
      progress.stage === 'orders'
        ? `it had read ${orders} and not yet the period's oldest`
        : `it had read the period's ${orders} and ${subscriptions} of the store's, not yet the last`;
    super(
      where,
      `the summary could not be finished in time (${cause.summary}): ${read}, so it gives no totals`,
      progress.stage === 'orders'
        ? `${SHORTER}, or try again when the store is less busy.`
        : `${WITHOUT_MRR}, or try again when the store is less busy.`,
    );
    this.ordersRead = progress.orders;
    this.subscriptionsRead = progress.subscriptions;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), ordersRead: this.ordersRead, subscriptionsRead: this.subscriptionsRead };
  }
}

function pages(records: number): number {
  return Math.ceil(records / 100);
}

function count(value: number, noun: string): string {
  return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;
}

function money(amount: number, currency: string): string {
  const digits = currency && isZeroDecimal(currency) ? 0 : 2;
  const text = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return currency ? `${currency} ${text}` : text;
}

/** One line for a chat message or an email: each currency on its own, never added together. */
function summaryText(summary: TextParts): string {
  const label = SUMMARY_PERIODS.find((entry) => entry.value === summary.period)?.label ?? summary.period;
  const days =
    summary.first_day === summary.last_day ? summary.first_day : `${summary.first_day} to ${summary.last_day}`;
  const sales = summary.currencies.map(
    (totals) =>
      `${count(totals.orders, 'order')}, ${money(totals.gross, totals.currency)} gross, ` +
      `${count(totals.refunded_orders, 'refund')} (${money(totals.refunds, totals.currency)}), ${money(totals.net, totals.currency)} net`,
  );
  let text = `${label} (${days}): ${sales.length > 0 ? sales.join('; ') : 'no orders'}.`;
  if (summary.active_subscriptions !== null) {
    const paying = summary.active_subscriptions + (summary.past_due_subscriptions ?? 0);
    const trials = `${summary.trialing_subscriptions ?? 0} in trial`;
    const mrr = summary.mrr.map((entry) => money(entry.mrr, entry.currency)).join(' and ');
    text +=
      paying === 0
        ? ` No active subscriptions (MRR 0); ${trials}.`
        : ` MRR ${mrr} from ${count(paying, 'subscription')}; ${trials}.`;
  }
  return text;
}
