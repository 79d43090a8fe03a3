import { handOnAmounts } from '../resources/build';
import { DELIVERY_FIELDS } from '../resources/tables';
import type { EventRecord } from './record';

/**
 * Amounts a store converts when a hook asks for `prices_in_cents` (docs/service/events.md#amounts-in-cents):
 * the delivery's money fields (`money` in the field tables), also inside items and invoices. Latest-orders
 * cannot be asked for cents, so recent examples are converted here to look like the live deliveries a hook
 * with `prices_in_cents` receives: in cents, `amount_unit` saying so, no `_sent` values (the store of a
 * live delivery sent cents). Zero-decimal currencies are left as they are (docs/amounts.md).
 */
export function amountsInCents(record: EventRecord): EventRecord {
  return handOnAmounts(record, DELIVERY_FIELDS, { from: 'decimal', to: 'cents', sent: 'never' });
}
