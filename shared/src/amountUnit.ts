/**
 * How the unit of a store's REST amounts is told (docs/amounts.md#how-the-unit-is-known): the documented
 * interface does not state it; real stores send cents, the spec's sandbox decimals. Never a guess: a
 * fractional amount proves decimals; otherwise one recent order is read both ways, through
 * latest-orders (always decimals) and through the REST API, and the two amounts are compared. What
 * cannot be told is a reading that says why, without an order's id or amount (notices hold no
 * customer data).
 */
import type { Store } from './config';
import type { Notice } from './platform/port';
import { asList, isRecord, toNumber } from './resources/coerce';
import { isZeroDecimal } from './resources/currency';
import type { MoneyUnit } from './resources/money';
import { type FieldSpec, type FieldTable, entriesOf, isMoney } from './resources/table';
import type { LatestOrder } from './resources/types';

/** What a client knows about the unit of a store's REST amounts: the unit, or why it could not tell. */
export type AmountsReading =
  | { unit: MoneyUnit; how: string; currency?: string }
  | { unit: null; reason: string; currency?: string };

/** The two reads the comparison needs, made by the client (neither converts amounts). */
export interface UnitProbe {
  latestOrders(): Promise<LatestOrder[]>;
  /** The REST `order_amount` of one order, as the store sent it. */
  restOrderAmount(id: number): Promise<unknown>;
}

/** Amounts the caller already holds, as sent: REST order amounts by order id, and every amount seen. */
export interface AmountsAtHand {
  orderAmounts: ReadonlyMap<number, number>;
  amounts: readonly number[];
}

/** The notice for a unit that could not be told. */
export function unitNotice(store: Store, reason: string): Notice {
  return {
    level: 'warn',
    message: `the unit of the amounts in ${store.label}'s REST API could not be told (${reason}). Amounts read through it (Get, Get Many, polling) go on as the store sent them, marked amount_unit "unknown"; deliveries are not affected.`,
  };
}

/** The unit of a store's REST amounts: from the amounts at hand, or by comparing one order read both ways. Never throws. */
export async function readRestAmountUnit(probe: UnitProbe, atHand: AmountsAtHand): Promise<AmountsReading> {
  const fractional = atHand.amounts.find((amount) => !Number.isInteger(amount));
  if (fractional !== undefined)
    return { unit: 'decimal', how: `the store sent ${fractional}, which is not whole cents` };
  let latest: LatestOrder[];
  try {
    latest = await probe.latestOrders();
  } catch (error) {
    return { unit: null, reason: `its recent orders (latest-orders) could not be read: ${messageOf(error)}` };
  }
  const candidates = latest
    .map((record) => ({ id: record.order_id, amount: toNumber(record.order_amount) ?? 0, currency: record.currency }))
    .filter((order) => order.id > 0 && order.amount > 0 && !isZeroDecimal(order.currency ?? ''));
  const currency = latest.find((record) => record.currency)?.currency;
  const chosen = candidates.find((order) => atHand.orderAmounts.has(order.id)) ?? candidates[0];
  if (!chosen) {
    const reason =
      latest.length === 0
        ? 'the store has no recent order to compare its REST amounts with'
        : 'its recent orders have no amount in a currency with cents to compare with';
    return currency ? { unit: null, reason, currency } : { unit: null, reason };
  }
  let rest: number | undefined = atHand.orderAmounts.get(chosen.id);
  if (rest === undefined) {
    try {
      rest = toNumber(await probe.restOrderAmount(chosen.id));
    } catch (error) {
      return { unit: null, reason: `a recent order could not be read to compare: ${messageOf(error)}`, currency };
    }
  }
  const decimal = chosen.amount;
  if (rest !== undefined && Math.abs(rest - decimal * 100) < 0.5)
    return { unit: 'cents', how: `order ${chosen.id}: ${rest} in the REST API, ${decimal} in latest-orders`, currency };
  if (rest !== undefined && Math.abs(rest - decimal) < 0.005)
    return { unit: 'decimal', how: `order ${chosen.id}: ${rest} in the REST API and in latest-orders`, currency };
  return {
    unit: null,
    reason:
      "a recent order's amount in the REST API is neither the same amount nor 100 times its amount in latest-orders",
    currency,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown failure';
}

/** The REST `order_amount` of each order among `records` (as sent, numbers maybe as text), by order id. */
export function orderAmounts(records: readonly object[]): Map<number, number> {
  const found = new Map<number, number>();
  for (const record of records as { id?: unknown; order_amount?: unknown }[]) {
    const id = toNumber(record.id);
    const amount = toNumber(record.order_amount);
    if (id !== undefined && amount !== undefined) found.set(id, amount);
  }
  return found;
}

/**
 * The amounts of a record whose unit matters (non-zero, in a currency with minor units), nested lists
 * too, read from the record as the store sent it (numbers maybe as text).
 */
export function amountsOf(record: unknown, table: FieldTable, found: number[] = []): number[] {
  if (!isRecord(record)) return found;
  if (typeof record.currency === 'string' && isZeroDecimal(record.currency)) return found;
  const fields = moneyFieldsOf(table);
  for (const key of Object.keys(record)) {
    const spec = fields.get(key);
    if (!spec) continue;
    const entries = entriesOf(spec);
    const value = record[key];
    const amount = entries ? undefined : toNumber(value);
    if (amount !== undefined && amount !== 0 && isMoney(spec, record)) found.push(amount);
    else if (entries) asList(value).forEach((entry) => amountsOf(entry, entries, found));
  }
  return found;
}

const moneyFields = new WeakMap<FieldTable, ReadonlyMap<string, FieldSpec>>();

/** The fields of a table that may hold an amount or a list of them, by key: read once per table. */
function moneyFieldsOf(table: FieldTable): ReadonlyMap<string, FieldSpec> {
  let fields = moneyFields.get(table);
  if (!fields) {
    fields = new Map(Object.entries(table).filter(([, spec]) => spec.money !== undefined || entriesOf(spec)));
    moneyFields.set(table, fields);
  }
  return fields;
}
