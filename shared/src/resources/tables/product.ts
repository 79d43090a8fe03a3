/** Products (`GET products`, `GET products/{product_id}`, docs/service/shapes.md#product) and their plans. */
import { type FieldTable, type RecordOf, withRanks } from '../table';
import { SAMPLE_SITE } from './sampleStore';

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

export type Product = RecordOf<typeof PRODUCT_FIELDS>;

/** A product of the sample store (`sampleStore.ts`), with a one-off and an instalment plan. */
export const PRODUCT_SAMPLE = {
  id: 87,
  name: 'Sourdough Masterclass',
  status: 'publish',
  description: 'Bake naturally leavened bread at home, from starter to crumb.',
  date_created: '2026-01-15 09:00:00',
  date_updated: '2026-10-02 16:45:10',
  url: `${SAMPLE_SITE}/products/sourdough-masterclass/`,
  image_url: `${SAMPLE_SITE}/wp-content/uploads/sourdough.jpg`,
  is_on_sale: 0,
  plans: [
    {
      id: 'full',
      name: 'Pay in full',
      price_type: 'one-time',
      price: 149,
      installments: '1',
      interval: '',
      frequency: 1,
      trial_days: null,
      signup_fee: 0,
    },
    {
      id: 'installments',
      name: '3 monthly payments',
      price_type: 'recurring',
      price: 55,
      installments: '3',
      interval: 'month',
      frequency: 1,
      trial_days: null,
      signup_fee: 0,
    },
  ],
} satisfies Product;
