import { timingSafeEqual } from 'node:crypto';
import { forbidden } from './errors';
import type { ApiRequest } from './http/incoming';
import { readString } from './params';

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function loggedIn(request: ApiRequest): boolean {
  return String(request.headers.cookie ?? '').includes('wordpress_logged_in_');
}

/** Webhook operations 1, 2 and 6: the key is the `api_key` parameter. */
export function requireParamKey(request: ApiRequest, apiKey: string): void {
  if (!sameKey(readString(request.params.api_key), apiKey)) throw forbidden(loggedIn(request));
}

/** REST operations 7 to 15: the key is the `x-api-key` header. */
export function requireHeaderKey(request: ApiRequest, apiKey: string): void {
  const header = request.headers['x-api-key'];
  const given = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  if (!sameKey(given.trim(), apiKey)) throw forbidden(loggedIn(request));
}
