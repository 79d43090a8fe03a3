import { ConfigurationError } from './errors';

/** What a user types into a connection form (`resolveStore` reads it; the client and its callers take its type from there). */
export interface StoreSettings {
  /** `shop.example.com`, `https://shop.example.com/`, `https://example.com/store`, ... */
  storeUrl: string;
  /** `null`: a store reached without a key (where a hook lives, not the connection's); only operations that take none can be sent to it. */
  apiKey: string | null;
  /** Default `/wp-json/sc/v1`; `?rest_route=/sc/v1` for sites without pretty permalinks. */
  apiRoot?: string;
}

export const DEFAULT_API_ROOT = '/wp-json/sc/v1';

type ApiRoot =
  /** Routes under a path prefix, e.g. `/wp-json/sc/v1`. */
  | { style: 'path'; prefix: string }
  /** Routes in the `rest_route` query parameter, e.g. `/?rest_route=/sc/v1/customers`. */
  | { style: 'rest_route'; route: string };

/** Settings validated and normalised once; everything downstream trusts this shape. */
export interface Store {
  /** Scheme, host and sub-folder, no trailing slash: `https://example.com/store`. */
  baseUrl: string;
  /** How the store is named to people: host and sub-folder, never a query string. */
  label: string;
  apiRoot: ApiRoot;
  /** The API root as the connection's field takes it (`/wp-json/sc/v1`, `?rest_route=/sc/v1`): with `baseUrl`, where the store is, without its key. */
  apiRootText: string;
  /** Empty for a store reached without a key. */
  apiKey: string;
}

const CONNECT = 'Connect to the store';
const HOST = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)+|\[[0-9a-f:.]+\])$/i;
/** Paths people paste from their WordPress admin or the API itself; the site is what comes before. */
const WORDPRESS_TAILS = /\/(wp-json|wp-admin|wp-login\.php|index\.php)(\/.*)?$/i;

export function resolveStore(settings: StoreSettings): Store {
  const apiKey = (settings.apiKey ?? '').trim();
  const baseUrl = normaliseStoreUrl(settings.storeUrl ?? '');
  const label = baseUrl.replace(/^https?:\/\//, '');
  if (!apiKey && settings.apiKey !== null) {
    throw new ConfigurationError(
      { store: label, operation: CONNECT },
      'no API key is set',
      'Paste the API key from the Studiocart settings of your WordPress admin into the connection.',
    );
  }
  const apiRoot = parseApiRoot(settings.apiRoot, label, new URL(baseUrl).pathname);
  const apiRootText = apiRoot.style === 'path' ? apiRoot.prefix : `?rest_route=${apiRoot.route}`;
  return { baseUrl, label, apiRoot, apiRootText, apiKey };
}

/** Whether API Root was left to be found: empty, or the default the connection forms fill in (`discovery.ts`). */
export function rootLeftOpen(apiRoot: string | undefined): boolean {
  const typed = (apiRoot ?? '').trim().replace(/\/+$/, '');
  return typed === '' || typed === DEFAULT_API_ROOT;
}

/** The same store, with its key, where its API answered instead: Store URL and API Root as typed in their fields. */
export function storeAt(store: Store, where: { baseUrl: string; apiRoot: string }): Store {
  return resolveStore({ storeUrl: where.baseUrl, apiKey: store.apiKey || null, apiRoot: where.apiRoot });
}

function normaliseStoreUrl(input: string): string {
  const typed = input.trim();
  // A password typed into the URL (`user:pass@host`) is never repeated in a message.
  const shown = typed.replace(/^((?:[a-z][a-z0-9+.-]*:)?\/\/)?[^/?#@]*@/i, '$1***@');
  const invalid = (why: string) =>
    new ConfigurationError(
      { store: shown || '(empty)', operation: CONNECT },
      `"${shown}" is not a store URL (${why})`,
      'Enter the address of your WordPress site, for example https://shop.example.com or https://example.com/store.',
    );
  if (!typed) throw invalid('it is empty');
  if (/\s/.test(typed)) throw invalid('it contains spaces');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid('it cannot be read as a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(`${url.protocol} is not http or https`);
  if (!HOST.test(url.hostname)) throw invalid(`"${url.hostname}" is not a host name`);
  if (url.username || url.password) throw invalid('it contains a user name or password');
  const path = url.pathname.replace(WORDPRESS_TAILS, '').replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

function parseApiRoot(input: string | undefined, storeLabel = '', basePath = ''): ApiRoot {
  const invalid = () =>
    new ConfigurationError(
      { store: storeLabel || '(store)', operation: CONNECT },
      `"${input}" is not an API root`,
      `Leave API Root empty to use ${DEFAULT_API_ROOT}, or enter ?rest_route=/sc/v1 for a site without pretty permalinks.`,
    );
  let value = (input ?? '').trim();
  if (!value) value = DEFAULT_API_ROOT;
  const routeMatch = /[?&]rest_route=([^&#]*)/.exec(value);
  if (routeMatch) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(routeMatch[1] ?? '');
    } catch {
      throw invalid();
    }
    const route = `/${decoded.replace(/^\/+|\/+$/g, '')}`;
    if (route === '/' || /[?#\s]/.test(route)) throw invalid();
    return { style: 'rest_route', route };
  }
  if (/^https?:\/\//i.test(value)) {
    try {
      value = new URL(value).pathname;
    } catch {
      throw invalid();
    }
    // A full URL of a store in a sub-folder: the root is what follows the store's own path.
    const base = basePath.replace(/\/+$/, '');
    if (base && value.startsWith(`${base}/`)) value = value.slice(base.length);
  }
  const prefix = `/${value.replace(/^\/+|\/+$/g, '')}`;
  if (prefix === '/' || /[?#\s]/.test(prefix)) throw invalid();
  return { style: 'path', prefix };
}

/** URL and query that reach `route` (relative to the API root, e.g. `webhook/subscribe/`). */
export function endpoint(store: Store, route: string): { url: string; query: Record<string, string> } {
  if (store.apiRoot.style === 'path') return { url: `${store.baseUrl}${store.apiRoot.prefix}/${route}`, query: {} };
  return { url: `${store.baseUrl}/`, query: { rest_route: `${store.apiRoot.route}/${route}` } };
}

const NAMESPACE = /\/sc\/v1$/;

/**
 * URL and query of WordPress's REST index on the same permalink form as the API root: `/wp-json/`
 * (the API root's prefix without `/sc/v1`), or `/?rest_route=/` on plain permalinks.
 */
export function indexEndpoint(store: Store): { url: string; query: Record<string, string> } {
  if (store.apiRoot.style === 'rest_route') return { url: `${store.baseUrl}/`, query: { rest_route: '/' } };
  const prefix = NAMESPACE.test(store.apiRoot.prefix) ? store.apiRoot.prefix.replace(NAMESPACE, '') : '/wp-json';
  return { url: `${store.baseUrl}${prefix}/`, query: {} };
}
