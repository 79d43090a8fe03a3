import { isRecord } from '../resources/coerce';
import { isZeroDecimal } from '../resources/currency';
import { type FieldTable, entriesOf } from '../resources/table';
import { DELIVERY_FIELDS } from '../resources/tables';
import type { EventRecord } from './record';

/**
 * Amounts a store converts when a hook asks for `prices_in_cents` (docs/service/events.md#amounts-in-cents):
 * the delivery's money fields (`money` in the field tables), also inside items and invoices. Latest-orders
 * cannot be asked for cents, so recent examples are converted here to look like the live deliveries a hook
 * with `prices_in_cents` receives.
 */
export function amountsInCents(record: EventRecord): EventRecord {
  const currency = typeof record.currency === 'string' ? record.currency : '';
  if (isZeroDecimal(currency)) return record;
  return convert(record, DELIVERY_FIELDS) as EventRecord;
}

function convert(value: Record<string, unknown>, table: FieldTable): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const [key, field] of Object.entries(value)) {
    const spec = table[key];
    const entries = entriesOf(spec);
    if (spec?.money && typeof field === 'number') out[key] = Math.round(field * 100);
    else if (entries && Array.isArray(field)) {
      out[key] = field.map((entry: unknown) => (isRecord(entry) ? convert(entry, entries) : entry));
    }
  }
  return out;
}
