/** Customers (`GET customers`, `GET customers/{customer_id}`, docs/service/shapes.md#customer): WordPress post dates, site-local. */
import { type FieldTable, withRanks } from '../table';

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
