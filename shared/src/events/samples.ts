/**
 * Realistic samples of one store's records: each as the store holds it (REST fields included, the
 * source of `RESOURCE_SAMPLES`) and as a hook delivers it, and from those each event's sample
 * (`EVENT_SAMPLES`, the catalogue's `sample`). A delivery leaves out empty fields and the
 * REST-only ones (docs/service/events.md#delivery-shape), so a trigger's sample promises only
 * fields a live delivery has (a test compares them with the sandbox's deliveries).
 */
import { handOnAmounts, withInstant } from '../resources/build';
import { omit } from '../resources/pick';
import type { SiteZone } from '../dates/zone';
import { DELIVERY_FIELDS } from '../resources/tables';
import type { EventRecord } from './record';

/** The samples' store is in New York: its local times are five hours behind the UTC ones in November. */
const SAMPLE_ZONE: SiteZone = { kind: 'named', name: 'America/New_York' };

const SITE = 'https://shop.example.com';

const CUSTOMER = {
  customer_firstname: 'Maya',
  customer_lastname: 'Lopez',
  customer_name: 'Maya Lopez',
  customer_email: 'maya.lopez@example.com',
};

/** A purchase, with the fields only REST reads carry (`link`, `tax_type`, item `sub_summary`). */
const ORDER_RECORD: EventRecord = withInstant<EventRecord>(
  {
    trigger: 'purchased',
    id: 1042,
    ...CUSTOMER,
    product_id: '87',
    product_name: 'Sourdough Masterclass',
    gateway: 'stripe',
    shipping_amount: 0,
    date: '2026-11-20',
    date_time: '2026-11-20 14:32:05',
    payment_plan: 'Pay in full',
    payment_plan_id: 'full',
    order_amount: 168,
    tax_amount: 0,
    pre_tax_amount: 168,
    tax_rate: 0,
    tax_type: 'none',
    currency: 'USD',
    transaction_id: 'pi_3QAbCdEfGh123456',
    status: 'paid',
    items: [
      {
        product_name: 'Sourdough Masterclass',
        quantity: 1,
        subtotal: 149,
        total_amount: 149,
        tax_amount: 0,
        unit_price: 149,
        sub_summary: '$149.00',
      },
      {
        product_name: 'Starter Culture Kit',
        quantity: 1,
        subtotal: 19,
        total_amount: 19,
        tax_amount: 0,
        unit_price: 19,
        sub_summary: '$19.00',
      },
    ],
    invoice_total: 168,
    invoice_subtotal: 168,
    website_url: SITE,
    order_url: '/products/sourdough-masterclass/',
    link: `${SITE}/wp-json/sc/v1/orders/1042`,
  },
  SAMPLE_ZONE,
);

/** A subscription, with the fields only REST reads carry (`link`, invoice `link`, `tax_type`). */
const SUBSCRIPTION_RECORD: EventRecord = withInstant<EventRecord>(
  {
    trigger: 'active',
    id: 2051,
    ...CUSTOMER,
    product_id: '91',
    product_name: 'Bread Club Membership',
    gateway: 'stripe',
    date: '2026-11-20',
    date_time: '2026-11-20 09:15:41',
    payment_plan: 'Monthly',
    payment_plan_id: 'monthly',
    order_amount: 29,
    tax_amount: 0,
    tax_rate: 0,
    tax_type: 'none',
    currency: 'USD',
    subscription_id: 'sub_1QAbCdEfGh123456',
    status: 'active',
    amount: 29,
    interval: 'month',
    frequency: '1',
    trial_days: 7,
    sign_up_fee: 10,
    next_bill_date: '2026-12-20',
    next_bill_date_time: '2026-12-20 09:15:41',
    website_url: SITE,
    order_url: '/products/bread-club/',
    invoices: [
      {
        id: 2052,
        status: 'paid',
        order_amount: 39,
        date: '2026-11-20',
        // Site-local, as invoice times are: the subscription's 09:15:41 UTC in New York.
        date_time: '2026-11-20 04:15:41',
        link: `${SITE}/wp-json/sc/v1/orders/2052`,
      },
    ],
    link: `${SITE}/wp-json/sc/v1/subscriptions/2051`,
  },
  SAMPLE_ZONE,
);

/** The store's own records behind the samples, by what they are: the source of `RESOURCE_SAMPLES`' order and subscription. */
export const STORE_RECORDS = { order: ORDER_RECORD, subscription: SUBSCRIPTION_RECORD } as const;

/** Fields a REST read has and a delivery does not: on the record, and on each entry of its lists. */
const REST_ONLY = new Set(['link', 'tax_type']);
const REST_ONLY_IN_LISTS: Readonly<Record<string, ReadonlySet<string>>> = {
  items: new Set(['sub_summary']),
  invoices: new Set(['link']),
};

function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** A record as a hook delivers it: empty and REST-only fields left out, on the record and in its lists. */
function asDelivery(record: EventRecord): EventRecord {
  const out: EventRecord = { trigger: record.trigger };
  for (const [key, value] of Object.entries(record)) {
    if (REST_ONLY.has(key) || isEmpty(value)) continue;
    const dropped = REST_ONLY_IN_LISTS[key];
    out[key] =
      dropped && Array.isArray(value)
        ? value.map((entry: Record<string, unknown>) =>
            Object.fromEntries(Object.entries(entry).filter(([name, field]) => !dropped.has(name) && !isEmpty(field))),
          )
        : value;
  }
  return out;
}

/** A subscription that will not bill again (paused, canceled, completed) is delivered without a next bill date. */
function withoutNextBill(record: EventRecord): EventRecord {
  return {
    ...omit(record, 'next_bill_date', 'next_bill_date_time', 'next_bill_date_time_iso'),
    trigger: record.trigger,
  };
}

/** As a trigger hands a delivery on: amounts in decimals, `amount_unit` saying so (docs/amounts.md). */
function delivered(record: EventRecord): EventRecord {
  return handOnAmounts(asDelivery(record), DELIVERY_FIELDS, { from: 'decimal', to: 'decimal' });
}

const ORDER_SAMPLE: EventRecord = delivered(ORDER_RECORD);
const SUBSCRIPTION_SAMPLE: EventRecord = delivered(SUBSCRIPTION_RECORD);

const LEAD_SAMPLE: EventRecord = {
  trigger: 'lead',
  ...CUSTOMER,
  product_id: '87',
  product_name: 'Sourdough Masterclass',
  // A lead's date and time are both UTC (docs/dates.md).
  date: '2026-11-20',
  date_time: '2026-11-20 13:02:11',
  date_time_iso: '2026-11-20T13:02:11Z',
};

/** A subscription's renewal charge is an order of the subscription's product (renewal, failed), as delivered. */
const RENEWAL_ORDER: EventRecord = asDelivery({
  ...ORDER_SAMPLE,
  id: 2213,
  product_id: String(SUBSCRIPTION_SAMPLE.product_id),
  product_name: SUBSCRIPTION_SAMPLE.product_name ?? '',
  payment_plan: 'Monthly',
  payment_plan_id: 'monthly',
  order_amount: 29,
  pre_tax_amount: 29,
  invoice_total: 29,
  invoice_subtotal: 29,
  items: [
    {
      product_name: 'Bread Club Membership',
      quantity: 1,
      subtotal: 29,
      total_amount: 29,
      tax_amount: 0,
      unit_price: 29,
      sub_summary: '$29.00 / month',
    },
  ],
  link: 'https://shop.example.com/wp-json/sc/v1/orders/2213',
});

/** An event's sample from a base record: its `trigger` and the status the event leaves it in. */
function sampleOf(base: EventRecord, key: string, status: string): EventRecord {
  return { ...base, trigger: key, status };
}

/** Each event's sample, as its trigger hands a delivery on (docs/service/events.md#catalogue). */
export const EVENT_SAMPLES = {
  purchased: ORDER_SAMPLE,
  refunded: sampleOf(ORDER_SAMPLE, 'refunded', 'refunded'),
  pending: sampleOf(asDelivery({ ...ORDER_SAMPLE, gateway: 'cod', transaction_id: '' }), 'pending', 'pending'),
  active: SUBSCRIPTION_SAMPLE,
  trialing: sampleOf(SUBSCRIPTION_SAMPLE, 'trialing', 'trialing'),
  paused: sampleOf(withoutNextBill(SUBSCRIPTION_SAMPLE), 'paused', 'paused'),
  canceled: sampleOf(withoutNextBill(SUBSCRIPTION_SAMPLE), 'canceled', 'canceled'),
  completed: sampleOf(
    withoutNextBill({ ...SUBSCRIPTION_SAMPLE, payment_plan: '3 monthly payments', payment_plan_id: 'installments' }),
    'completed',
    'completed',
  ),
  lead: LEAD_SAMPLE,
  renewal: sampleOf(RENEWAL_ORDER, 'renewal', 'paid'),
  failed: sampleOf(asDelivery({ ...RENEWAL_ORDER, transaction_id: '' }), 'failed', 'failed'),
} satisfies Record<string, EventRecord>;
