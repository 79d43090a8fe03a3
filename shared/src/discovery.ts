/**
 * Finding a store's API from its site address, as WordPress clients do, only when the address as typed
 * fails: a move to the site's own canonical address (http → https, www or not) is followed, and a site
 * whose `/wp-json/` is not the REST API (plain permalinks) is tried at `?rest_route=`, which WordPress
 * answers on every permalink setting. What was found is kept per store, like its zone, so a warm path
 * costs what it always cost. API Root typed by the user is an override: never second-guessed.
 */
import { type Store, DEFAULT_API_ROOT, resolveStore } from './config';
import { CommerceServiceError, SiteMovedError } from './errors';
import { SITE_FACTS_LIFETIME_MS } from './siteMemory';

/** Where a store's API answered: the Store URL and the API Root as their fields take them. */
export interface FoundApi {
  baseUrl: string;
  apiRoot: string;
}

/** Where a store's API was found, by the address the user typed (never with the key). */
export interface FoundApiMemory {
  found(typedBaseUrl: string): FoundApi | undefined;
  keep(typedBaseUrl: string, found: FoundApi): void;
}

const PLAIN_PERMALINKS_ROOT = '?rest_route=/sc/v1';

/** Stores kept at most; the one kept longest goes first. */
const MOST_STORES = 500;

/** Kept for as long as the site's zone: it changes with a setting, a move or a plugin, rarely. */
export class FoundApis implements FoundApiMemory {
  private readonly kept = new Map<string, { value: FoundApi; until: number }>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly lifetimeMs: number = SITE_FACTS_LIFETIME_MS,
  ) {}

  found(typedBaseUrl: string): FoundApi | undefined {
    const entry = this.kept.get(typedBaseUrl);
    return entry && entry.until > this.clock() ? entry.value : undefined;
  }

  keep(typedBaseUrl: string, found: FoundApi): void {
    this.kept.delete(typedBaseUrl);
    if (this.kept.size >= MOST_STORES) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(typedBaseUrl, { value: found, until: this.clock() + this.lifetimeMs });
  }

  clear(): void {
    this.kept.clear();
  }
}

/** The process's: the adapters' clients share it (`platformClient`), as they share the site memory. */
export const PROCESS_FOUND_APIS = new FoundApis();

/** Whether API Root was left to be found: empty, or the default the connection forms fill in. */
export function rootLeftOpen(apiRoot: string | undefined): boolean {
  const typed = (apiRoot ?? '').trim().replace(/\/+$/, '');
  return typed === '' || typed === DEFAULT_API_ROOT;
}

/**
 * One client's search for its store's API: the store to start from, and after a failure the one other
 * place worth one more request. Each place is tried once per client.
 */
export class ApiFinder {
  private readonly tried = new Set<string>();

  constructor(
    private readonly typed: Store,
    private readonly open: boolean,
    private readonly memory: FoundApiMemory,
  ) {}

  /** Where the API was found before (kept), else the store as typed. */
  start(): Store {
    const found = this.open ? this.memory.found(this.typed.baseUrl) : undefined;
    const store = found ? this.at(found) : this.typed;
    this.tried.add(keyOf(store));
    return store;
  }

  /**
   * Where to send again after `error` at `store`, or nothing: a move to the same site's canonical
   * address (reads only: a write is never sent twice), or, with API Root left open, the `?rest_route=`
   * form where `/wp-json/` answered a page.
   */
  instead(error: unknown, store: Store, reads: boolean): Store | undefined {
    if (!(error instanceof CommerceServiceError)) return undefined;
    let next: Store | undefined;
    if (error instanceof SiteMovedError && reads) {
      const baseUrl = canonicalBase(store.baseUrl, error.location);
      if (baseUrl) next = this.at({ baseUrl, apiRoot: store.apiRootText });
    } else if (error.situation === 'not-wordpress' && this.open && store.apiRoot.style === 'path') {
      next = this.at({ baseUrl: store.baseUrl, apiRoot: PLAIN_PERMALINKS_ROOT });
    }
    if (!next || this.tried.has(keyOf(next))) return undefined;
    this.tried.add(keyOf(next));
    return next;
  }

  /** The API answered at `store`: kept for the store as typed. */
  keep(store: Store): void {
    if (keyOf(store) !== keyOf(this.typed)) {
      this.memory.keep(this.typed.baseUrl, { baseUrl: store.baseUrl, apiRoot: store.apiRootText });
    }
  }

  private at(found: FoundApi): Store {
    return resolveStore({ storeUrl: found.baseUrl, apiKey: this.typed.apiKey || null, apiRoot: found.apiRoot });
  }
}

function keyOf(store: Store): string {
  return `${store.baseUrl} ${store.apiRootText}`;
}

/**
 * The site's base URL at `location` when it is the same site at its canonical address: the same path,
 * on https instead of http, and/or with or without `www.`. Anything else is a move for the user to
 * confirm (another host, another path).
 */
export function canonicalBase(baseUrl: string, location: string): string | undefined {
  let from: URL;
  let to: URL;
  try {
    from = new URL(baseUrl);
    to = new URL(location);
  } catch {
    return undefined;
  }
  const bare = (host: string) => host.replace(/^www\./i, '').toLowerCase();
  const sameHost = bare(from.hostname) === bare(to.hostname);
  const schemeOk = from.protocol === to.protocol || (from.protocol === 'http:' && to.protocol === 'https:');
  const base = from.pathname.replace(/\/+$/, '');
  const samePath = to.pathname === base || to.pathname.startsWith(`${base}/`);
  if (!sameHost || !schemeOk || !samePath) return undefined;
  const moved = `${to.protocol}//${to.host}${base}`;
  return moved === baseUrl ? undefined : moved;
}
