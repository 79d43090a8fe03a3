/**
 * The connection test tells apart causes that share one answer, with at most one more look
 * (`shared/src/connect.ts`): Studiocart without its API from no Studiocart, and an https:// address
 * that nothing answers from a site that answers only over http://.
 */
import nock from 'nock';
import { NetworkError, NotFoundError, describeTransportFailure } from '@commerce-service/shared';
import { testConnection } from '../../../shared/src/connect';
import { SITUATIONS } from '../../../shared/src/situations';
import { KEY, ROOT, clientFor, expectNoSecret, failure, store } from '../support/shared';

const VALIDATE = `${ROOT}/webhook/validate/`;
const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

/** WordPress's REST index: its namespaces, and its routes by path. */
const index = (namespaces: string[], routes: string[]) => ({
  name: 'Clay & Kiln Studio',
  namespaces,
  routes: Object.fromEntries(routes.map((route) => [route, { namespace: route.split('/')[1] ?? '' }])),
});

describe('Studiocart without its API', () => {
  it('is told apart from no Studiocart by its post type routes, and names Studiocart Pro', async () => {
    store().post(VALIDATE).query(true).reply(404, NO_ROUTE);
    store()
      .get('/wp-json/')
      .reply(
        200,
        index(
          ['oembed/1.0', 'wp/v2'],
          ['/', '/wp/v2/posts', '/wp/v2/sc_product', '/wp/v2/sc_product/(?P<id>[\\d]+)', '/wp/v2/sc_us_path'],
        ),
      );
    const error = await failure(testConnection(clientFor()));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.situation).toBe('studiocart-without-api');
    expect(error.message).toContain(SITUATIONS['studiocart-without-api'].summary);
    expect(error.hint).toContain('Studiocart Pro');
    expectNoSecret(error);
  });

  it('an index without Studiocart is no Studiocart', async () => {
    store().post(VALIDATE).query(true).reply(404, NO_ROUTE);
    store()
      .get('/wp-json/')
      .reply(200, index(['oembed/1.0', 'wp/v2'], ['/', '/wp/v2/posts', '/wp/v2/pages']));
    const error = await failure(testConnection(clientFor()));
    expect(error.situation).toBe('no-studiocart');
    expect(error.hint).toContain('Studiocart Pro');
  });

  it('sc/v1 in the index is still Studiocart without this route', async () => {
    store().post(VALIDATE).query(true).reply(404, NO_ROUTE);
    store()
      .get('/wp-json/')
      .reply(200, index(['wp/v2', 'sc/v1'], ['/wp/v2/sc_product', '/sc/v1/orders']));
    const error = await failure(testConnection(clientFor()));
    expect(error.situation).toBe('old-studiocart');
  });
});

describe('a read that meets no route (404 rest_no_route)', () => {
  /** Requests nothing was set up for: an extra look the code should not have made. */
  const unplanned: string[] = [];
  const note = (request: { method?: string; path?: string }) => unplanned.push(`${request.method} ${request.path}`);
  beforeEach(() => {
    unplanned.length = 0;
    nock.emitter.on('no match', note);
  });
  afterEach(() => {
    nock.emitter.removeListener('no match', note);
  });
  const freeEdition = index(['oembed/1.0', 'wp/v2'], ['/', '/wp/v2/posts', '/wp/v2/sc_product', '/wp/v2/sc_us_path']);

  it('reads the REST index once, and names the edition without the API', async () => {
    store().get(`${ROOT}/orders/6`).reply(404, NO_ROUTE);
    store().get('/wp-json/').reply(200, freeEdition);
    const error = await failure(clientFor().getOrder(6));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ situation: 'studiocart-without-api', reason: 'route', status: 404 });
    expect(error.message).toContain(SITUATIONS['studiocart-without-api'].summary);
    expect(error.message).toContain('Get an order failed on shop.example.com');
    expect(error.hint).toBe(SITUATIONS['studiocart-without-api'].hint);
    expect(unplanned).toEqual([]);
    expectNoSecret(error);
  });

  it('on plain permalinks reads the index at ?rest_route=/', async () => {
    store().get(`${ROOT}/orders/6`).reply(200, '<html><title>Clay</title></html>', { 'content-type': 'text/html' });
    store().get('/').query({ rest_route: '/sc/v1/orders/6' }).reply(404, NO_ROUTE);
    store().get('/').query({ rest_route: '/' }).reply(200, freeEdition);
    const error = await failure(clientFor().getOrder(6));
    expect(error.situation).toBe('studiocart-without-api');
    expect(unplanned).toEqual([]);
  });

  it('without Studiocart in the index stays no Studiocart', async () => {
    store().get(`${ROOT}/orders/6`).reply(404, NO_ROUTE);
    store()
      .get('/wp-json/')
      .reply(200, index(['oembed/1.0', 'wp/v2'], ['/', '/wp/v2/posts']));
    const error = await failure(clientFor().getOrder(6));
    expect(error.situation).toBe('no-studiocart');
    expect(error.message).toContain(`${SITUATIONS['no-studiocart'].summary} at ${ROOT}`);
  });

  it("an index that cannot be read leaves the read's own answer", async () => {
    store().get(`${ROOT}/orders/6`).reply(404, NO_ROUTE);
    store().get('/wp-json/').reply(403, { code: 'rest_cannot_access', message: 'Only logged-in users' });
    const error = await failure(clientFor().getOrder(6));
    expect(error.situation).toBe('no-studiocart');
  });

  it('the connection test reads the index once, not once more after the client', async () => {
    store().post(VALIDATE).query(true).reply(404, NO_ROUTE);
    store().get('/wp-json/').reply(200, freeEdition);
    const error = await failure(testConnection(clientFor()));
    expect(error.situation).toBe('studiocart-without-api');
    expect(unplanned).toEqual([]);
  });

  it('a delete that meets no route goes to its fallback without a look at the index', async () => {
    store().post('/wp-json/sc/v1/webhook/delete/').reply(404, NO_ROUTE);
    store().post('/wp-json/sc/v1/webhook/zap-delete/').reply(200, { success: true });
    await expect(clientFor().deleteHook('7')).resolves.toEqual({ id: '7', alreadyGone: false });
    expect(unplanned).toEqual([]);
  });
});

describe('an https:// address on a site without HTTPS', () => {
  /** What Node's http(s) emits for a connection nothing accepted, or one cut before an answer. */
  const refused = (code: string) => Object.assign(new Error(`connect ${code} 192.0.2.1:443`), { code });

  it.each(['ECONNREFUSED', 'ECONNRESET'])('%s at https://, an answer at http://: enter http://', async (code) => {
    store().post(VALIDATE).query(true).replyWithError(refused(code));
    nock('http://shop.example.com').get('/').reply(200, '<html><title>Clay</title></html>');
    const error = await failure(testConnection(clientFor({ storeUrl: 'shop.example.com' })));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.situation).toBe('no-https');
    expect(error.message).toContain('(http://shop.example.com answers)');
    expect(error.hint).toMatch(/Store URL with http:\/\//);
    expectNoSecret(error);
  });

  it('a site whose http:// sends to https:// has HTTPS: the refusal stands', async () => {
    store().post(VALIDATE).query(true).replyWithError(refused('ECONNREFUSED'));
    nock('http://shop.example.com').get('/').reply(301, '', { Location: 'https://shop.example.com/' });
    const error = await failure(testConnection(clientFor()));
    expect(error.situation).toBe('connection-refused');
  });

  it('plain HTTP met over TLS (EPROTO "wrong version number") is no HTTPS, on every path', () => {
    const thrown = Object.assign(
      new Error(
        `request to https://shop.example.com${VALIDATE}?api_key=${KEY} failed, reason: write EPROTO 40FD8192ED7F0000:error:0A00010B:SSL routines:tls_validate_record_header:wrong version number`,
      ),
      { name: 'FetchError', code: 'EPROTO' },
    );
    expect(describeTransportFailure(thrown).code).toBe('ERR_SSL_WRONG_VERSION_NUMBER');
  });
});

describe('a read at an https:// address on a site without HTTPS', () => {
  /** Requests nothing was set up for: an extra look the code should not have made. */
  const unplanned: string[] = [];
  const note = (request: { method?: string; path?: string }) => unplanned.push(`${request.method} ${request.path}`);
  beforeEach(() => {
    unplanned.length = 0;
    nock.emitter.on('no match', note);
  });
  afterEach(() => {
    nock.emitter.removeListener('no match', note);
  });
  const cut = (code: string) => Object.assign(new Error(`connect ${code} 192.0.2.1:443`), { code });

  it.each([
    ['ECONNREFUSED', 'shop.example.com'],
    ['ECONNRESET', 'shop.example.com'],
    ['ECONNREFUSED', 'https://shop.example.com'],
  ])('%s at https:// (typed %s), an answer at http://: one look, enter http://', async (code, storeUrl) => {
    store().get(`${ROOT}/orders/6`).replyWithError(cut(code));
    nock('http://shop.example.com').get('/').reply(200, '<html><title>Clay</title></html>');
    const error = await failure(clientFor({ storeUrl }).getOrder(6));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.situation).toBe('no-https');
    expect(error.message).toBe(
      `Get an order failed on shop.example.com: ${SITUATIONS['no-https'].summary} (http://shop.example.com answers). ${SITUATIONS['no-https'].hint}`,
    );
    expect(error.hint).toBe(SITUATIONS['no-https'].hint);
    expect(unplanned).toEqual([]);
    expectNoSecret(error);
  });

  it('a site whose http:// sends to https:// has HTTPS: the refusal stands', async () => {
    store().get(`${ROOT}/orders/6`).replyWithError(cut('ECONNREFUSED'));
    nock('http://shop.example.com').get('/').reply(301, '', { Location: 'https://shop.example.com/' });
    const error = await failure(clientFor().getOrder(6));
    expect(error.situation).toBe('connection-refused');
    expect(unplanned).toEqual([]);
  });

  it('nothing at http:// either: the refusal stands', async () => {
    store().get(`${ROOT}/orders/6`).replyWithError(cut('ECONNREFUSED'));
    nock('http://shop.example.com').get('/').replyWithError(cut('ECONNREFUSED'));
    const error = await failure(clientFor().getOrder(6));
    expect(error.situation).toBe('connection-refused');
    expect(unplanned).toEqual([]);
  });

  it('an http:// address refused, or a write refused: no look', async () => {
    nock('http://shop.example.com').get(`${ROOT}/orders/6`).replyWithError(cut('ECONNREFUSED'));
    expect((await failure(clientFor({ storeUrl: 'http://shop.example.com' }).getOrder(6))).situation).toBe(
      'connection-refused',
    );
    store().post('/wp-json/sc/v1/webhook/subscribe/').query(true).replyWithError(cut('ECONNREFUSED'));
    const write = clientFor().subscribeHook({ hook_url: 'https://hooks.example.com/1' });
    expect((await failure(write)).situation).toBe('connection-refused');
    expect(unplanned).toEqual([]);
  });
});
