/**
 * WordPress's REST index (`GET /wp-json/`, or `/?rest_route=/` on plain permalinks), read for what it
 * tells of a failure: its namespaces and routes say whether Studiocart's API (`sc/v1`) is there, or
 * only Studiocart's own post types (`wp/v2/sc_product`: an edition without the API), or neither. One
 * request without the key, made only after a failure it explains: by the connection test (`connect.ts`)
 * and by a read (`client.ts`).
 */
import { type Store, indexEndpoint } from './config';
import { type CommerceServiceError, type ErrorContext, NotFoundError, SiteBlockedError } from './errors';
import { parseBody } from './http/parseBody';
import type { HttpResponse } from './http/transport';
import { SITUATIONS } from './situations';

/** What reads the index: the store as the client reaches it, and its keyless look (`CommerceServiceClient`). */
export interface IndexReader {
  readonly store: Store;
  look(url: string, query: Record<string, string>, label: string): Promise<HttpResponse>;
}

/** The REST index's raw answer, whatever its status. */
export async function indexAnswer(reader: IndexReader, label: string): Promise<HttpResponse> {
  const { url, query } = indexEndpoint(reader.store);
  return await reader.look(url, query, label);
}

/** Studiocart's products as WordPress's own REST routes list them, with or without Studiocart's API. */
const STUDIOCART_ROUTE = /^\/wp\/v2\/sc_product(\/|$)/;

/** The namespaces and routes the REST index lists; nothing when it is not the index. */
async function restIndex(
  reader: IndexReader,
  label: string,
): Promise<{ namespaces: string[]; routes: string[] } | undefined> {
  const parsed = parseBody((await indexAnswer(reader, label)).body);
  if (parsed.kind !== 'json' || typeof parsed.value !== 'object' || parsed.value === null) return undefined;
  const { namespaces, routes } = parsed.value as { namespaces?: unknown; routes?: unknown };
  if (!Array.isArray(namespaces)) return undefined;
  return {
    namespaces: namespaces.map(String),
    routes: typeof routes === 'object' && routes !== null ? Object.keys(routes) : [],
  };
}

/**
 * A 404 `rest_no_route` (`no-studiocart`) told by the index: `sc/v1` listed means Studiocart without
 * this route (`old-studiocart`), or an API Root typed for another place (`wrong-api-root`); without
 * `sc/v1`, Studiocart's post types mean an edition without the API is active (`studiocart-without-api`).
 * Any other failure, or an index that tells nothing (unread, not listing Studiocart), is returned as is.
 */
export async function toldByIndex(reader: IndexReader, error: CommerceServiceError): Promise<CommerceServiceError> {
  if (error.situation !== 'no-studiocart') return error;
  try {
    const listed = await restIndex(reader, error.operation);
    if (listed?.namespaces.includes('sc/v1'))
      return retold(error, atStudiocart(reader.store) ? 'old-studiocart' : 'wrong-api-root');
    if (listed?.routes.some((route) => STUDIOCART_ROUTE.test(route))) return retold(error, 'studiocart-without-api');
  } catch {
    // A look that failed tells nothing more: the failure's own answer stands.
  }
  return error;
}

/** Whether the API root in use is Studiocart's namespace (`…/sc/v1`), in either permalink form. */
function atStudiocart(store: Store): boolean {
  return store.apiRoot.style === 'path' ? /\/sc\/v1$/.test(store.apiRoot.prefix) : store.apiRoot.route === '/sc/v1';
}

/** The same failure, told as the situation an extra look found. */
export function retold(
  error: CommerceServiceError,
  situation: 'old-studiocart' | 'wrong-api-root' | 'studiocart-without-api' | 'rest-restricted',
): CommerceServiceError {
  const { summary, hint } = SITUATIONS[situation];
  const context = { ...contextOf(error), situation };
  return situation === 'rest-restricted'
    ? new SiteBlockedError(context, summary, hint)
    : new NotFoundError(context, summary, hint, 'route');
}

/** A failure's store, operation and what the store said: the context of the same failure told again. */
export function contextOf(error: CommerceServiceError): ErrorContext {
  return {
    store: error.store,
    operation: error.operation,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.serviceMessage === undefined ? {} : { serviceMessage: error.serviceMessage }),
  };
}
