/**
 * The client finds a store's API from its address when the address as typed fails, keeps what it found
 * per store, and never second-guesses an API Root the user typed (`shared/src/discovery.ts`).
 */
import nock from 'nock';
import { NotFoundError, SiteMovedError } from '@commerce-service/shared';
import { canonicalBase } from '../../../shared/src/discovery';
import { SiteMemory } from '../../../shared/src/siteMemory';
import { resolveStore, rootLeftOpen } from '../../../shared/src/config';
import { testConnection } from '../../../shared/src/connect';
import { HOST, KEY, ORIGIN, ROOT, UTC_ZONE, clientFor, failure, store } from '../support/shared';

const page404 = '<!DOCTYPE html><html><head><title>Page not found</title></head><body></body></html>';
const product = { id: 7, name: 'Course', status: 'publish', price: '10', plans: [] };

describe('plain permalinks', () => {
  it('a read falls back to ?rest_route= once, and the next client goes there at once', async () => {
    const memory = new SiteMemory();
    store().get(`${ROOT}/products/7`).reply(404, page404, { 'content-type': 'text/html' });
    store().get('/').query({ rest_route: '/sc/v1/products/7' }).reply(200, product);
    const first = clientFor({}, { memory, siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    await first.getProduct(7);
    expect(first.store.apiRootText).toBe('?rest_route=/sc/v1');

    // Warm: one request, where the API was found.
    store().get('/').query({ rest_route: '/sc/v1/products/7' }).reply(200, product);
    const second = clientFor({}, { memory, siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    await second.getProduct(7);
    expect(second.store.apiRootText).toBe('?rest_route=/sc/v1');
  });

  // Behind nginx, and on Apache with WordPress's .htaccess, plain permalinks answer /wp-json/… with the front page.
  const frontPage =
    '<!DOCTYPE html><html><head><title>Clay &amp; Kiln Studio</title>' +
    '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></head>' +
    '<body><p>Closed for maintenance on Mondays. Protected by Wordfence.</p></body></html>';

  it('a front page with 200 at /wp-json/ is plain permalinks too: the read falls back to ?rest_route=', async () => {
    store().get(`${ROOT}/products/7`).reply(200, frontPage, { 'content-type': 'text/html; charset=UTF-8' });
    store().get('/').query({ rest_route: '/sc/v1/products/7' }).reply(200, product);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    await expect(client.getProduct(7)).resolves.toMatchObject({ id: 7 });
    expect(client.store.apiRootText).toBe('?rest_route=/sc/v1');
  });

  it('the site facts a read needs are read where the read found the API: the unit from ?rest_route=', async () => {
    store().get(`${ROOT}/orders/6`).reply(200, frontPage, { 'content-type': 'text/html' });
    store().get('/').query({ rest_route: '/sc/v1/orders/6' }).reply(200, { id: 6, order_amount: 4900 });
    // Only at ?rest_route=: a read of /wp-json/ would meet no answer here and leave the unit unknown.
    const latest = store()
      .post('/')
      .query({ rest_route: '/sc/v1/webhook/latest-orders/', api_key: KEY })
      .reply(200, [{ id: 6, order_amount: 49, status: 'paid' }]);
    const notices: string[] = [];
    const client = clientFor({}, { siteZone: UTC_ZONE, onNotice: (notice) => notices.push(notice.message) });
    const order = await client.getOrder(6);
    expect({ notices, done: latest.isDone() }).toEqual({ notices: [], done: true });
    expect(order).toMatchObject({ order_amount: 49, order_amount_sent: 4900, amount_unit: 'decimal' });
    expect(client.store.apiRootText).toBe('?rest_route=/sc/v1');
  });

  it('the connection test passes there, at ?rest_route=', async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(200, frontPage, { 'content-type': 'text/html' });
    store().post('/').query({ rest_route: '/sc/v1/webhook/validate/', api_key: KEY }).reply(200, { success: true });
    await expect(testConnection(clientFor())).resolves.toMatchObject({ apiRoot: '?rest_route=/sc/v1' });
  });

  it('a front page at both addresses is told as the first answer: a web page', async () => {
    store().get(`${ROOT}/products/7`).reply(200, frontPage, { 'content-type': 'text/html' });
    store().get('/').query(true).reply(200, frontPage, { 'content-type': 'text/html' });
    const error = await failure(clientFor({}, { siteZone: UTC_ZONE }).getProduct(7));
    expect(error.situation).toBe('web-page');
    expect(error.message).toContain('"Clay & Kiln Studio"');
  });

  it('an API Root the user typed is an override: no fallback', async () => {
    store().get('/api/sc/v1/products/7').reply(404, page404, { 'content-type': 'text/html' });
    const error = await failure(clientFor({ apiRoot: '/api/sc/v1' }, { siteZone: UTC_ZONE }).getProduct(7));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.situation).toBe('not-wordpress');
  });

  // WordPress's canonical redirect on plain permalinks: /wp-json/… is a front-end URL, given its trailing slash.
  const slashAdded = (path: string) => ({
    Location: `${ORIGIN}${path}/`,
    'X-Redirect-By': 'WordPress',
    'Content-Type': 'text/html; charset=UTF-8',
  });

  it('a redirect that stays on the site (a trailing slash added) is plain permalinks too', async () => {
    const memory = new SiteMemory();
    store()
      .get(`${ROOT}/products/7`)
      .reply(301, '', slashAdded(`${ROOT}/products/7`));
    store().get('/').query({ rest_route: '/sc/v1/products/7' }).reply(200, product);
    const client = clientFor({}, { memory, siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    await expect(client.getProduct(7)).resolves.toMatchObject({ id: 7 });
    expect(client.store.apiRootText).toBe('?rest_route=/sc/v1');
    expect(memory.recall(resolveStore({ storeUrl: HOST, apiKey: KEY }), 'api')).toEqual({
      baseUrl: ORIGIN,
      apiRoot: '?rest_route=/sc/v1',
    });
  });

  it('a list read redirected on the site goes to ?rest_route= with its query', async () => {
    store()
      .get(`${ROOT}/products`)
      .query({ page: 1, per_page: 2 })
      .reply(301, '', slashAdded(`${ROOT}/products`));
    store().get('/').query({ rest_route: '/sc/v1/products', page: 1, per_page: 2 }).reply(200, [product]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    await expect(client.listProducts({ page: 1, per_page: 2 })).resolves.toMatchObject({ items: [{ id: 7 }] });
  });

  it('a redirect on the site with a typed API Root stands: no fallback', async () => {
    store().get('/api/sc/v1/products/7').reply(301, '', slashAdded('/api/sc/v1/products/7'));
    const error = await failure(clientFor({ apiRoot: '/api/sc/v1' }, { siteZone: UTC_ZONE }).getProduct(7));
    expect(error).toBeInstanceOf(SiteMovedError);
  });

  it('a redirect at ?rest_route= too is told by where that one sends: the site moved', async () => {
    store()
      .get(`${ROOT}/products/7`)
      .reply(301, '', slashAdded(`${ROOT}/products/7`));
    store()
      .get('/')
      .query(true)
      .reply(301, '', { Location: `${ORIGIN}/shop/` });
    const client = clientFor({}, { siteZone: UTC_ZONE });
    const error = await failure(client.getProduct(7));
    expect(error).toBeInstanceOf(SiteMovedError);
    expect(error.message).toContain(`(${ORIGIN}/shop/)`);
    expect(client.store.apiRootText).toBe(ROOT);
  });

  it('a JSON answer at /wp-json/ is WordPress: no fallback', async () => {
    store()
      .get(`${ROOT}/products/7`)
      .reply(404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
    const error = await failure(clientFor({}, { siteZone: UTC_ZONE }).getProduct(7));
    expect(error.situation).toBe('no-studiocart');
  });
});

describe('a move to the canonical address', () => {
  it('is followed for a read (http → https), and kept', async () => {
    const memory = new SiteMemory();
    nock('http://shop.example.com')
      .get(`${ROOT}/products/7`)
      .reply(301, '', { Location: `${ORIGIN}${ROOT}/products/7` });
    store().get(`${ROOT}/products/7`).reply(200, product);
    const client = clientFor(
      { storeUrl: 'http://shop.example.com' },
      { memory, siteZone: UTC_ZONE, restAmountUnit: 'decimal' },
    );
    await client.getProduct(7);
    expect(client.store.baseUrl).toBe(ORIGIN);
    expect(memory.recall(resolveStore({ storeUrl: 'http://shop.example.com', apiKey: KEY }), 'api')).toEqual({
      baseUrl: ORIGIN,
      apiRoot: ROOT,
    });
  });

  it('where nothing answers is told as the move, after one attempt there', async () => {
    nock('http://shop.example.com')
      .get(`${ROOT}/products/7`)
      .reply(301, '', { Location: `${ORIGIN}${ROOT}/products/7` });
    const refused = Object.assign(new Error('connect ECONNREFUSED 192.0.2.1:443'), { code: 'ECONNREFUSED' });
    let attempts = 0;
    store()
      .get(`${ROOT}/products/7`)
      .times(3)
      .replyWithError(refused)
      .on('request', () => (attempts += 1));
    const client = clientFor(
      { storeUrl: 'http://shop.example.com' },
      { siteZone: UTC_ZONE, retry: { budgetMs: 25_000, sleep: () => Promise.resolve(), random: () => 0.5 } },
    );
    const error = await failure(client.getProduct(7));
    expect(error).toBeInstanceOf(SiteMovedError);
    expect(error.situation).toBe('site-moved');
    expect(error.message).toContain(`sends its visitors to another address (${ORIGIN}${ROOT}/products/7)`);
    expect(attempts).toBe(1);
    expect(client.store.baseUrl).toBe('http://shop.example.com');
    nock.cleanAll();
  });

  it('is not followed for a write: a subscribe is never sent twice', async () => {
    nock('http://shop.example.com')
      .post(`${ROOT}/webhook/subscribe/`)
      .query(true)
      .reply(301, '', { Location: `${ORIGIN}${ROOT}/webhook/subscribe/?api_key=${KEY}` });
    const error = await failure(
      clientFor({ storeUrl: 'http://shop.example.com' }).subscribeHook({ hook_url: 'https://hooks.example.net/1' }),
    );
    expect(error).toBeInstanceOf(SiteMovedError);
    expect(error.message).not.toContain(KEY);
  });

  it.each([
    ['http://shop.example.com', 'https://shop.example.com/wp-json/sc/v1/x', 'https://shop.example.com'],
    ['https://shop.example.com', 'https://www.shop.example.com/wp-json/', 'https://www.shop.example.com'],
    ['https://www.shop.example.com', 'https://shop.example.com/wp-json/', 'https://shop.example.com'],
    ['https://example.com/store', 'https://www.example.com/store/wp-json/', 'https://www.example.com/store'],
    ['https://shop.example.com', 'http://shop.example.com/wp-json/', undefined],
    ['https://shop.example.com', 'https://other.example.com/wp-json/', undefined],
    ['https://example.com/store', 'https://example.com/wp-json/', undefined],
  ])('%s moved to %s is the same site at %s', (from, to, expected) => {
    expect(canonicalBase(from, to)).toBe(expected);
  });
});

describe('rootLeftOpen', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['  ', true],
    ['/wp-json/sc/v1', true],
    ['/wp-json/sc/v1/', true],
    ['?rest_route=/sc/v1', false],
    ['/api/sc/v1', false],
  ])('%j -> %s', (root, open) => {
    expect(rootLeftOpen(root)).toBe(open);
  });
});
