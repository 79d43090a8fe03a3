/**
 * Finding a store's API from its site address, as WordPress clients do, only when the address as typed
 * fails: a move to the site's own canonical address (http → https, www or not) is followed, and a site
 * whose `/wp-json/` answers a page instead of the REST API, or redirects it within the site, is tried at
 * `?rest_route=`, which WordPress answers on every permalink setting (on plain permalinks `/wp-json/…` is
 * a front-end URL: the front page with 200 behind nginx and on Apache with WordPress's .htaccess, the
 * server's 404 page on Apache without it, and a 301 adding the trailing slash where one is missing).
 * What was found is kept in the site memory, like its zone, so a warm path costs what it always cost.
 * API Root typed by the user is an override: never second-guessed.
 */
import { type Store, storeAt } from './config';
import { CommerceServiceError, SiteMovedError } from './errors';
import type { FoundApi, SiteMemory } from './siteMemory';

const PLAIN_PERMALINKS_ROOT = '?rest_route=/sc/v1';

/**
 * Whether `error` is a page where the API should have answered: a 404 page, or a 2xx page that is no
 * site in front of WordPress (plain permalinks answer `/wp-json/…` with the front page and 200). A 5xx
 * page is a server failing, not an address to change.
 */
export function pageInsteadOfApi(error: unknown): boolean {
  if (!(error instanceof CommerceServiceError)) return false;
  const ok = error.status !== undefined && error.status >= 200 && error.status < 300;
  return error.situation === 'not-wordpress' || (error.situation === 'web-page' && ok);
}

/**
 * One client's search for its store's API, made after its first failure: the one other place worth one
 * more request. Each place is tried once per client, `first` (where the client started) included.
 */
export class ApiFinder {
  private readonly tried = new Set<string>();

  constructor(
    private readonly typed: Store,
    private readonly open: boolean,
    private readonly memory: SiteMemory,
    first: Store,
  ) {
    this.tried.add(keyOf(first));
  }

  /**
   * Where to send again after `error` at `store`, or nothing: a move to the same site's canonical
   * address (reads only: a write is never sent twice), or, with API Root left open, the `?rest_route=`
   * form where `/wp-json/` answered a page or a redirect that stays on the site (WordPress's canonical
   * redirect of a front-end URL: the REST API did not read the request).
   */
  instead(error: unknown, store: Store, reads: boolean): Store | undefined {
    if (!(error instanceof CommerceServiceError)) return undefined;
    const plainPermalinks = this.open && store.apiRoot.style === 'path';
    let next: Store | undefined;
    if (error instanceof SiteMovedError) {
      const baseUrl = siteAt(store.baseUrl, error.location);
      if (baseUrl === store.baseUrl) {
        if (plainPermalinks) next = this.at({ baseUrl, apiRoot: PLAIN_PERMALINKS_ROOT });
      } else if (baseUrl && reads) {
        next = this.at({ baseUrl, apiRoot: store.apiRootText });
      }
    } else if (pageInsteadOfApi(error) && plainPermalinks) {
      next = this.at({ baseUrl: store.baseUrl, apiRoot: PLAIN_PERMALINKS_ROOT });
    }
    if (!next || this.tried.has(keyOf(next))) return undefined;
    this.tried.add(keyOf(next));
    return next;
  }

  /** The API answered at `store`: kept for the store as typed. */
  keep(store: Store): void {
    if (keyOf(store) !== keyOf(this.typed)) {
      this.memory.keep(this.typed, 'api', { baseUrl: store.baseUrl, apiRoot: store.apiRootText });
    }
  }

  private at(found: FoundApi): Store {
    return storeAt(this.typed, found);
  }
}

function keyOf(store: Store): string {
  return `${store.baseUrl} ${store.apiRootText}`;
}

/**
 * The site's base URL at `location` when it is the same site at its canonical address: the same path,
 * on https instead of http, and/or with or without `www.`. Anything else is a move for the user to
 * confirm (another host, another path), or no move of the site at all (the same base).
 */
export function canonicalBase(baseUrl: string, location: string): string | undefined {
  const moved = siteAt(baseUrl, location);
  return moved === baseUrl ? undefined : moved;
}

/**
 * The base URL of the site `location` is on, when it is this site (`baseUrl`, or its canonical address):
 * under the same path, on the same host with or without `www.`, over the same scheme or http → https.
 */
function siteAt(baseUrl: string, location: string): string | undefined {
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
  return `${to.protocol}//${to.host}${base}`;
}
