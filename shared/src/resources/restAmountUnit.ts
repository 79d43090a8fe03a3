/**
 * How a client knows the unit of a store's REST amounts (docs/amounts.md#how-the-unit-is-known): the
 * documented interface does not say, real stores send cents, the spec's sandbox decimals. Never a guess:
 * a fractional amount proves decimals; otherwise one recent order is read both ways, through
 * latest-orders (always decimals) and through the REST API, and the two amounts are compared. If that
 * cannot be done, the reading says why, and amounts go on as the store sent them.
 */
import { isZeroDecimal } from './currency';
import { isRecord, toNumber } from './coerce';
import type { RecordStep } from './build';
import { type MoneyUnit, amountsStep } from './money';
import type { ResultShape } from '../operations/catalogue';
import { resultTable } from './normalise';
import { type FieldTable, entriesOf } from './table';
import type { LatestOrder } from './types';

/** What a client knows about the unit of a store's REST amounts: the unit, or why it could not tell. */
type AmountsReading =
  | { unit: MoneyUnit; how: string; currency?: string }
  | { unit: null; reason: string; currency?: string };

/**
 * How a client call treats amounts. `amounts: false`: the store's amounts as sent, no unit reading
 * (verification, the unit's own reads). `retried: false`: one attempt (the unit's own reads cost at
 * most one request each), within the same pipeline and deadline as every call.
 */
export interface CallOptions {
  amounts?: boolean;
  retried?: boolean;
}

const UNIT_READ: CallOptions = { amounts: false, retried: false };

/** The reads a client offers the comparison; the unit's own reads go through the client's pipeline. */
interface UnitReads {
  store: { label: string };
  latestOrders(input: object, options: CallOptions): Promise<LatestOrder[]>;
  getOrder(id: number, options: CallOptions): Promise<{ order_amount?: unknown }>;
}

/** The unit of a store's REST amounts, and the store's currency when the reading saw it. */
export interface KnownUnit {
  unit: MoneyUnit;
  currency?: string;
}

/** Where a unit read is kept beyond one client (`siteMemory.ts`), for one store. */
interface KeptUnit {
  get(): KnownUnit | undefined;
  keep(unit: KnownUnit): void;
  forget(): void;
}

/** A client's money step: its unit reads are single attempts through its own pipeline (and deadline). */
export function restAmountsOf(
  client: UnitReads,
  notify: (notice: { level: 'warn' | 'info'; message: string }) => void,
  known?: MoneyUnit,
  kept?: KeptUnit,
): RestAmounts {
  return new RestAmounts({
    store: client.store.label,
    known,
    kept,
    notify: (level, message) => notify({ level, message }),
    probe: {
      latestOrders: () => client.latestOrders({}, UNIT_READ),
      restOrderAmount: async (id) => (await client.getOrder(id, UNIT_READ)).order_amount,
    },
  });
}

/** The two reads the comparison needs, given by the client (neither converts amounts). */
interface UnitProbe {
  latestOrders(): Promise<LatestOrder[]>;
  /** The REST `order_amount` of one order, as the store sent it. */
  restOrderAmount(id: number): Promise<unknown>;
}

/** Amounts the caller already holds, as sent: REST order amounts by order id, and every amount seen. */
interface AmountsInHand {
  orderAmounts: ReadonlyMap<number, number>;
  amounts: readonly number[];
}

async function readRestAmountUnit(probe: UnitProbe, inHand: AmountsInHand): Promise<AmountsReading> {
  const fractional = inHand.amounts.find((amount) => !Number.isInteger(amount));
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
  const chosen = candidates.find((order) => inHand.orderAmounts.has(order.id)) ?? candidates[0];
  if (!chosen) {
    const reason =
      latest.length === 0
        ? 'the store has no recent order to compare its REST amounts with'
        : 'its recent orders have no amount in a currency with cents to compare with';
    return currency ? { unit: null, reason, currency } : { unit: null, reason };
  }
  let rest: number | undefined = inHand.orderAmounts.get(chosen.id);
  if (rest === undefined) {
    try {
      rest = toNumber(await probe.restOrderAmount(chosen.id));
    } catch (error) {
      return { unit: null, reason: `order ${chosen.id} could not be read to compare: ${messageOf(error)}`, currency };
    }
  }
  const decimal = chosen.amount;
  if (rest !== undefined && Math.abs(rest - decimal * 100) < 0.5)
    return { unit: 'cents', how: `order ${chosen.id}: ${rest} in the REST API, ${decimal} in latest-orders`, currency };
  if (rest !== undefined && Math.abs(rest - decimal) < 0.005)
    return { unit: 'decimal', how: `order ${chosen.id}: ${rest} in the REST API and in latest-orders`, currency };
  return {
    unit: null,
    reason: `order ${chosen.id} shows ${String(rest)} in the REST API and ${decimal} in latest-orders, neither the same amount nor 100 times it`,
    currency,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown failure';
}

/**
 * The money step a client applies to its results (with the instants): REST records to decimals, read
 * once per client, with one notice when the unit cannot be told. Latest-orders records are decimals.
 */
export class RestAmounts {
  private reading: Promise<AmountsReading> | undefined;

  constructor(
    private readonly options: {
      probe: UnitProbe;
      /** The store as notices name it. */
      store: string;
      notify: (level: 'warn' | 'info', message: string) => void;
      /** The unit when the caller already knows it: no comparison. */
      known?: MoneyUnit;
      /** Where a reading is kept for later clients of the same store. */
      kept?: KeptUnit;
    },
  ) {
    if (options.known) this.reading = Promise.resolve({ unit: options.known, how: 'given by the caller' });
  }

  /**
   * What the client knows of its store's REST unit: told, kept from an earlier client, or read now
   * (never throws). Kept cents that the amounts in hand contradict (a fractional amount) are read again.
   */
  unit(inHand: AmountsInHand = { orderAmounts: new Map(), amounts: [] }): Promise<AmountsReading> {
    const kept = this.reading ? undefined : this.options.kept?.get();
    if (kept?.unit === 'cents' && inHand.amounts.some((amount) => !Number.isInteger(amount))) {
      this.options.kept?.forget();
    } else if (kept) {
      this.reading = Promise.resolve({ ...kept, how: 'kept from an earlier reading' });
    }
    this.reading ??= readRestAmountUnit(this.options.probe, inHand).then((reading) => {
      if (reading.unit !== null) {
        this.options.kept?.keep(
          reading.currency ? { unit: reading.unit, currency: reading.currency } : { unit: reading.unit },
        );
      } else {
        this.options.notify(
          'warn',
          `the unit of the amounts in ${this.options.store}'s REST API could not be told (${reading.reason}). Amounts read through it (Get, Get Many, polling) go on as the store sent them, marked amount_unit "unknown"; deliveries are not affected.`,
        );
      }
      return reading;
    });
    return this.reading;
  }

  /** The money step for a call's records (`resources/build.ts`): none when the call asked for the store's amounts as sent. */
  stepFor(
    options: CallOptions,
  ): ((shape: ResultShape, records: readonly object[]) => Promise<RecordStep | undefined>) | undefined {
    return options.amounts === false ? undefined : (shape, records) => this.handOn(shape, records);
  }

  /** Every amount in decimals and `amount_unit` on each record; none for results that are not records. */
  async handOn(shape: ResultShape, records: readonly object[]): Promise<RecordStep | undefined> {
    const table = resultTable(shape);
    if (!table || records.length === 0) return undefined;
    // Latest-orders records are decimals (docs/service/shapes.md#money). REST records keep the store's
    // value beside every amount; a result without an amount whose unit matters needs no reading.
    if (shape === 'latestOrders') return amountsStep({ from: 'decimal', to: 'decimal' });
    const options = { from: 'decimal', to: 'decimal', sent: 'always' } as const;
    if (!records.some((record) => amountsOf(record, table).length > 0)) return amountsStep(options);
    // The amounts in hand matter to the first reading only (every page of a Return All comes here).
    const inHand = this.reading
      ? undefined
      : { orderAmounts: orderAmounts(shape, records), amounts: records.flatMap((record) => amountsOf(record, table)) };
    const reading = await this.unit(inHand);
    return amountsStep({ ...options, from: reading.unit, ...(reading.currency ? { currency: reading.currency } : {}) });
  }
}

function orderAmounts(shape: ResultShape, records: readonly object[]): Map<number, number> {
  const found = new Map<number, number>();
  if (shape !== 'orders' && shape !== 'order') return found;
  for (const record of records as { id?: unknown; order_amount?: unknown }[]) {
    if (typeof record.id === 'number' && typeof record.order_amount === 'number')
      found.set(record.id, record.order_amount);
  }
  return found;
}

/** The amounts of a record whose unit matters (non-zero, in a currency with minor units), nested lists too. */
function amountsOf(record: unknown, table: FieldTable, found: number[] = []): number[] {
  if (!isRecord(record)) return found;
  if (typeof record.currency === 'string' && isZeroDecimal(record.currency)) return found;
  for (const key of Object.keys(record)) {
    const spec = table[key];
    const entries = entriesOf(spec);
    const value = record[key];
    if (spec?.money && typeof value === 'number' && value !== 0) found.push(value);
    else if (entries && Array.isArray(value)) value.forEach((entry) => amountsOf(entry, entries, found));
  }
  return found;
}
