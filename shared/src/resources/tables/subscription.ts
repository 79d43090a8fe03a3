/** Subscriptions (`GET subscriptions`, `GET subscriptions/{subscription_id}`, docs/service/shapes.md#subscription) and their invoices. */
import { type FieldTable, type RecordOf, withRanks } from '../table';
import { PURCHASE_FIELDS } from './purchase';
import { SAMPLE_BUYER, SAMPLE_SITE } from './sampleStore';

/** An invoice inside `invoices[]`: its `date_time` is site-local (`get_the_date`), unlike the subscription's. */
const INVOICE_FIELDS = {
  id: { type: 'int', label: 'ID' },
  status: { type: 'string', label: 'Status' },
  order_amount: { type: 'number', label: 'Order Amount', money: true },
  date: { type: 'string', label: 'Date', clock: 'day' },
  date_time: { type: 'string', label: 'Date and Time', clock: 'site' },
  link: { type: 'string', label: 'API Link', text: 'url' },
} as const satisfies FieldTable;

export const SUBSCRIPTION_FIELDS = withRanks(
  // Simplify's choice for subscriptions, most used first (docs/simplify.md).
  [
    'id',
    'status',
    'customer_name',
    'customer_email',
    'product_name',
    'payment_plan',
    'amount',
    'currency',
    'next_bill_date_time',
    'date_time',
  ],
  {
    ...PURCHASE_FIELDS,
    // Order deliveries carry it too, 0 for a one-off order (the plugin's sc_webhook_order_body).
    subscription_id: { type: 'string', label: 'Gateway Subscription ID', zeroIsNone: true },
    amount: { type: 'number', label: 'Recurring Amount', money: true },
    interval: { type: 'string', label: 'Billing Interval' },
    frequency: { type: 'string', label: 'Billing Frequency' },
    trial_days: { type: 'int', label: 'Trial Days' },
    sign_up_fee: { type: 'number', label: 'Sign-up Fee', money: true },
    // Empty once a subscription has no next bill; both UTC (stored Unix timestamps, docs/dates.md).
    next_bill_date: { type: 'string', label: 'Next Bill Date', clock: 'day', blank: true },
    next_bill_date_time: { type: 'string', label: 'Next Bill Date and Time', clock: 'utc', blank: true },
    invoices: { type: { list: INVOICE_FIELDS }, label: 'Invoices', entry: 'Invoice' },
    // Sent by real stores on ended or canceled subscriptions (docs/service/shapes.md#times).
    end_date_time: { type: 'string', label: 'End Date and Time', clock: 'utc', extra: true },
    cancel_date_time: { type: 'string', label: 'Cancel Date and Time', clock: 'utc', extra: true },
  } as const satisfies FieldTable,
);

export type Subscription = RecordOf<typeof SUBSCRIPTION_FIELDS>;

/**
 * A subscription of the sample store (`sampleStore.ts`), with the fields only REST reads carry (`link`,
 * invoice `link`, `tax_type`): the subscription samples and the subscription events' samples are made
 * from it.
 */
export const SUBSCRIPTION_SAMPLE = {
  id: 2051,
  ...SAMPLE_BUYER,
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
  website_url: SAMPLE_SITE,
  order_url: '/products/bread-club/',
  invoices: [
    {
      id: 2052,
      status: 'paid',
      order_amount: 39,
      date: '2026-11-20',
      // Site-local, as invoice times are: the subscription's 09:15:41 UTC in New York.
      date_time: '2026-11-20 04:15:41',
      link: `${SAMPLE_SITE}/wp-json/sc/v1/orders/2052`,
    },
  ],
  link: `${SAMPLE_SITE}/wp-json/sc/v1/subscriptions/2051`,
} satisfies Subscription;
