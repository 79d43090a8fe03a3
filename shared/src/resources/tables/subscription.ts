/** Subscriptions (`GET subscriptions`, `GET subscriptions/{subscription_id}`, docs/service/shapes.md#subscription) and their invoices. */
import { type FieldTable, withRanks } from '../table';
import { PURCHASE_FIELDS } from './purchase';

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
    subscription_id: { type: 'string', label: 'Gateway Subscription ID' },
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
