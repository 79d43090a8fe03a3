/** Customers (`GET customers`, `GET customers/{customer_id}`, docs/service/shapes.md#customer): WordPress post dates, site-local. */
import { type FieldTable, type RecordOf, withRanks } from '../table';

export const CUSTOMER_FIELDS = withRanks(
  // Simplify's choice: a customer has 8 fields, all kept, most used first (docs/simplify.md).
  ['id', 'email', 'first_name', 'last_name', 'total_orders', 'lifetime_value', 'last_order_date', 'date_created'],
  {
    id: { type: 'int', label: 'ID' },
    first_name: { type: 'string', label: 'First Name' },
    last_name: { type: 'string', label: 'Last Name' },
    email: { type: 'string', label: 'Email' },
    date_created: { type: 'string', label: 'Date Created', clock: 'site' },
    lifetime_value: { type: 'number', label: 'Lifetime Value', money: true },
    total_orders: { type: 'int', label: 'Total Orders' },
    last_order_date: { type: 'string', label: 'Last Order Date', clock: 'site' },
  } as const satisfies FieldTable,
);

export type Customer = RecordOf<typeof CUSTOMER_FIELDS>;

/** A customer of the sample store (`sampleStore.ts`). */
export const CUSTOMER_SAMPLE = {
  id: 311,
  first_name: 'Maya',
  last_name: 'Lopez',
  email: 'maya.lopez@example.com',
  date_created: '2026-03-02 10:12:44',
  lifetime_value: 168,
  total_orders: 3,
  // Site-local: the order of 14:32:05 UTC, in New York.
  last_order_date: '2026-11-20 09:32:05',
} satisfies Customer;
