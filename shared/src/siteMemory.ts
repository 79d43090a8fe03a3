/**
 * What is known of each store's site for a while: its time zone, the unit of its REST amounts, and
 * where its API answered when the address as typed did not.
 * Each costs a request that a small WordPress host answers by booting WordPress, and each changes only
 * when the owner changes a setting or the plugin, so it is kept for one lifetime (docs/site-memory.md).
 * Kept by the store's address and a digest of its key, never with the key: an adapter's memory serves
 * every workflow and Zap of its process, and what one connection read (or was answered by another
 * site at that address) must not change what a connection with another key reads. Whoever makes
 * clients makes the memory and hands it to them: an adapter one for its clients, a polling run one of
 * its own, seeded from its state.
 */
import { createHash } from 'node:crypto';
import type { Store } from './config';
import { type SiteZone, isKnownZone } from './dates/zone';
import type { MoneyUnit } from './resources/money';
import { omit } from './resources/pick';

/** How long a kept value is trusted; docs/dates.md and docs/amounts.md say what a change shows meanwhile. */
export const SITE_FACTS_LIFETIME_MS = 60 * 60_000;

/** Stores kept at most; the one kept longest goes first. */
const MOST_STORES = 500;

/** The unit of a store's REST amounts, and the store's currency when the reading saw it (`amountUnit.ts`). */
interface KnownUnit {
  unit: MoneyUnit;
  currency?: string;
}

/** Where a store's API answered when the address as typed did not (`discovery.ts`): Store URL and API Root as typed in their fields. */
export interface FoundApi {
  baseUrl: string;
  apiRoot: string;
}

/** The facts kept of a site, by name. Another fact is a line here and its check in `IS_FACT`. */
export interface SiteFactValues {
  zone: SiteZone;
  unit: KnownUnit;
  api: FoundApi;
}

export type SiteFact = keyof SiteFactValues;

/** How a fact read back from a trigger's state is told from anything else. */
const IS_FACT: { [F in SiteFact]: (value: unknown) => value is SiteFactValues[F] } = {
  zone: isSiteZone,
  unit: isKnownUnit,
  api: isFoundApi,
};

/** A kept value, trusted until `until` (ms since the epoch). */
interface Kept<T> {
  value: T;
  until: number;
}

/** What is kept of one store: also what a polling trigger keeps in its state (docs/polling.md). */
export type KeptFacts = { [F in SiteFact]?: Kept<SiteFactValues[F]> };

export class SiteMemory {
  private readonly stores = new Map<string, KeptFacts>();

  constructor(
    private readonly clock: () => number = Date.now,
    readonly lifetimeMs: number = SITE_FACTS_LIFETIME_MS,
  ) {}

  recall<F extends SiteFact>(store: Store, fact: F): SiteFactValues[F] | undefined {
    return this.factsOf(store)[fact]?.value;
  }

  keep<F extends SiteFact>(store: Store, fact: F, value: SiteFactValues[F]): void {
    this.merge(store, { [fact]: { value, until: this.clock() + this.lifetimeMs } });
  }

  /** A kept value the store's own answer contradicts. */
  forget(store: Store, fact: SiteFact): void {
    this.stores.set(keyOf(store), omit(this.factsOf(store), fact));
  }

  /** The store's facts still within their lifetime. */
  factsOf(store: Store): KeptFacts {
    const kept = this.stores.get(keyOf(store)) ?? {};
    const now = this.clock();
    return Object.fromEntries(Object.entries(kept).filter(([, fact]) => fact.until > now)) as KeptFacts;
  }

  /**
   * Facts kept elsewhere (a trigger's state), each where it is later than what is known; anything
   * unreadable is left out, and none is trusted for more than one lifetime from now.
   */
  restore(store: Store, raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const known = this.factsOf(store);
    const latest = this.clock() + this.lifetimeMs;
    const restored = (Object.keys(IS_FACT) as SiteFact[]).map((fact) => {
      const kept = (raw as Record<string, unknown>)[fact];
      if (!isKept(kept, IS_FACT[fact] as (value: unknown) => boolean) || kept.until <= (known[fact]?.until ?? 0))
        return {};
      return { [fact]: { value: kept.value, until: Math.min(kept.until, latest) } };
    });
    this.merge(store, Object.assign({}, ...restored) as KeptFacts);
  }

  private merge(store: Store, facts: KeptFacts): void {
    const key = keyOf(store);
    const merged = { ...this.factsOf(store), ...facts };
    this.stores.delete(key);
    if (this.stores.size >= MOST_STORES) this.stores.delete(this.stores.keys().next().value as string);
    this.stores.set(key, merged);
  }
}

/** The site's address (`Store.baseUrl`: scheme, host, sub-folder) and a digest of the key, which is not kept. */
function keyOf(store: Store): string {
  return `${store.baseUrl} ${createHash('sha256').update(store.apiKey).digest('base64url').slice(0, 22)}`;
}

function isKept(raw: unknown, isValue: (value: unknown) => boolean): raw is Kept<unknown> {
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

function isFoundApi(value: unknown): value is FoundApi {
  if (typeof value !== 'object' || value === null) return false;
  const { baseUrl, apiRoot } = value as Record<string, unknown>;
  return typeof baseUrl === 'string' && typeof apiRoot === 'string';
}
