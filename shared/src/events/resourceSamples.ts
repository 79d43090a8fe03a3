/**
 * Samples of what each read returns, for searches, actions and dropdowns: the records behind the event
 * samples as a REST read returns them, without `trigger`, with `link`, and with amounts as the client
 * gives them from a real store: decimals, the store's cents kept as `<field>_sent` (docs/amounts.md).
 */
import { amountsInCents } from './cents';
import { type FieldTable } from '../resources/table';
import type { EventRecord } from './record';
import { handOnAmounts, withInstant } from '../resources/build';
import { omit } from '../resources/pick';
import { STORE_RECORDS } from './samples';
import { CUSTOMER_FIELDS, DELIVERY_FIELDS, PRODUCT_FIELDS } from '../resources/tables';
import type { Customer, Product, WebhookPlan, WebhookProduct } from '../resources/types';

/** A record a real store sent in cents, as the client hands it on. */
function fromCents<T extends object>(record: T, table: FieldTable): T {
  return handOnAmounts(record, table, { from: 'cents', to: 'decimal', sent: 'always' });
}

function restRecord(record: EventRecord): Record<string, unknown> {
  // A REST record names no event.
  return omit(fromCents(amountsInCents(record), DELIVERY_FIELDS), 'trigger');
}

const ORDER_SAMPLE = restRecord(STORE_RECORDS.order);
const SUBSCRIPTION_SAMPLE = restRecord(STORE_RECORDS.subscription);

const NEW_YORK = { kind: 'named', name: 'America/New_York' } as const;

const CUSTOMER_SAMPLE = fromCents(
  withInstant(
    {
      id: 311,
      first_name: 'Maya',
      last_name: 'Lopez',
      email: 'maya.lopez@example.com',
      date_created: '2026-03-02 10:12:44',
      lifetime_value: 16800,
      total_orders: 3,
      // Site-local: the order of 14:32:05 UTC, in New York.
      last_order_date: '2026-11-20 09:32:05',
    } satisfies Customer,
    NEW_YORK,
    { table: CUSTOMER_FIELDS },
  ),
  CUSTOMER_FIELDS,
);

const PRODUCT_SAMPLE = fromCents(
  withInstant(
    {
      id: 87,
      name: 'Sourdough Masterclass',
      status: 'publish',
      description: 'Bake naturally leavened bread at home, from starter to crumb.',
      date_created: '2026-01-15 09:00:00',
      date_updated: '2026-10-02 16:45:10',
      url: 'https://shop.example.com/products/sourdough-masterclass/',
      image_url: 'https://shop.example.com/wp-content/uploads/sourdough.jpg',
      is_on_sale: 0,
      plans: [
        {
          id: 'full',
          name: 'Pay in full',
          price_type: 'one-time',
          price: 14900,
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
          price: 5500,
          installments: '3',
          interval: 'month',
          frequency: 1,
          trial_days: null,
          signup_fee: 0,
        },
      ],
    } satisfies Product,
    NEW_YORK,
    { table: PRODUCT_FIELDS },
  ),
  PRODUCT_FIELDS,
);

/** Samples of what each read returns, for searches, actions and dropdowns (the same store as the event samples). */
export const RESOURCE_SAMPLES = {
  order: ORDER_SAMPLE,
  subscription: SUBSCRIPTION_SAMPLE,
  customer: CUSTOMER_SAMPLE,
  product: PRODUCT_SAMPLE,
  webhookProduct: { id: 87, name: 'Sourdough Masterclass' } satisfies WebhookProduct,
  webhookPlan: { id: 'full', name: 'Pay in full' } satisfies WebhookPlan,
} as const;
