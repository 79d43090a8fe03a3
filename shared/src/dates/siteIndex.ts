/**
 * Reading the site's zone from WordPress's REST index (`/wp-json/`, or `/?rest_route=/` on plain
 * permalinks): public, no key (docs/dates.md#where-the-zone-comes-from). One request; never retried, so
 * it costs at most one request per client whatever happens.
 */
import type { Store } from '../config';
import { parseBody } from '../http/parseBody';
import { describeTransportFailure, type HttpRequest, type Transport } from '../http/transport';
import { type ZoneReading, zoneFromIndex } from './zone';

const NAMESPACE = /\/sc\/v1$/;

/** The index request for a store, on the same permalink form as its API root. */
function indexRequest(store: Store, timeoutMs: number): HttpRequest {
  const base = { method: 'GET' as const, headers: { accept: 'application/json' }, timeoutMs };
  if (store.apiRoot.style === 'rest_route') return { ...base, url: `${store.baseUrl}/`, query: { rest_route: '/' } };
  const prefix = NAMESPACE.test(store.apiRoot.prefix) ? store.apiRoot.prefix.replace(NAMESPACE, '') : '/wp-json';
  return { ...base, url: `${store.baseUrl}${prefix}/`, query: {} };
}

/** Where the index is asked for this store, as a notice names it. */
export function indexLabel(store: Store, timeoutMs: number): string {
  const request = indexRequest(store, timeoutMs);
  const path = request.url.replace(/^https?:\/\/[^/]+/, '') || '/';
  return request.query.rest_route ? `${path}?rest_route=${request.query.rest_route}` : path;
}

export async function readSiteZone(transport: Transport, store: Store, timeoutMs: number): Promise<ZoneReading> {
  const request = indexRequest(store, timeoutMs);
  let status: number;
  let body: string;
  try {
    ({ status, body } = await transport.send(request));
  } catch (error) {
    const failure = describeTransportFailure(error);
    return {
      zone: null,
      reason: failure.reason === 'timeout' ? 'it did not answer in time' : 'it could not be reached',
    };
  }
  if (status < 200 || status >= 300) return { zone: null, reason: `it answered HTTP ${status}` };
  const parsed = parseBody(body);
  if (parsed.kind !== 'json') return { zone: null, reason: 'its answer is not JSON' };
  return zoneFromIndex(parsed.value);
}
