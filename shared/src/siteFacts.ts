/**
 * What a client reads of a store's site beside its records: the time zone (docs/dates.md), from
 * WordPress's REST index, and the unit of the REST amounts (docs/amounts.md, told in `amountUnit.ts`).
 * Each is read at most once per client, only when records need it, and not while the memory holds it
 * (`siteMemory.ts`); what cannot be read is a reading that says why, and one notice. The reads go
 * through a narrow `send` that builds no records, so reading a fact never asks for a fact.
 */
import type { Store } from './config';
import type { SiteZone, ZoneReading } from './dates/zone';
import { CommerceServiceError, NetworkError, TimeoutError, UnexpectedResponseError, noOrdersAsEmpty } from './errors';
import {
  type AmountsAtHand,
  type AmountsReading,
  amountsOf,
  orderAmounts,
  readRestAmountUnit,
  unitNotice,
} from './amountUnit';
import { OPERATIONS, type ResultOf } from './operations/catalogue';
import { type Params, buildRequest } from './operations/buildRequest';
import type { ResultSpec } from './operations/results';
import type { Notice } from './platform/port';
import type { AmountRule, MoneyUnit } from './resources/money';
import type { FieldTable } from './resources/table';
import { ORDER_FIELDS } from './resources/tables/order';
import type { SiteMemory } from './siteMemory';

/** The operations the site's facts are read with. */
type FactOperation = 'readSiteZone' | 'latestOrders' | 'getOrder';

/**
 * One attempt at one of them, within the client's deadline: the body read into the operation's
 * shape, its records not built (amounts as sent). Rejects with the store's typed error.
 */
type FactSend = <K extends FactOperation>(key: K, params?: Params) => Promise<ResultOf<K>>;

export interface SiteFactsOptions {
  store: Store;
  memory: SiteMemory;
  send: FactSend;
  /** Why no request may start now (the deadline is spent), when that is so. */
  spent: () => string | undefined;
  notify: (notice: Notice) => void;
  /** Already known, so not read. */
  zone?: SiteZone;
  unit?: MoneyUnit;
}

export class SiteFacts {
  private zoneReading: Promise<ZoneReading> | undefined;
  private unitReading: Promise<AmountsReading> | undefined;

  constructor(private readonly site: SiteFactsOptions) {
    if (site.zone) this.zoneReading = Promise.resolve({ zone: site.zone });
    if (site.unit) this.unitReading = Promise.resolve({ unit: site.unit, how: 'given by the caller' });
  }

  /** The site's zone: given, remembered, or read now from the REST index. Never rejects. */
  zone(): Promise<ZoneReading> {
    const { memory, store } = this.site;
    const remembered = this.zoneReading ? undefined : memory.recall(store, 'zone');
    if (remembered) this.zoneReading = Promise.resolve({ zone: remembered });
    this.zoneReading ??= this.readZone();
    return this.zoneReading;
  }

  /**
   * How a result's amounts are written. Latest-orders records are decimals (docs/service/shapes.md#money);
   * REST records keep the store's value beside every amount, and need the REST unit only when they
   * hold an amount whose unit matters.
   */
  async amountRule(result: ResultSpec<unknown>, records: readonly object[]): Promise<AmountRule> {
    if (result.unit === 'decimal') return { from: 'decimal', to: 'decimal' };
    const table = result.records ?? {};
    const rule = { from: 'decimal', to: 'decimal', sent: 'always' } as const;
    const reading = (await this.knownUnit()) ?? (await this.unitFor(records, table));
    if (!reading) return rule;
    return { ...rule, from: reading.unit, ...(reading.currency ? { currency: reading.currency } : {}) };
  }

  /**
   * The unit when it is known to be decimals or cents (given, read by this client, or remembered
   * decimals): records are built the same whatever amounts they hold, so none is looked at. Remembered
   * cents are not known here: the amounts at hand may contradict them (`unit`).
   */
  private async knownUnit(): Promise<AmountsReading | undefined> {
    if (!this.unitReading) {
      const remembered = this.site.memory.recall(this.site.store, 'unit');
      if (remembered?.unit === 'decimal')
        this.unitReading = Promise.resolve({ ...remembered, how: 'kept from an earlier reading' });
    }
    const reading = await this.unitReading;
    return reading?.unit ? reading : undefined;
  }

  /** The unit of these records' amounts, or none when they hold no amount whose unit matters. */
  private async unitFor(records: readonly object[], table: FieldTable): Promise<AmountsReading | undefined> {
    const amounts = records.flatMap((record) => amountsOf(record, table));
    if (amounts.length === 0) return undefined;
    return await this.unit(amounts, records, table);
  }

  /**
   * The unit of the store's REST amounts: read so far, remembered, or read now (never rejects).
   * Remembered cents that the amounts at hand contradict (a fractional amount) are read again.
   */
  private unit(amounts: readonly number[], records: readonly object[], table: FieldTable): Promise<AmountsReading> {
    const { memory, store } = this.site;
    const remembered = this.unitReading ? undefined : memory.recall(store, 'unit');
    if (remembered?.unit === 'cents' && amounts.some((amount) => !Number.isInteger(amount)))
      memory.forget(store, 'unit');
    else if (remembered) this.unitReading = Promise.resolve({ ...remembered, how: 'kept from an earlier reading' });
    // Only a reading needs the orders at hand: their REST amounts spare it a read of one of them.
    this.unitReading ??= this.readUnit({
      orderAmounts: table === ORDER_FIELDS ? orderAmounts(records) : new Map<number, number>(),
      amounts,
    });
    return this.unitReading;
  }

  /** One attempt, when the deadline leaves time for one; a failure is a reading that says why. */
  private async readZone(): Promise<ZoneReading> {
    const { memory, store, send } = this.site;
    const spent = this.site.spent();
    const reading: ZoneReading = spent
      ? { zone: null, reason: spent }
      : await send('readSiteZone').catch((error: unknown) => ({ zone: null, reason: whyIndexUnread(error) }));
    if (reading.zone) memory.keep(store, 'zone', reading.zone);
    else this.notify(zoneNotice(store, reading.reason));
    return reading;
  }

  private async readUnit(atHand: AmountsAtHand): Promise<AmountsReading> {
    const { memory, store, send } = this.site;
    const reading = await readRestAmountUnit(
      {
        latestOrders: () => send('latestOrders').catch(noOrdersAsEmpty),
        restOrderAmount: async (id) => (await send('getOrder', { order_id: id })).order_amount,
      },
      atHand,
    );
    if (reading.unit === null) this.notify(unitNotice(store, reading.reason));
    else
      memory.keep(
        store,
        'unit',
        reading.currency ? { unit: reading.unit, currency: reading.currency } : { unit: reading.unit },
      );
    return reading;
  }

  /** A failing log never fails a read: the records matter more than the log line. */
  private notify(notice: Notice): void {
    try {
      this.site.notify(notice);
    } catch {
      // The notice is lost; the read goes on.
    }
  }
}

/** Why the REST index could not be read, as the zone notice says it. Any other failure is a bug: it must not pass as an unread zone. */
function whyIndexUnread(error: unknown): string {
  if (!(error instanceof CommerceServiceError)) throw error;
  if (error instanceof TimeoutError) return 'it did not answer in time';
  if (error instanceof NetworkError) return 'it could not be reached';
  const { status } = error;
  if (status !== undefined && (status < 200 || status >= 300)) return `it answered HTTP ${status}`;
  return error instanceof UnexpectedResponseError ? 'its answer is not JSON' : error.summary;
}

/** The notice for a zone that could not be read, naming the index request as the store would see it. */
function zoneNotice(store: Store, reason: string): Notice {
  const index = buildRequest(OPERATIONS.readSiteZone, store, {}, false);
  const path = index.url.replace(/^https?:\/\/[^/]+/, '') || '/';
  const where = index.query.rest_route ? `${path}?rest_route=${index.query.rest_route}` : path;
  return {
    level: 'warn',
    message: `the time zone of ${store.label} could not be read from its REST index (${where}: ${reason}). Times the store keeps in UTC still get an ISO instant (*_iso fields); site-local times (customer and product dates, invoice times) get none rather than a guess.`,
  };
}
