import { type Bundle, type ZObject, defineInputFields, defineSearch } from 'zapier-platform-core';
import { SUMMARY_PERIODS, choiceText, salesSummary } from '@commerce-service/shared';
import { zapierClient } from '../platform';
import { withStoreErrors } from '../errors';

/**
 * `GET orders` and `GET subscriptions`, summed in shared (docs/sales-summary.md): one result, the summary. A summary that
 * cannot finish within the step's 25 s fails with what it had read, never a partial sum.
 */
export const perform = withStoreErrors(async (z: ZObject, bundle: Bundle) => {
  const input = bundle.inputData ?? {};
  const period = choiceText(input.period) || 'yesterday';
  const summary = await salesSummary(zapierClient(z, bundle), {
    period,
    from: input.from,
    to: input.to,
    productId: choiceText(input.product_id) || null,
    subscriptions: input.subscriptions !== false && input.subscriptions !== 'false',
  });
  return [summary];
});

const SAMPLE = {
  period: 'yesterday',
  first_day: '2026-11-23',
  last_day: '2026-11-23',
  starts_at: '2026-11-23T00:00:00-05:00',
  ends_at: '2026-11-24T00:00:00-05:00',
  time_zone: 'America/New_York',
  product_id: '',
  amount_unit: 'decimal',
  orders: 14,
  refunded_orders: 2,
  orders_not_counted: 1,
  currencies: [{ currency: 'USD', orders: 14, gross: 2310, refunded_orders: 2, refunds: 98, net: 2212, tax: 121.5 }],
  top_products: [
    { currency: 'USD', product_id: '87', product_name: 'Photography Masterclass', revenue: 1188, quantity: 12 },
  ],
  active_subscriptions: 180,
  past_due_subscriptions: 3,
  trialing_subscriptions: 12,
  new_subscriptions: 4,
  canceled_subscriptions: 0,
  canceled_without_date: 9,
  not_in_mrr: 0,
  mrr: [{ currency: 'USD', mrr: 5321.17, subscriptions: 183 }],
  orders_read: 15,
  subscriptions_read: 204,
  summary_text:
    'Yesterday (2026-11-23): 14 orders, USD 2,310.00 gross, 2 refunds (USD 98.00), USD 2,212.00 net. MRR USD 5,321.17 from 183 subscriptions; 12 in trial.',
};

const findSalesSummary = defineSearch({
  key: 'find_sales_summary',
  noun: 'Sales Summary',
  display: {
    label: 'Find Sales Summary',
    description:
      "Finds the sales of a period in the store's own days (yesterday, the last 7 days, last month, ...), for the whole store or by a product ID. Returns one sales summary: orders, gross, refunds, net and tax per currency, the top products, the subscriptions' monthly recurring revenue (MRR) and a one-line text for a scheduled digest to Slack or email. A period without orders gives a summary of zeros, not no result.",
  },
  operation: {
    inputFields: defineInputFields([
      {
        key: 'period',
        label: 'Period',
        type: 'string',
        required: true,
        default: 'yesterday',
        choices: SUMMARY_PERIODS.map(({ value, label }) => ({ value, label, sample: value })),
        helpText: "The days to sum, in the store's own time zone. Last 7 Days is the 7 whole days before today.",
      },
      {
        key: 'from',
        label: 'From (Custom period)',
        type: 'string',
        required: false,
        helpText: "With the Custom period: the first day, such as 2026-11-01, in the store's own days.",
      },
      {
        key: 'to',
        label: 'To (Custom period)',
        type: 'string',
        required: false,
        helpText: 'With the Custom period: the last day, included, such as 2026-11-30.',
      },
      {
        key: 'product_id',
        label: 'Product',
        type: 'string',
        required: false,
        dynamic: 'product_list.id.name',
        helpText: 'Only orders and subscriptions whose main product is this one. Leave empty for the whole store.',
      },
      {
        key: 'subscriptions',
        label: 'Subscriptions (MRR)',
        type: 'boolean',
        required: false,
        default: 'true',
        helpText:
          'Yes: read every subscription of the store for the monthly recurring revenue (one request per 100 subscriptions). No: sales only, faster.',
      },
    ]),
    perform,
    sample: SAMPLE,
    outputFields: [
      { key: 'summary_text', label: 'Summary Text', type: 'string' },
      { key: 'period', label: 'Period', type: 'string' },
      { key: 'first_day', label: 'First Day', type: 'string' },
      { key: 'last_day', label: 'Last Day', type: 'string' },
      { key: 'starts_at', label: 'Starts At', type: 'datetime' },
      { key: 'ends_at', label: 'Ends At', type: 'datetime' },
      { key: 'time_zone', label: 'Store Time Zone', type: 'string' },
      { key: 'product_id', label: 'Product ID', type: 'string' },
      { key: 'amount_unit', label: 'Amount Unit', type: 'string' },
      { key: 'orders', label: 'Orders (All Currencies)', type: 'integer' },
      { key: 'refunded_orders', label: 'Refunded Orders (All Currencies)', type: 'integer' },
      { key: 'orders_not_counted', label: 'Orders Not Counted (Pending or Failed)', type: 'integer' },
      { key: 'currencies[]currency', label: 'Currency', type: 'string' },
      { key: 'currencies[]orders', label: 'Currency Orders', type: 'integer' },
      { key: 'currencies[]gross', label: 'Currency Gross', type: 'number' },
      { key: 'currencies[]refunded_orders', label: 'Currency Refunded Orders', type: 'integer' },
      { key: 'currencies[]refunds', label: 'Currency Refunds', type: 'number' },
      { key: 'currencies[]net', label: 'Currency Net', type: 'number' },
      { key: 'currencies[]tax', label: 'Currency Tax', type: 'number' },
      { key: 'top_products[]currency', label: 'Top Product Currency', type: 'string' },
      { key: 'top_products[]product_id', label: 'Top Product ID', type: 'string' },
      { key: 'top_products[]product_name', label: 'Top Product Name', type: 'string' },
      { key: 'top_products[]revenue', label: 'Top Product Revenue', type: 'number' },
      { key: 'top_products[]quantity', label: 'Top Product Quantity', type: 'integer' },
      { key: 'mrr[]currency', label: 'MRR Currency', type: 'string' },
      { key: 'mrr[]mrr', label: 'MRR', type: 'number' },
      { key: 'mrr[]subscriptions', label: 'MRR Subscriptions', type: 'integer' },
      { key: 'active_subscriptions', label: 'Active Subscriptions', type: 'integer' },
      { key: 'past_due_subscriptions', label: 'Past Due Subscriptions', type: 'integer' },
      { key: 'trialing_subscriptions', label: 'Subscriptions in Trial', type: 'integer' },
      { key: 'new_subscriptions', label: 'New Subscriptions', type: 'integer' },
      { key: 'canceled_subscriptions', label: 'Canceled Subscriptions', type: 'integer' },
      { key: 'canceled_without_date', label: 'Canceled Subscriptions Without a Date', type: 'integer' },
      { key: 'not_in_mrr', label: 'Subscriptions Not in MRR', type: 'integer' },
      { key: 'orders_read', label: 'Orders Read', type: 'integer' },
      { key: 'subscriptions_read', label: 'Subscriptions Read', type: 'integer' },
    ],
  },
});

export default findSalesSummary;
