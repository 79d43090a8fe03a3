/**
 * The one seam between the shared client and a platform. Each adapter builds a `Transport` on its own
 * HTTP helper (`z.request`, n8n's `httpRequestWithAuthentication`); `shared/` never imports either.
 */

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

type HttpMethod = 'GET' | 'POST';

/** Where an operation carries the store's API key: the `x-api-key` header, the `api_key` query parameter, or nowhere. */
export type AuthStyle = 'header' | 'query' | 'none';

/**
 * How a request authenticates. The transport puts the key where `style` says, with its platform's own
 * auth where the platform has one (n8n's credential `authenticate`, Zapier's `beforeRequest`).
 */
type RequestAuth = { style: 'header' | 'query'; apiKey: string } | { style: 'none' };

/** The header and the query parameter the store reads the key from (docs/service/operations.md#authentication). */
export const API_KEY_HEADER = 'x-api-key';
const API_KEY_PARAM = 'api_key';

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL without query string. */
  url: string;
  /** Scalar query parameters, never the key; the transport appends them to `url`. */
  query: Record<string, string>;
  /** Never the key: the transport adds it as `auth` says. */
  headers: Record<string, string>;
  auth: RequestAuth;
  /** JSON body, when the operation has one (and, on GET, only for transports that send it). */
  body?: JsonValue;
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The raw body: parsing and its failures belong to the shared client, not the transport. */
  body: string;
}

export interface Transport {
  /**
   * Sends `request` with the key where `request.auth` says. Must resolve for every HTTP status, a
   * redirect included, without following it (the shared client decides: `discovery.ts`); reject only
   * when no response arrived (see `TransportFailure`).
   */
  send(request: HttpRequest): Promise<HttpResponse>;
  /** Whether a body on a GET reaches the server (both platforms' helpers drop it). */
  readonly sendsGetBody: boolean;
}

/**
 * Why no response arrived. Transports may throw this, or anything: `describeTransportFailure` classifies
 * it. `code` is Node's error code (`ENOTFOUND`, `CERT_HAS_EXPIRED`, …) wherever the platform's helper
 * put it; `original` is what the helper threw, or the error inside it that carries the code (it may hold the key: only `pipeline.ts` reads it, redacted).
 */
export class TransportFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'network',
    detail: string,
    readonly code?: string,
    readonly original?: unknown,
  ) {
    super(detail);
    this.name = 'TransportFailure';
  }
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED', 'UND_ERR_HEADERS_TIMEOUT']);

interface ErrorFields {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  type?: unknown;
  cause?: unknown;
}

/**
 * Node's error code, on the error or on one it wraps: node-fetch (Zapier) copies it onto its
 * `FetchError`; axios (n8n) keeps it on its `AxiosError`, which n8n may wrap once more as `cause`.
 */
function withNodeCode(error: unknown): { code: string; carrier: unknown } {
  let current = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as ErrorFields;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return { code, carrier: current };
    current = cause;
  }
  return { code: '', carrier: error };
}

/**
 * OpenSSL's words for an https:// request answered in plain HTTP: Node's fetch reports them as
 * `ERR_SSL_WRONG_VERSION_NUMBER`, its http(s) module (node-fetch, axios) as the vaguer `EPROTO`.
 */
const PLAIN_HTTP_ANSWER = /wrong version number/i;

/** Classifies whatever a platform's HTTP helper threw when no response came back. */
export function describeTransportFailure(error: unknown): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const fields = (error ?? {}) as ErrorFields;
  const found = withNodeCode(error);
  const { carrier } = found;
  const carried = (carrier as ErrorFields | null)?.message;
  const code =
    found.code === 'EPROTO' && typeof carried === 'string' && PLAIN_HTTP_ANSWER.test(carried)
      ? 'ERR_SSL_WRONG_VERSION_NUMBER'
      : found.code;
  const name = typeof fields.name === 'string' ? fields.name : '';
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  const timedOut =
    TIMEOUT_CODES.has(code) ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    fields.type === 'request-timeout' ||
    /\btimed?[ -]?out\b/i.test(message);
  return new TransportFailure(
    timedOut ? 'timeout' : 'network',
    code ? `${code}: ${message}` : message,
    code || undefined,
    carrier,
  );
}

/** `url` with its query string, as a transport sends it. */
export function urlWithQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.append(key, value);
  return target.toString();
}

/**
 * The query and headers with the key placed where `request.auth` says, for a transport that places it
 * itself (the test kit; n8n and Zapier for the query style, the header being their platforms' auth).
 */
export function placeKey(request: HttpRequest): Pick<HttpRequest, 'query' | 'headers'> {
  const { auth, query, headers } = request;
  if (auth.style === 'query') return { query: { ...query, [API_KEY_PARAM]: auth.apiKey }, headers };
  if (auth.style === 'header') return { query, headers: { ...headers, [API_KEY_HEADER]: auth.apiKey } };
  return { query, headers };
}
