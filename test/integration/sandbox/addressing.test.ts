import { startSandbox, type Sandbox } from '../../../sandbox';
import { API_ROOT, httpRequest, StoreClient } from '../support/httpClient';
import { useSandbox } from '../support/sandbox';

/** How the API is reached: /wp-json, ?rest_route=, trailing slashes, the Host header, sub-folder sites. */
const sandbox = useSandbox({ size: 40 });
let store: StoreClient;

beforeAll(async () => {
  store = new StoreClient(sandbox.url, sandbox.apiKey);
});

type Json = Record<string, unknown>;
const withKey = { 'x-api-key': 'sandbox-demo-key' };

it('uses the demo key by default', () => {
  expect(sandbox.apiKey).toBe('sandbox-demo-key');
  expect(sandbox.apiRoot).toBe(API_ROOT);
  expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

it('serves the same routes at /?rest_route=/sc/v1/... and /index.php?rest_route=...', async () => {
  const pretty = await store.rest('/orders', { query: { per_page: 3 } });
  for (const path of [
    '/?rest_route=/sc/v1/orders&per_page=3',
    '/index.php?rest_route=%2Fsc%2Fv1%2Forders&per_page=3',
  ]) {
    const plain = await httpRequest({ url: `${sandbox.url}${path}`, headers: withKey });
    expect(plain.status).toBe(200);
    expect(plain.json()).toEqual(pretty.json());
  }
  const validate = await httpRequest({
    method: 'POST',
    url: `${sandbox.url}/?rest_route=/sc/v1/webhook/validate/&api_key=${sandbox.apiKey}`,
  });
  expect(validate.json()).toEqual({});
});

it('takes routes with or without the trailing slash', async () => {
  const a = await store.rest('/products');
  const b = await store.rest('/products/');
  expect(b.status).toBe(200);
  expect(b.json()).toEqual(a.json());
  const plans = await store.webhook('GET', '/plans', { query: { product_id: a.json<Json[]>()[0].id as number } });
  expect(plans.status).toBe(200);
});

it('builds links from the Host the request came to', async () => {
  const response = await httpRequest({
    url: `${sandbox.url}${API_ROOT}/orders?per_page=1`,
    headers: { ...withKey, Host: 'shop.example.test:8080' },
  });
  const [order] = response.json<Json[]>();
  expect(order.link).toBe(`http://shop.example.test:8080${API_ROOT}/orders/${String(order.id)}`);
  expect(order.website_url).toBe('http://shop.example.test:8080');
  expect(response.headers.link).toContain(`<http://shop.example.test:8080${API_ROOT}/orders?per_page=1&page=2>`);
});

it('answers the WordPress REST index at /wp-json/ with the sc/v1 namespace', async () => {
  const index = await httpRequest({ url: `${sandbox.url}/wp-json/` });
  expect(index.status).toBe(200);
  expect(index.json<{ namespaces: string[] }>().namespaces).toContain('sc/v1');
  const namespace = await httpRequest({ url: `${sandbox.url}${API_ROOT}` });
  expect(Object.keys(namespace.json<{ routes: object }>().routes)).toContain('/sc/v1/webhook/subscribe');
});

it('serves the product pages its links point at, and a 404 page elsewhere', async () => {
  const [product] = (await store.rest('/products')).json<Json[]>();
  const page = await httpRequest({ url: String(product.url) });
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect((await httpRequest({ url: `${sandbox.url}/no-such-page/` })).status).toBe(404);
});

it('answers 404 rest_no_route for unknown routes inside and outside the namespace', async () => {
  for (const path of [`${API_ROOT}/refunds`, '/wp-json/other/v2/things']) {
    const response = await httpRequest({ url: `${sandbox.url}${path}`, headers: withKey });
    expect(response.status).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('rest_no_route');
  }
});

describe('plain permalinks (plainPermalinks deviation)', () => {
  it('answers /wp-json/ with the front page and 200, serves ?rest_route= and writes links in that form', async () => {
    sandbox.setDeviations({ plainPermalinks: true });
    // As nginx (try_files … /index.php) and Apache with WordPress's .htaccess serve it.
    const pretty = await store.rest('/orders');
    expect(pretty.status).toBe(200);
    expect(pretty.headers['content-type']).toMatch(/text\/html/);
    expect(pretty.text).toContain('<title>Sandbox Store</title>');
    expect(pretty.headers.link).toBe(`<${sandbox.url}/?rest_route=/>; rel="https://api.w.org/"`);
    const plain = await httpRequest({ url: `${sandbox.url}/?rest_route=/sc/v1/orders&per_page=1`, headers: withKey });
    expect(plain.status).toBe(200);
    const [order] = plain.json<Json[]>();
    expect(order.link).toBe(`${sandbox.url}/index.php?rest_route=/sc/v1/orders/${String(order.id)}`);
    const followed = await httpRequest({ url: String(order.link), headers: withKey });
    expect(followed.json()).toEqual(order);
    expect(plain.headers.link).toBe(
      `<${sandbox.url}/index.php?rest_route=/sc/v1/orders&per_page=1&page=2>; rel="next"`,
    );
  });
});

describe('a WordPress site in a sub-folder', () => {
  let nested: Sandbox;
  beforeAll(async () => {
    nested = await startSandbox({ port: 0, size: 20, apiRoot: '/store/wp-json/sc/v1', apiKey: 'other-key' });
  });
  afterAll(() => nested.close());

  it('serves the API under the folder, in both forms, and only there', async () => {
    const headers = { 'x-api-key': 'other-key' };
    const pretty = await httpRequest({ url: `${nested.url}/store/wp-json/sc/v1/products`, headers });
    expect(pretty.status).toBe(200);
    const [product] = pretty.json<Json[]>();
    expect(product.url).toMatch(new RegExp(`^${nested.url}/store/`));
    const plain = await httpRequest({ url: `${nested.url}/store/?rest_route=/sc/v1/products`, headers });
    expect(plain.json()).toEqual(pretty.json());
    expect((await httpRequest({ url: `${nested.url}/wp-json/sc/v1/products`, headers })).status).toBe(404);
    const orders = await httpRequest({ url: `${nested.url}/store/wp-json/sc/v1/orders?per_page=1`, headers });
    expect(orders.json<Json[]>()[0].website_url).toBe(`${nested.url}/store`);
  });

  it('checks its own key', async () => {
    const response = await httpRequest({ url: `${nested.url}/store/wp-json/sc/v1/products`, headers: withKey });
    expect(response.status).toBe(401);
  });
});
