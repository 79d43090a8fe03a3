/** Products (`GET products`, `GET products/{product_id}`, docs/service/shapes.md#product) and their plans. */
import { type FieldTable, withRanks } from '../table';

const PLAN_FIELDS = {
  id: { type: 'string', label: 'ID' },
  name: { type: 'string', label: 'Name' },
  price_type: { type: 'string', label: 'Price Type' },
  price: { type: 'number', label: 'Price', money: true },
  installments: { type: 'string', label: 'Installments' },
  interval: { type: 'string', label: 'Billing Interval' },
  frequency: { type: 'int', label: 'Billing Frequency' },
  trial_days: { type: 'nullableInt', label: 'Trial Days' },
  signup_fee: { type: 'number', label: 'Sign-up Fee', money: true },
} as const satisfies FieldTable;

export const PRODUCT_FIELDS = withRanks(
  // Simplify's choice for products, most used first (docs/simplify.md); plans are a list, left out.
  ['id', 'name', 'status', 'url', 'is_on_sale', 'image_url', 'description', 'date_created', 'date_updated'],
  {
    id: { type: 'int', label: 'ID' },
    name: { type: 'string', label: 'Name' },
    status: { type: 'string', label: 'Status' },
    description: { type: 'string', label: 'Description' },
    date_created: { type: 'string', label: 'Date Created', clock: 'site' },
    date_updated: { type: 'string', label: 'Date Updated', clock: 'site' },
    url: { type: 'string', label: 'Product Page URL', text: 'url' },
    image_url: { type: 'string', label: 'Image URL' },
    is_on_sale: { type: 'int', label: 'On Sale' },
    plans: { type: { list: PLAN_FIELDS }, label: 'Plans', entry: 'Plan' },
  } as const satisfies FieldTable,
);
