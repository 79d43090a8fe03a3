/**
 * Money leaves the store either as decimals (49.5) or as integers in minor units (4950), as real
 * stores do with `prices_in_cents` and in REST resources. Zero-decimal currencies are whole units
 * either way, like Studiocart's sc_price_in_cents.
 */
import { isZeroDecimal } from '../../shared/src/resources/currency';

export type MoneyUnit = 'decimal' | 'cents';

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

export function money(minor: number, currency: string, unit: MoneyUnit): number {
  if (unit === 'cents' || isZeroDecimal(currency)) return minor;
  return minor / 100;
}

/** `"49.00"`: the documented latest-order amount (docs/service/shapes.md#latest-order-record). */
export function twoDecimals(minor: number, currency: string): string {
  return money(minor, currency, 'decimal').toFixed(2);
}

/** `$49.00`, for human-readable plan texts. */
export function formatPrice(minor: number, currency: string): string {
  const digits = isZeroDecimal(currency) ? 0 : 2;
  return `${SYMBOLS[currency] ?? `${currency} `}${money(minor, currency, 'decimal').toFixed(digits)}`;
}
