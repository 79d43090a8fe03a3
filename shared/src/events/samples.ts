/**
 * Each event's sample (`EVENT_SAMPLES`, the catalogue's `sample`), made from the sample store's order
 * and subscription (`ORDER_SAMPLE`, `SUBSCRIPTION_SAMPLE`, beside their field tables) as a hook delivers
 * them. A delivery leaves out empty fields and the REST-only ones (docs/service/events.md#delivery-shape),
 * so a trigger's sample promises only fields a live delivery has (a test compares them with the
 * sandbox's deliveries).
 */
import { handOnAmounts, withInstant } from '../resources/build';
import { omit } from '../resources/pick';
import { DELIVERY_FIELDS } from '../resources/tables';
import { ORDER_SAMPLE } from '../resources/tables/order';
import { SAMPLE_BUYER, SAMPLE_ZONE } from '../resources/tables/sampleStore';
import { SUBSCRIPTION_SAMPLE } from '../resources/tables/subscription';
import type { EventRecord } from './record';

/** A purchase, as the purchase events deliver it. */
const ORDER_RECORD: EventRecord = withInstant<EventRecord>({ trigger: 'purchased', ...ORDER_SAMPLE }, SAMPLE_ZONE);

/** A subscription, as the subscription events deliver it. */
const SUBSCRIPTION_RECORD: EventRecord = withInstant<EventRecord>(
  { trigger: 'active', ...SUBSCRIPTION_SAMPLE },
  SAMPLE_ZONE,
);

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

const PURCHASED_SAMPLE: EventRecord = delivered(ORDER_RECORD);
const ACTIVE_SAMPLE: EventRecord = delivered(SUBSCRIPTION_RECORD);

const LEAD_SAMPLE: EventRecord = {
  trigger: 'lead',
  ...SAMPLE_BUYER,
  product_id: '87',
  product_name: 'Sourdough Masterclass',
  // A lead's date and time are both UTC (docs/dates.md).
  date: '2026-11-20',
  date_time: '2026-11-20 13:02:11',
  date_time_iso: '2026-11-20T13:02:11Z',
};

/** A subscription's renewal charge is an order of the subscription's product (renewal, failed), as delivered. */
const RENEWAL_ORDER: EventRecord = asDelivery({
  ...PURCHASED_SAMPLE,
  id: 2213,
  product_id: String(ACTIVE_SAMPLE.product_id),
  product_name: ACTIVE_SAMPLE.product_name ?? '',
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
  purchased: PURCHASED_SAMPLE,
  refunded: sampleOf(PURCHASED_SAMPLE, 'refunded', 'refunded'),
  pending: sampleOf(asDelivery({ ...PURCHASED_SAMPLE, gateway: 'cod', transaction_id: '' }), 'pending', 'pending'),
  active: ACTIVE_SAMPLE,
  trialing: sampleOf(ACTIVE_SAMPLE, 'trialing', 'trialing'),
  paused: sampleOf(withoutNextBill(ACTIVE_SAMPLE), 'paused', 'paused'),
  canceled: sampleOf(withoutNextBill(ACTIVE_SAMPLE), 'canceled', 'canceled'),
  completed: sampleOf(
    withoutNextBill({ ...ACTIVE_SAMPLE, payment_plan: '3 monthly payments', payment_plan_id: 'installments' }),
    'completed',
    'completed',
  ),
  lead: LEAD_SAMPLE,
  renewal: sampleOf(RENEWAL_ORDER, 'renewal', 'paid'),
  failed: sampleOf(asDelivery({ ...RENEWAL_ORDER, transaction_id: '' }), 'failed', 'failed'),
} satisfies Record<string, EventRecord>;
