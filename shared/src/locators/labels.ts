/**
 * The line a picker shows for one record, in the words a store owner uses: `#1042 · Jane Doe · Pro
 * Course · $49`. Amounts are read as the client hands them on, in the record's `amount_unit`
 * (docs/amounts.md); a record whose unit is unknown shows no amount rather than a guess.
 */
import { isZeroDecimal } from '../resources/currency';
import { AMOUNT_UNIT_FIELD } from '../resources/money';
import {
  type Customer,
  type Order,
  type Product,
  RECORD_RESOURCES,
  type RecordResource,
  type Subscription,
} from '../resources/records';

const SEPARATOR = ' · ';

type Loose<T> = Partial<T> & Record<string, unknown>;

/** The resources with a line of their own; any other shows its search fields and its id. */
const LABELS: { [R in RecordResource]?: (record: Record<string, unknown>) => string } = {
  order: (record) => orderLabel(record as Loose<Order>),
  subscription: (record) => subscriptionLabel(record as Loose<Subscription>),
  customer: (record) => customerLabel(record as Loose<Customer>),
  product: (record) => productLabel(record as Loose<Product>),
};

export function recordLabel(resource: RecordResource, record: Record<string, unknown>): string {
  const ownLine = LABELS[resource];
  return ownLine ? ownLine(record) : searchedLabel(resource, record);
}

/** The line of a resource with none of its own: the fields its picker searches, then its id. */
export function searchedLabel(resource: RecordResource, record: Record<string, unknown>): string {
  const searched = RECORD_RESOURCES[resource].search.map((field) => textOf(record[field]));
  return join([...searched, `#${String(record.id ?? '?')}`]);
}

function orderLabel(order: Loose<Order>): string {
  return join([
    `#${String(order.id ?? '?')}`,
    buyer(order),
    text(order.product_name),
    money(order.order_amount, order.currency, unitOf(order)),
    order.status && order.status !== 'paid' && order.status !== 'completed' ? text(order.status) : '',
  ]);
}

function subscriptionLabel(subscription: Loose<Subscription>): string {
  const amount = money(subscription.amount || subscription.order_amount, subscription.currency, unitOf(subscription));
  const interval = text(subscription.interval);
  return join([
    `#${String(subscription.id ?? '?')}`,
    buyer(subscription),
    text(subscription.product_name),
    amount && interval ? `${amount} / ${interval}` : amount,
    text(subscription.status),
  ]);
}

function customerLabel(customer: Loose<Customer>): string {
  const name = join([text(customer.first_name), text(customer.last_name)], ' ');
  return join([name, text(customer.email), `#${String(customer.id ?? '?')}`]);
}

function productLabel(product: Loose<Product>): string {
  const prices = (Array.isArray(product.plans) ? product.plans : [])
    .map((plan) => (typeof plan?.price === 'number' ? plan.price : Number.NaN))
    .filter((price) => Number.isFinite(price));
  const lowest = prices.length > 0 ? Math.min(...prices) : undefined;
  // Products carry no currency: the price is shown as a number.
  const price = lowest === undefined ? '' : money(lowest, undefined, unitOf(product));
  return join([
    text(product.name) || `Product ${String(product.id ?? '?')}`,
    prices.length > 1 && price ? `from ${price}` : price,
    product.status && product.status !== 'publish' ? text(product.status) : '',
    `#${String(product.id ?? '?')}`,
  ]);
}

function buyer(record: Loose<Order> | Loose<Subscription>): string {
  return (
    text(record.customer_name) ||
    join([text(record.customer_firstname), text(record.customer_lastname)], ' ') ||
    text(record.customer_email)
  );
}

type LabelUnit = 'decimal' | 'cents' | undefined;

/** The unit the record's amounts are in; anything but `decimal` or `cents` (`unknown`, absent) shows no amount. */
function unitOf(record: Record<string, unknown>): LabelUnit {
  const unit = record[AMOUNT_UNIT_FIELD];
  return unit === 'decimal' || unit === 'cents' ? unit : undefined;
}

/** An amount as `$49` or `€49.50` (`49.50` without a currency); cents become decimals except in currencies without minor units. */
function money(amount: unknown, currency: unknown, unit: LabelUnit): string {
  if (unit === undefined || typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  const code = typeof currency === 'string' && /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : '';
  const value = unit === 'cents' && !(code !== '' && isZeroDecimal(code)) ? amount / 100 : amount;
  const whole = Number.isInteger(value);
  if (code === '') return value.toFixed(whole ? 0 : 2);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(value);
  } catch {
    return `${value.toFixed(whole ? 0 : 2)} ${code}`;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A searched field as shown: text as it is, a number as written. */
function textOf(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value);
}

function join(parts: string[], separator = SEPARATOR): string {
  return parts.filter((part) => part !== '').join(separator);
}
