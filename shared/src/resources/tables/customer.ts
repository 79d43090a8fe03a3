/** Customers (operations 7 and 8, docs/service/shapes.md#customer): WordPress post dates, site-local. */
import { type FieldTable, withRanks } from '../table';

export const CUSTOMER_FIELDS = withRanks(
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
  /** A customer has 8 fields: Simplify keeps them all (docs/simplify.md). */
  {
    id: 1,
    email: 2,
    first_name: 3,
    last_name: 4,
    total_orders: 5,
    lifetime_value: 6,
    last_order_date: 7,
    date_created: 8,
  },
);
