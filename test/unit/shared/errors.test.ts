/**
 * Every way a call can fail becomes one typed error that names the store, the operation, what came back
 * and what to do, and never carries the API key.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import {
  AuthenticationError,
  CommerceServiceError,
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  isMissingRecord,
  RateLimitError,
  ServerError,
  SiteBlockedError,
  SiteMovedError,
  TimeoutError,
  TransportFailure,
  UnexpectedResponseError,
  describeTransportFailure,
  isCommerceServiceError,
  redact,
} from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { retryAfterSeconds } from '../../../shared/src/http/retryAfter';
import { SITUATIONS } from '../../../shared/src/situations';
import {
  KEY,
  ROOT,
  UTC_ZONE,
  clientFor,
  expectNoSecret,
  failure,
  store,
  storeFor,
  stubTransport,
  text,
} from '../support/shared';
import { keyRefused } from '../support/wordpress';

const wpError = (code: string, message: string, status: number, extra: Record<string, unknown> = {}) => ({
  code,
  message,
  data: { status, ...extra },
});

const MAINTENANCE =
  '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Maintenance</title></head><body><h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1></body></html>';
const CHALLENGE =
  '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div>Checking your browser before accessing shop.example.com.</div><script>var x = {"a":1};</script></body></html>';

describe('authentication', () => {
  it('401 rest_forbidden_context -> AuthenticationError with status, code and the service message', async () => {
    store().get(`${ROOT}/customers`).reply(401, keyRefused(401));
    const error = await failure(clientFor().listCustomers());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toBeInstanceOf(CommerceServiceError);
    expect(error.kind).toBe('authentication');
    expect(error.name).toBe('AuthenticationError');
    expect(error.status).toBe(401);
    expect(error.code).toBe('rest_forbidden_context');
    expect(error.serviceMessage).toBe('Sorry, you cannot view this resource.');
    expect(error.message).toMatch(/^List customers failed on shop\.example\.com: /);
    expect(error.message).toContain('(HTTP 401 rest_forbidden_context: Sorry, you cannot view this resource.)');
    expect(error.hint).toMatch(/API key/);
    expectNoSecret(error);
  });

  it('403 (a logged-in session cookie) -> AuthenticationError', async () => {
    store()
      .post(`${ROOT}/webhook/validate/`)
      .query(true)
      .reply(403, wpError('rest_forbidden', 'Sorry, you are not allowed to do that.', 403));
    const error = await failure(clientFor().validateKey());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(403);
    expect(error.operation).toBe('Check the API key');
  });

  it('401 without a body -> AuthenticationError', async () => {
    store().get(`${ROOT}/orders/5`).reply(401);
    const error = await failure(clientFor().getOrder(5));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBeUndefined();
    expect(error.message).toContain('(HTTP 401)');
  });
});

describe('not found', () => {
  it('404 rest_no_route -> NotFoundError naming the API root', async () => {
    store()
      .get(`${ROOT}/products`)
      .reply(404, wpError('rest_no_route', 'No route was found matching the URL and request method.', 404));
    const error = await failure(clientFor().listProducts());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe('rest_no_route');
    expect(error).toMatchObject({ reason: 'route' });
    expect(isMissingRecord(error)).toBe(false);
    expect(error.summary).toContain('/wp-json/sc/v1');
    expect(error.situation).toBe('no-studiocart');
    expect(error.hint).toContain('activate Studiocart');
    expect(error.message).toContain('List products failed on shop.example.com');
  });

  it('rest_no_route names a custom root, or the rest_route form, as configured', async () => {
    store()
      .get('/api/sc/v1/products')
      .reply(404, wpError('rest_no_route', 'No route', 404));
    store()
      .get('/')
      .query(true)
      .reply(404, wpError('rest_no_route', 'No route', 404));
    const custom = await failure(clientFor({ apiRoot: '/api/sc/v1' }).listProducts());
    const routed = await failure(clientFor({ apiRoot: '?rest_route=/sc/v1' }).listProducts());
    expect(custom.summary).toContain('/api/sc/v1');
    expect(routed.summary).toContain('?rest_route=/sc/v1');
  });

  it('404 sc_rest_invalid_id -> NotFoundError about the record', async () => {
    store()
      .get(`${ROOT}/orders/99999`)
      .reply(404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    const error = await failure(clientFor().getOrder(99999));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe('sc_rest_invalid_id');
    expect(error).toMatchObject({ reason: 'record' });
    expect(isMissingRecord(error)).toBe(true);
    expect(error.serviceMessage).toBe('Invalid resource ID.');
    expect(error.summary).toMatch(/no record with that ID/);
    expect(error.message).toContain('Get an order failed on shop.example.com');
    expect(error.message).toContain('HTTP 404 sc_rest_invalid_id: Invalid resource ID.');
  });

  it('an HTML 404 (no WordPress REST API at this address) -> NotFoundError naming the page', async () => {
    store()
      .get(`${ROOT}/customers`)
      .reply(
        404,
        '<!DOCTYPE html><html><head><title>Page not found – Shop</title></head><body>Nothing here</body></html>',
        {
          'content-type': 'text/html',
        },
      );
    // Plain permalinks would answer at ?rest_route=: the client tries it once, and tells the first answer.
    store().get('/').query({ rest_route: '/sc/v1/customers' }).reply(404, '<html><title>Not here</title></html>');
    const error = await failure(clientFor().listCustomers());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.situation).toBe('not-wordpress');
    expect(error.status).toBe(404);
    expect(error.message).toContain('Page not found – Shop');
    expect(error.hint).toContain('Site Address');
  });
});

describe('invalid request', () => {
  it('400 rest_invalid_param with data.params (object) -> InvalidRequestError.params', async () => {
    store()
      .get(`${ROOT}/orders`)
      .query(true)
      .reply(
        400,
        wpError('rest_invalid_param', 'Invalid parameter(s): per_page', 400, {
          params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
          details: {},
        }),
      );
    const error = await failure(clientFor().listOrders({ per_page: 500 }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).params).toEqual(['per_page']);
    expect(error.code).toBe('rest_invalid_param');
    expect(error.summary).toContain('(per_page)');
    expect(error.message).toContain('Invalid parameter(s): per_page');
    expect(error.hint).toMatch(/YYYY-MM-DD/);
  });

  it('data.params as a list', async () => {
    store()
      .get(`${ROOT}/subscriptions`)
      .query(true)
      .reply(
        400,
        wpError('rest_invalid_param', 'Invalid parameter(s): date_after, order', 400, {
          params: ['date_after', 'order'],
        }),
      );
    const error = await failure(clientFor().listSubscriptions({ date_after: '31/01/2026' }));
    expect((error as InvalidRequestError).params).toEqual(['date_after', 'order']);
    expect(error.summary).toContain('(date_after, order)');
  });

  it('another 4xx without params -> InvalidRequestError with no params', async () => {
    store().post(`${ROOT}/webhook/subscribe/`).query(true).reply(422, { message: 'Unprocessable' });
    const error = await failure(clientFor().subscribeHook({ hook_url: 'https://example.net/h' }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).params).toEqual([]);
    expect(error.status).toBe(422);
    expect(error.serviceMessage).toBe('Unprocessable');
  });

  it('reads a WordPress error wrapped in an array', async () => {
    store()
      .get(`${ROOT}/customers`)
      .query(true)
      .reply(400, [wpError('rest_invalid_param', 'Invalid parameter(s): page', 400, { params: { page: 'bad' } })]);
    const error = await failure(clientFor().listCustomers({ page: 0 }));
    expect(error.code).toBe('rest_invalid_param');
    expect((error as InvalidRequestError).params).toEqual(['page']);
  });
});

describe('rate limits', () => {
  it('429 with Retry-After in seconds -> RateLimitError.retryAfterSeconds', async () => {
    store()
      .get(`${ROOT}/orders`)
      .reply(429, { code: 'too_many_requests', message: 'Slow down' }, { 'Retry-After': '30' });
    const error = await failure(clientFor().listOrders());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(30);
    expect(error.hint).toBe('Try again in 30 seconds.');
    expect(error.kind).toBe('rate_limited');
  });

  it('429 with Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    store().get(`${ROOT}/orders`).reply(429, '', { 'Retry-After': at });
    const error = (await failure(clientFor().listOrders())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    // HTTP dates have whole seconds: 119 to 120 seconds from now.
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(119);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('429 without Retry-After, wrapped in a proxy HTML page, is still a rate limit', async () => {
    store().get(`${ROOT}/orders`).reply(429, '<html><head><title>429 Too Many Requests</title></head></html>');
    const error = (await failure(clientFor().listOrders())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.hint).toMatch(/Wait a minute/);
  });

  it.each([
    ['30', 30],
    [' 7 ', 7],
    ['1.2', 2],
    ['0', 0],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 60],
    ['Wed, 21 Oct 2015 07:26:00 GMT', 0],
    ['soon', undefined],
    ['1e1', undefined],
    ['-5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('retryAfterSeconds(%j) at 07:27:00 GMT -> %j', (header, expected) => {
    expect(retryAfterSeconds(header, Date.parse('Wed, 21 Oct 2015 07:27:00 GMT'))).toBe(expected);
  });
  it('429 with an unreadable Retry-After (1e1): the message says what no header says, as the retry loop reads it', async () => {
    store().get(`${ROOT}/orders`).reply(429, '', { 'Retry-After': '1e1' });
    const error = (await failure(clientFor().listOrders())) as RateLimitError;
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.hint).toBe('Wait a minute and try again.');
  });
});

describe('server errors and unreadable answers', () => {
  it("500 with WordPress's critical error -> ServerError pointing at the error log", async () => {
    store()
      .get(`${ROOT}/subscriptions/1`)
      .reply(500, wpError('internal_server_error', 'There has been a critical error on this website.', 500));
    const error = await failure(clientFor().getSubscription(1));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.situation).toBe('critical-error');
    expect(error.message).toContain('HTTP 500');
    expect(error.hint).toMatch(/error log/);
    expect(error.hint).toMatch(/recovery-mode e-mail/);
  });

  it.each([500, 502, 503, 504])('%i with a WordPress error -> ServerError', async (status) => {
    store()
      .get(`${ROOT}/subscriptions/1`)
      .reply(status, wpError('internal_server_error', 'The server could not finish.', status));
    const error = await failure(clientFor().getSubscription(1));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.kind).toBe('server');
    expect(error.status).toBe(status);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.hint).toMatch(/Try again later/);
  });

  it('503 with an empty body -> ServerError', async () => {
    store().get(`${ROOT}/subscriptions/1`).reply(503, '');
    const error = await failure(clientFor().getSubscription(1));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toContain('(HTTP 503)');
  });

  it('an HTML maintenance page with 503 -> ServerError naming the web page', async () => {
    store().get(`${ROOT}/products`).reply(503, MAINTENANCE, { 'content-type': 'text/html' });
    const error = await failure(clientFor().listProducts());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(503);
    expect(error.situation).toBe('maintenance');
    expect(error.message).toContain('the site is in maintenance mode');
    expect(error.message).toContain('Maintenance');
    expect(error.hint).toMatch(/maintenance mode/);
  });

  it("WordPress's own maintenance for a JSON client (503 wp_die as JSON) -> ServerError, maintenance", async () => {
    store()
      .get(`${ROOT}/products`)
      .reply(
        503,
        {
          code: 'wp_die',
          message: 'Briefly unavailable for scheduled maintenance. Check back in a minute.',
          data: { status: 503 },
          additional_errors: [],
        },
        { 'Retry-After': '600' },
      );
    const error = await failure(clientFor().listProducts());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.situation).toBe('maintenance');
    expect(error.message).toContain('the site is in maintenance mode');
    expect(error.message).not.toContain('internal error');
    expect(error.hint).toBe(SITUATIONS.maintenance.hint);
  });

  it("a critical error's HTML message is shown as text, links and paragraphs dropped", async () => {
    store()
      .get(`${ROOT}/products`)
      .reply(500, {
        code: 'internal_server_error',
        message:
          '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
        data: { status: 500 },
        additional_errors: [],
      });
    const error = await failure(clientFor({}, { siteZone: UTC_ZONE }).listProducts());
    expect(error.situation).toBe('critical-error');
    expect(error.serviceMessage).toBe(
      'There has been a critical error on this website. Learn more about troubleshooting WordPress.',
    );
    expect(error.message).not.toMatch(/<p>|<a |href=/);
  });

  it('a page title is shown with its entities decoded', async () => {
    const title = 'Just a moment... &#8211; Clay &amp; Kiln Studio';
    store()
      .get(`${ROOT}/products`)
      .reply(403, `<!DOCTYPE html><html><head><title>${title}</title></head><body></body></html>`);
    const error = await failure(clientFor().listProducts());
    expect(error.situation).toBe('bot-challenge');
    expect(error.message).toContain('"Just a moment... – Clay & Kiln Studio"');
  });

  it('a challenge page with 200 -> SiteBlockedError naming the challenge, never "Unexpected token"', async () => {
    store().get(`${ROOT}/products`).reply(200, CHALLENGE, { 'content-type': 'text/html; charset=UTF-8' });
    const error = await failure(clientFor().listProducts());
    expect(error).toBeInstanceOf(SiteBlockedError);
    expect(error.kind).toBe('blocked');
    expect(error.status).toBe(200);
    expect(error.message).toContain('bot challenge');
    expect(error.message).toContain('"Just a moment..."');
    expect(error.message).not.toMatch(/Unexpected token|JSON\.parse|SyntaxError/);
    expect(error.message).toMatch(/^List products failed on shop\.example\.com: /);
  });

  it('an HTML page without a title shows its text, tags folded and cut short', async () => {
    const page = `<html><body><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p></body></html>`;
    store().get(`${ROOT}/products`).reply(200, page);
    // A page at /wp-json/ may be plain permalinks: ?rest_route= is asked once, and answers the page too.
    store().get('/').query(true).reply(200, page);
    const error = await failure(clientFor().listProducts());
    expect(error.message).toContain('"Lorem ipsum dolor sit amet. Lorem');
    expect(error.message).toContain('…"');
    expect(error.message).not.toContain('<p>');
    expect(error.message.length).toBeLessThan(600);
  });

  it('invalid JSON -> UnexpectedResponseError quoting its start', async () => {
    store().get(`${ROOT}/customers/1`).reply(200, '{"id": 1, "email": ', { 'content-type': 'application/json' });
    const error = await failure(clientFor().getCustomer(1));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toContain('not valid JSON');
    expect(error.message).toContain('{"id": 1, "email":');
    expect(error.message).not.toMatch(/Unexpected token|Unexpected end|SyntaxError/);
    expect(error.hint).toMatch(/error log/);
  });

  it('plain text that is not JSON on a 500 -> ServerError', async () => {
    store().get(`${ROOT}/customers/1`).reply(500, 'Fatal error: Allowed memory size exhausted');
    const error = await failure(clientFor().getCustomer(1));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toContain('Allowed memory size exhausted');
  });

  it('a redirect to another site -> SiteMovedError naming where, without the query', async () => {
    store()
      .get(`${ROOT}/customers/1`)
      .reply(301, '', { Location: `https://new-shop.example.org/wp-json/sc/v1/customers/1?api_key=${KEY}` });
    const error = await failure(clientFor().getCustomer(1));
    expect(error).toBeInstanceOf(SiteMovedError);
    expect(error.status).toBe(301);
    expect(error.situation).toBe('site-moved');
    expect(error.message).toContain('(https://new-shop.example.org/wp-json/sc/v1/customers/1)');
    expectNoSecret(error);
  });
});

describe('no answer', () => {
  it('times out (nock delay beyond timeoutMs) -> TimeoutError', async () => {
    store().get(`${ROOT}/orders`).delay(2000).reply(200, []);
    const started = Date.now();
    const error = await failure(clientFor({}, { timeoutMs: 100 }).listOrders());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error.message).toMatch(
      /^List orders failed on shop\.example\.com: the store did not answer within 100 ms\. /,
    );
    expect(error.status).toBeUndefined();
    expectNoSecret(error);
  });

  it('the default timeout is named in seconds', async () => {
    const transport = stubTransport(() => Promise.reject(new TransportFailure('timeout', 'no answer')));
    const error = await failure(createClient({ settings: storeFor(), transport }).validateKey());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain('did not answer within 20 seconds');
    expect(transport.requests[0]?.timeoutMs).toBe(20000);
  });

  it('an OS-level ETIMEDOUT is a timeout too', async () => {
    store()
      .get(`${ROOT}/orders`)
      .replyWithError(Object.assign(new Error('connect ETIMEDOUT 203.0.113.5:443'), { code: 'ETIMEDOUT' }));
    await expect(clientFor().listOrders()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('ENOTFOUND -> NetworkError', async () => {
    store()
      .post(`${ROOT}/webhook/validate/`)
      .query(true)
      // nock 14 delivers only Error instances as request errors.
      .replyWithError(Object.assign(new Error('getaddrinfo ENOTFOUND shop.example.com'), { code: 'ENOTFOUND' }));
    const error = await failure(clientFor().validateKey());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^Check the API key failed on shop\.example\.com: no site has this name [^.]*\. /);
    expect(error.hint).toMatch(/Store URL/);
    expect(error.cause).toMatchObject({ code: 'ENOTFOUND' });
  });

  describe('connection refused on a real closed port', () => {
    let port = 0;
    beforeAll(async () => {
      // Take a free port, then close it: nothing listens there.
      const server = http.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      nock.enableNetConnect('127.0.0.1');
    });
    afterAll(() => nock.disableNetConnect());

    it('-> NetworkError naming the local store', async () => {
      const error = await failure(clientFor({ storeUrl: `http://127.0.0.1:${port}` }).listWebhookProducts());
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.store).toBe(`127.0.0.1:${port}`);
      expect(error.message).toContain(`List products failed on 127.0.0.1:${port}: the server refused the connection`);
      expect(error.situation).toBe('connection-refused');
      expectNoSecret(error);
    });
  });
});

describe('every failure names store, operation and a hint, and never the key', () => {
  const echo = `Invalid key ${KEY} for https://shop.example.com/wp-json/sc/v1/webhook/validate/?api_key=${KEY}&x=1`;
  const cases: [
    string,
    () => nock.Interceptor,
    (c: ReturnType<typeof clientFor>) => Promise<unknown>,
    string,
    abstract new (...args: never[]) => CommerceServiceError,
  ][] = [
    [
      '401 echoing the key',
      () => store().post(`${ROOT}/webhook/validate/`).query(true),
      (c) => c.validateKey(),
      'Check the API key',
      AuthenticationError,
    ],
    [
      '400 echoing the key',
      () => store().get(`${ROOT}/customers`),
      (c) => c.listCustomers(),
      'List customers',
      InvalidRequestError,
    ],
    [
      '404 echoing the key',
      () => store().get(`${ROOT}/customers/3`),
      (c) => c.getCustomer(3),
      'Get a customer',
      NotFoundError,
    ],
    [
      '500 echoing the key',
      () => store().get(`${ROOT}/products/3`),
      (c) => c.getProduct(3),
      'Get a product',
      ServerError,
    ],
    [
      '429 echoing the key',
      () => store().get(`${ROOT}/products`),
      (c) => c.listProducts(),
      'List products',
      RateLimitError,
    ],
  ];
  const statuses: Record<string, number> = { '401': 401, '400': 400, '404': 404, '500': 500, '429': 429 };

  it.each(cases)('%s', async (name, intercept, run, label, type) => {
    const status = statuses[name.slice(0, 3)] ?? 0;
    intercept().reply(status, wpError('some_code', echo, status));
    const error = await failure(run(clientFor()));
    expect(error).toBeInstanceOf(type);
    expect(error.message.startsWith(`${label} failed on shop.example.com: `)).toBe(true);
    expect(error.hint.length).toBeGreaterThan(10);
    expect(error.message.endsWith(error.hint)).toBe(true);
    expect(error.serviceMessage).toContain('[redacted]');
    expectNoSecret(error);
  });

  it('an HTML page that shows the key in a link', async () => {
    const page = `<html><body>Blocked: <a href="/wp-json/sc/v1/webhook/validate/?api_key=${KEY}">${KEY}</a></body></html>`;
    store().get(`${ROOT}/webhook/products/`).query(true).reply(200, page);
    store().get('/').query(true).reply(200, page);
    const error = await failure(clientFor().listWebhookProducts());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toContain('[redacted]');
    expectNoSecret(error);
  });

  it('invalid JSON that starts with the key', async () => {
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).reply(200, `${KEY} is not allowed {`);
    const error = await failure(clientFor().latestOrders());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expectNoSecret(error);
  });

  it('a timeout, a network failure and a configuration error carry no key either', async () => {
    const transport = stubTransport(() =>
      Promise.reject(Object.assign(new Error(`connect to ?api_key=${KEY} refused`), { code: 'ECONNREFUSED' })),
    );
    expectNoSecret(await failure(createClient({ settings: storeFor(), transport }).validateKey()));
    let configError: unknown;
    try {
      createClient({ settings: storeFor({ apiRoot: '/' }), transport });
    } catch (error) {
      configError = error;
    }
    expect(configError).toBeInstanceOf(ConfigurationError);
    expectNoSecret(configError);
  });

  it('a redirect whose path, not its query, holds the key', async () => {
    store()
      .get(`${ROOT}/customers/1`)
      .reply(302, '', { Location: `https://elsewhere.example.org/login/${KEY}/` });
    const error = await failure(clientFor().getCustomer(1));
    expect(error).toBeInstanceOf(SiteMovedError);
    expect((error as SiteMovedError).location).toBe('https://elsewhere.example.org/login/[redacted]/');
    expectNoSecret(error);
  });

  it('a transport whose error names the key outside a query string', async () => {
    const transport = stubTransport(() =>
      Promise.reject(Object.assign(new Error(`header x-api-key: ${KEY} refused`), { code: 'ECONNRESET' })),
    );
    const error = await failure(createClient({ settings: storeFor(), transport }).getOrder(7));
    expect(error).toBeInstanceOf(NetworkError);
    expect(String((error.cause as Error).message)).toContain('[redacted]');
    expectNoSecret(error);
  });

  it('toJSON keeps name, kind, message, store, operation, status and code only', async () => {
    store()
      .get(`${ROOT}/orders/7`)
      .reply(404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    const error = await failure(clientFor().getOrder(7));
    expect(error.toJSON()).toEqual({
      name: 'NotFoundError',
      kind: 'not_found',
      message: error.message,
      store: 'shop.example.com',
      operation: 'Get an order',
      status: 404,
      code: 'sc_rest_invalid_id',
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual(JSON.parse(JSON.stringify(error.toJSON())));
    expect(JSON.stringify(error)).not.toContain('stack');
  });

  it('isCommerceServiceError tells our errors from others', async () => {
    store().get(`${ROOT}/orders/7`).reply(500);
    const error = await failure(clientFor().getOrder(7));
    expect(isCommerceServiceError(error)).toBe(true);
    expect(isCommerceServiceError(new Error('x'))).toBe(false);
    expect(isCommerceServiceError({ kind: 'server', message: 'x' })).toBe(false);
  });
});

describe('a transport that breaks its contract', () => {
  it('a transport throwing a plain Error -> NetworkError, not the raw error', async () => {
    const transport = stubTransport(() => Promise.reject(new Error('socket hang up')));
    const error = await failure(createClient({ settings: storeFor(), transport }).listOrders());
    expect(error).toBeInstanceOf(NetworkError);
  });

  it("a transport throwing node-fetch's timeout -> TimeoutError", async () => {
    const transport = stubTransport(() =>
      Promise.reject(
        Object.assign(new Error('network timeout at: https://shop.example.com/'), { type: 'request-timeout' }),
      ),
    );
    await expect(createClient({ settings: storeFor(), transport }).listOrders()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('a non-2xx answer from a stub is read like any other', async () => {
    const transport = stubTransport([text(401, '')]);
    await expect(createClient({ settings: storeFor(), transport }).getOrder(1)).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });
});

describe('redact', () => {
  it('replaces secret query values whatever their name case', () => {
    expect(redact('https://x.example.com/a?api_key=abc123&page=2')).toBe(
      'https://x.example.com/a?api_key=[redacted]&page=2',
    );
    expect(redact('GET /?rest_route=/sc/v1/x&API_KEY=abc&apikey=def&key=ghi&token=jkl#frag')).toBe(
      'GET /?rest_route=/sc/v1/x&API_KEY=[redacted]&apikey=[redacted]&key=[redacted]&token=[redacted]#frag',
    );
    expect(redact('"https://x/?api_key=abc" and \'?token=zz\'')).toBe(
      '"https://x/?api_key=[redacted]" and \'?token=[redacted]\'',
    );
  });

  it('leaves other query parameters and plain text alone', () => {
    expect(redact('https://x/?monkey=1&keys=2&api_keyring=3')).toBe('https://x/?monkey=1&keys=2&api_keyring=3');
    expect(redact('nothing secret here')).toBe('nothing secret here');
  });

  it('replaces every literal occurrence of the given secrets of 4 characters or more', () => {
    expect(redact(`a ${KEY} b ${KEY}`, [KEY])).toBe('a [redacted] b [redacted]');
    expect(redact('abc abcd', ['abc'])).toBe('abc abcd');
    expect(redact('x abcd y', ['abcd', ''])).toBe('x [redacted] y');
  });
});

describe('describeTransportFailure', () => {
  it('passes a TransportFailure through', () => {
    const failureIn = new TransportFailure('timeout', 'no answer within 5 ms');
    expect(describeTransportFailure(failureIn)).toBe(failureIn);
    expect(failureIn.name).toBe('TransportFailure');
  });

  it.each([
    ['ETIMEDOUT code', Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }), 'timeout'],
    ['ESOCKETTIMEDOUT code', Object.assign(new Error('x'), { code: 'ESOCKETTIMEDOUT' }), 'timeout'],
    ['ECONNABORTED code (axios)', Object.assign(new Error('aborted'), { code: 'ECONNABORTED' }), 'timeout'],
    [
      'undici headers timeout',
      Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }),
      'timeout',
    ],
    ['AbortError', Object.assign(new Error('The operation was aborted'), { name: 'AbortError' }), 'timeout'],
    ['DOMException TimeoutError', Object.assign(new Error('signal timed out'), { name: 'TimeoutError' }), 'timeout'],
    [
      'node-fetch request-timeout',
      Object.assign(new Error('network timeout at: https://x'), { type: 'request-timeout' }),
      'timeout',
    ],
    ['a message saying "timed out"', new Error('Request timed out after 30000ms'), 'timeout'],
    ['a message saying "time-out"', new Error('gateway time-out'), 'timeout'],
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), 'network'],
    ['ENOTFOUND', Object.assign(new Error('getaddrinfo ENOTFOUND shop.example.com'), { code: 'ENOTFOUND' }), 'network'],
    ['ECONNRESET', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), 'network'],
    [
      'a certificate error',
      Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }),
      'network',
    ],
    ['a string', 'boom', 'network'],
    ['undefined', undefined, 'network'],
    ['null', null, 'network'],
  ])('%s -> %s', (_, error, reason) => {
    const described = describeTransportFailure(error);
    expect(described).toBeInstanceOf(TransportFailure);
    expect(described.reason).toBe(reason);
  });

  it('keeps the code in front of the message', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(describeTransportFailure(error).message).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1');
    expect(describeTransportFailure('boom').message).toBe('boom');
  });
});

describe('the error classes', () => {
  const where = { store: 'shop.example.com', operation: 'Get an order' };

  it('say how many attempts were made when given more than one, in the message and the record', () => {
    const error = new ServerError(
      { ...where, status: 502, attempts: 3 },
      'the store had an internal error',
      'Try again.',
    );
    expect(error.message).toBe(
      'Get an order failed on shop.example.com after 3 attempts: the store had an internal error (HTTP 502). Try again.',
    );
    expect(error.toJSON()).toMatchObject({ name: 'ServerError', kind: 'server', status: 502, attempts: 3 });
    const once = new TimeoutError({ ...where, attempts: 1 }, 'no answer', 'Try again.');
    expect(once.message).toBe('Get an order failed on shop.example.com: no answer. Try again.');
    expect(once.attempts).toBe(1);
    expect(new NetworkError(where, 'unreachable', 'Check.').toJSON()).not.toHaveProperty('attempts');
  });

  it('keep their name, kind and fact, with the fact defaulted when not given', () => {
    const missing = new NotFoundError(where, 'no record', 'Check the ID.');
    expect([missing.name, missing.kind, missing.reason]).toEqual(['NotFoundError', 'not_found', 'record']);
    const refused = new InvalidRequestError(where, 'refused', 'Check.');
    expect([refused.name, refused.kind, refused.params]).toEqual(['InvalidRequestError', 'invalid_request', []]);
    const limited = new RateLimitError(where, 'limited', 'Wait.', 30);
    expect([limited.name, limited.kind, limited.retryAfterSeconds]).toEqual(['RateLimitError', 'rate_limited', 30]);
    expect(new ConfigurationError(where, 'bad', 'Fix.')).toBeInstanceOf(CommerceServiceError);
  });
});
