/** Orders (`GET orders`, `GET orders/{order_id}`, `GET orders/subscription/{subscription_id}`, docs/service/shapes.md#order) and their items. */
import { type FieldTable, type RecordOf, withRanks } from '../table';
import { PURCHASE_FIELDS } from './purchase';
import { SAMPLE_BUYER, SAMPLE_SITE } from './sampleStore';

const ORDER_ITEM_FIELDS = {
  product_name: { type: 'string', label: 'Product Name' },
  quantity: { type: 'int', label: 'Quantity' },
  subtotal: { type: 'number', label: 'Subtotal', money: true },
  total_amount: { type: 'number', label: 'Total Amount', money: true },
  tax_amount: { type: 'number', label: 'Tax Amount', money: true },
  unit_price: { type: 'number', label: 'Unit Price', money: true },
  sub_summary: { type: 'string', label: 'Price Summary' },
} as const satisfies FieldTable;

export const ORDER_FIELDS = withRanks(
  // Simplify's choice for orders, most used first (docs/simplify.md).
  [
    'id',
    'status',
    'date_time',
    'customer_name',
    'customer_email',
    'product_name',
    'order_amount',
    'currency',
    'payment_plan',
    'transaction_id',
  ],
  {
    ...PURCHASE_FIELDS,
    shipping_amount: { type: 'number', label: 'Shipping Amount', money: true },
    pre_tax_amount: { type: 'number', label: 'Amount Before Tax', money: true },
    transaction_id: { type: 'string', label: 'Transaction ID' },
    items: { type: { list: ORDER_ITEM_FIELDS }, label: 'Items', entry: 'Item' },
    invoice_total: { type: 'number', label: 'Invoice Total', money: true },
    invoice_subtotal: { type: 'number', label: 'Invoice Subtotal', money: true },
  } as const satisfies FieldTable,
);

export type Order = RecordOf<typeof ORDER_FIELDS>;

/**
 * A purchase of the sample store (`sampleStore.ts`), with the fields only REST reads carry (`link`,
 * `tax_type`, item `sub_summary`): the order samples and the purchase events' samples are made from it.
 */
export const ORDER_SAMPLE = {
  id: 1042,
  ...SAMPLE_BUYER,
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
  website_url: SAMPLE_SITE,
  order_url: '/products/sourdough-masterclass/',
  link: `${SAMPLE_SITE}/wp-json/sc/v1/orders/1042`,
} satisfies Order;
