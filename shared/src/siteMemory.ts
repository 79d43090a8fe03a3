/**
 * What is known of each store's site for a while: its time zone and the unit of its REST amounts.
 * Each costs a request that a small WordPress host answers by booting WordPress, and each changes only
 * when the owner changes a setting or the plugin, so a process keeps them (ARCHITECTURE.md, "Decisions").
 * Kept by the store's address, never by or with its key: two connections to one address are one store.
 */
import type { Store } from './config';
import { type SiteZone, isKnownZone } from './dates/zone';
import type { KnownUnit } from './siteFacts';

/** How long a kept value is trusted; docs/dates.md and docs/amounts.md say what a change shows meanwhile. */
export const SITE_FACTS_LIFETIME_MS = 60 * 60_000;

/** Stores kept at most; the one kept longest goes first. */
const MOST_STORES = 500;

/** A kept value, trusted until `until` (ms since the epoch). */
interface Kept<T> {
  value: T;
  until: number;
}

/** What is kept of one store: also what a polling trigger keeps in its state (docs/polling.md). */
export interface SiteFacts {
  zone?: Kept<SiteZone>;
  unit?: Kept<KnownUnit>;
}

export class SiteMemory {
  private readonly stores = new Map<string, SiteFacts>();

  constructor(
    private readonly clock: () => number = Date.now,
    readonly lifetimeMs: number = SITE_FACTS_LIFETIME_MS,
  ) {}

  zone(store: Store): SiteZone | undefined {
    return this.factsOf(store).zone?.value;
  }

  unit(store: Store): KnownUnit | undefined {
    return this.factsOf(store).unit?.value;
  }

  keepZone(store: Store, zone: SiteZone): void {
    this.keep(store, { zone: { value: zone, until: this.clock() + this.lifetimeMs } });
  }

  keepUnit(store: Store, unit: KnownUnit): void {
    this.keep(store, { unit: { value: unit, until: this.clock() + this.lifetimeMs } });
  }

  /** A kept unit the store's own answer contradicts (a fractional amount where cents were kept). */
  forgetUnit(store: Store): void {
    const { zone } = this.factsOf(store);
    this.stores.set(keyOf(store), zone ? { zone } : {});
  }

  /** The store's facts still within their lifetime. */
  factsOf(store: Store): SiteFacts {
    const kept = this.stores.get(keyOf(store));
    if (!kept) return {};
    const now = this.clock();
    const facts: SiteFacts = {};
    if (kept.zone && kept.zone.until > now) facts.zone = kept.zone;
    if (kept.unit && kept.unit.until > now) facts.unit = kept.unit;
    return facts;
  }

  /** Facts kept elsewhere (a trigger's state), each where it is later than what is known; anything unreadable is left out. */
  restore(store: Store, raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const { zone, unit } = raw as Record<string, unknown>;
    const known = this.factsOf(store);
    const facts: SiteFacts = {};
    if (isKept(zone, isSiteZone) && zone.until > (known.zone?.until ?? 0)) facts.zone = zone;
    if (isKept(unit, isKnownUnit) && unit.until > (known.unit?.until ?? 0)) facts.unit = unit;
    this.keep(store, facts);
  }

  clear(): void {
    this.stores.clear();
  }

  private keep(store: Store, facts: SiteFacts): void {
    const key = keyOf(store);
    const merged = { ...this.factsOf(store), ...facts };
    this.stores.delete(key);
    if (this.stores.size >= MOST_STORES) this.stores.delete(this.stores.keys().next().value as string);
    this.stores.set(key, merged);
  }
}

/** The process's memory: the adapters' clients share it (`platformClient`). */
export const PROCESS_MEMORY = new SiteMemory();

/** The site's address: scheme, host and sub-folder (`Store.baseUrl`); the key plays no part. */
function keyOf(store: Store): string {
  return store.baseUrl;
}

function isKept<T>(raw: unknown, isValue: (value: unknown) => value is T): raw is Kept<T> {
  if (typeof raw !== 'object' || raw === null) return false;
  const { value, until } = raw as Record<string, unknown>;
  return typeof until === 'number' && Number.isFinite(until) && isValue(value);
}

function isSiteZone(value: unknown): value is SiteZone {
  if (typeof value !== 'object' || value === null) return false;
  const zone = value as Record<string, unknown>;
  if (zone.kind === 'named') return typeof zone.name === 'string' && isKnownZone(zone.name);
  return zone.kind === 'offset' && typeof zone.minutes === 'number' && Number.isFinite(zone.minutes);
}

function isKnownUnit(value: unknown): value is KnownUnit {
  if (typeof value !== 'object' || value === null) return false;
  const { unit, currency } = value as Record<string, unknown>;
  return (unit === 'decimal' || unit === 'cents') && (currency === undefined || typeof currency === 'string');
}
