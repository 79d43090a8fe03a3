/** Orders (`GET orders`, `GET orders/{order_id}`, `GET orders/subscription/{subscription_id}`, docs/service/shapes.md#order) and their items. */
import { type FieldTable, withRanks } from '../table';
import { PURCHASE_FIELDS } from './purchase';

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
