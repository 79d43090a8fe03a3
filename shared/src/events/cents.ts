import { isRecord } from '../resources/coerce';
import type { EventRecord } from './record';

/**
 * Amounts a store converts when a hook asks for `prices_in_cents` (docs/service/events.md#amounts-in-cents), also inside items
 * and invoices. Latest-orders cannot be asked for cents, so recent examples are converted here to look
 * like the live deliveries a hook with `prices_in_cents` receives.
 */
const AMOUNTS = new Set([
  'amount',
  'order_amount',
  'tax_amount',
  'pre_tax_amount',
  'invoice_total',
  'invoice_subtotal',
  'subscription_amount',
  'total_amount',
  'shipping_amount',
  'discount',
  'unit_price',
  'subtotal',
  'discount_amount',
  'sign_up_fee',
]);

/** Currencies without minor units: stores leave their amounts unchanged. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Whether amounts in `currency` have no minor units (JPY, KRW, …): stores never multiply them. */
export function isZeroDecimalCurrency(currency: string): boolean {
  return ZERO_DECIMAL.has(currency.toUpperCase());
}

export function amountsInCents(record: EventRecord): EventRecord {
  const currency = typeof record.currency === 'string' ? record.currency.toUpperCase() : '';
  if (ZERO_DECIMAL.has(currency)) return record;
  return convert(record) as EventRecord;
}

function convert(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const [key, field] of Object.entries(value)) {
    if (AMOUNTS.has(key) && typeof field === 'number') out[key] = Math.round(field * 100);
    else if ((key === 'items' || key === 'invoices') && Array.isArray(field)) {
      out[key] = field.map((entry: unknown) => (isRecord(entry) ? convert(entry) : entry));
    }
  }
  return out;
}
