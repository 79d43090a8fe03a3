import * as http from 'node:http';

/**
 * A tiny HTTP client for the sandbox tests. It uses the `(options, callback)` form of http.request
 * on purpose: Zapier's app tester, once loaded in a jest process, replaces http.request with a
 * wrapper that only understands that form.
 */
export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
  json<T = unknown>(): T;
}

export interface HttpRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON (Content-Type application/json); a string as is. */
  body?: unknown;
  timeoutMs?: number;
}

export function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  const url = new URL(request.url);
  const headers: Record<string, string> = { ...request.headers };
  let payload: string | undefined;
  if (typeof request.body === 'string') payload = request.body;
  else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['Content-Type'] ??= 'application/json';
  }
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: request.method ?? 'GET',
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            raw,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(request.timeoutMs ?? 4000, () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The API root real stores use (docs/service/operations.md#addressing). */
export const API_ROOT = '/wp-json/sc/v1';

type Query = Record<string, string | number | (string | number)[]>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) value.forEach((entry) => search.append(`${key}[]`, String(entry)));
    else search.append(key, String(value));
  }
  return `${path}${path.includes('?') ? '&' : '?'}${search.toString()}`;
}

/** Calls a sandbox the way a connector would, by the literal paths of docs/service/operations.md#operation-table. */
export class StoreClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {}

  /** REST operations 7 to 15: GET with the key in `x-api-key`. */
  rest(
    path: string,
    options: { query?: Query; body?: unknown; key?: string | null; headers?: Record<string, string> } = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== null) headers['x-api-key'] = options.key ?? this.apiKey;
    return httpRequest({
      url: `${this.baseUrl}${withQuery(`${API_ROOT}${path}`, options.query)}`,
      headers,
      body: options.body,
    });
  }

  /** Webhook operations 1 to 6: the key, when wanted, as the `api_key` query parameter. */
  webhook(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Query; body?: unknown; key?: string | null } = {},
  ): Promise<HttpResponse> {
    const query: Query = { ...options.query };
    if (options.key !== null && options.key !== undefined) query.api_key = options.key;
    return httpRequest({
      method,
      url: `${this.baseUrl}${withQuery(`${API_ROOT}/webhook${path}`, query)}`,
      body: options.body,
    });
  }

  /** The sandbox's admin API. */
  admin(method: string, path: string, body?: unknown): Promise<HttpResponse> {
    return httpRequest({ method, url: `${this.baseUrl}/sandbox/v1${path}`, body });
  }

  /** Registers a hook with webhook/subscribe and returns its id as a string. */
  async subscribe(body: Record<string, unknown>, productId?: number): Promise<string> {
    const response = await this.webhook('POST', '/subscribe/', {
      key: this.apiKey,
      query: productId === undefined ? undefined : { product_id: productId },
      body,
    });
    if (response.status !== 200) throw new Error(`subscribe answered ${response.status}: ${response.text}`);
    return String(response.json<{ id: string | number }>().id);
  }
}

/** The answer is WordPress's REST error: this status and code, whatever the message. */
export function expectRestError(response: HttpResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(response.json()).toEqual({ code, message: expect.any(String), data: { status } });
}

/** Each of these amounts of `cents` is the same amount of `decimal`, as an integer in cents. */
export function expectInCents(
  cents: Record<string, unknown>,
  decimal: Record<string, unknown>,
  keys: readonly string[],
): void {
  for (const key of keys) {
    expect(Number.isInteger(cents[key])).toBe(true);
    expect(cents[key]).toBe(Math.round((decimal[key] as number) * 100));
  }
}
