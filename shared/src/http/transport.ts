/**
 * The one seam between the shared client and a platform. Each adapter builds a `Transport` on its own
 * HTTP helper (`z.request`, n8n's `httpRequestWithAuthentication`); `shared/` never imports either.
 */

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

type HttpMethod = 'GET' | 'POST';

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL without query string. */
  url: string;
  /** Scalar query parameters; the transport appends them to `url`. */
  query: Record<string, string>;
  headers: Record<string, string>;
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
  /** Must resolve for every HTTP status; reject only when no response arrived (see `TransportFailure`). */
  send(request: HttpRequest): Promise<HttpResponse>;
  /** Whether a body on a GET reaches the server (both platforms' helpers drop it). */
  readonly sendsGetBody: boolean;
}

/** Why no response arrived. Transports may throw this, or anything: `describeTransportFailure` classifies it. */
export class TransportFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'network',
    detail: string,
  ) {
    super(detail);
    this.name = 'TransportFailure';
  }
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED', 'UND_ERR_HEADERS_TIMEOUT']);

/** Classifies whatever a platform's HTTP helper threw when no response came back. */
export function describeTransportFailure(error: unknown): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const fields = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown; type?: unknown };
  const code = typeof fields.code === 'string' ? fields.code : '';
  const name = typeof fields.name === 'string' ? fields.name : '';
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  const timedOut =
    TIMEOUT_CODES.has(code) ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    fields.type === 'request-timeout' ||
    /\btimed?[ -]?out\b/i.test(message);
  return new TransportFailure(timedOut ? 'timeout' : 'network', code ? `${code}: ${message}` : message);
}

/** `url` with its query string, as a transport sends it. */
export function urlWithQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.append(key, value);
  return target.toString();
}
