import { httpRequest, StoreClient } from '../support/httpClient';
import { useSandbox } from '../support/sandbox';

/** Faults on demand: each kind, scoped by route and count, switched in-process and over HTTP. */
const sandbox = useSandbox({ size: 30, afterEachTest: (store) => store.setFaults(null) });
let store: StoreClient;

beforeAll(async () => {
  store = new StoreClient(sandbox.url, sandbox.apiKey);
});

const orders = () => store.rest('/orders', { query: { per_page: 2 } });

it('latencyMs delays answers', async () => {
  sandbox.setFaults({ latencyMs: 300 });
  const started = Date.now();
  const response = await orders();
  expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  expect(response.status).toBe(200);
});

it.each([200, 503])('html answers an HTML page with status %i', async (status) => {
  sandbox.setFaults({ html: { status } });
  const response = await orders();
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  expect(response.text).toMatch(/^<!DOCTYPE html>/);
});

it('bom puts a UTF-8 byte-order mark before the JSON', async () => {
  const clean = await orders();
  sandbox.setFaults({ bom: true });
  const response = await orders();
  expect([...response.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(JSON.parse(response.raw.subarray(3).toString('utf8'))).toEqual(clean.json());
});

it('phpNotice puts a PHP notice before the JSON', async () => {
  sandbox.setFaults({ phpNotice: true });
  const response = await orders();
  expect(response.status).toBe(200);
  expect(response.text).toMatch(/^<br \/>\n<b>Notice<\/b>/);
  const json = response.text.slice(response.text.indexOf('['));
  expect(JSON.parse(json)).toHaveLength(2);
});

it('serverError answers 500 with a WordPress error body', async () => {
  sandbox.setFaults({ serverError: true });
  const response = await orders();
  expect(response.status).toBe(500);
  expect(response.json()).toMatchObject({ code: 'internal_server_error', data: { status: 500 } });
});

it('rateLimit answers 429 with Retry-After', async () => {
  sandbox.setFaults({ rateLimit: { retryAfterSeconds: 7 } });
  const response = await orders();
  expect(response.status).toBe(429);
  expect(response.headers['retry-after']).toBe('7');
});

it('hangMs outlasts a client timeout, and the store keeps answering others', async () => {
  sandbox.setFaults({ hangMs: 1500, times: 1 });
  await expect(
    httpRequest({
      url: `${sandbox.url}/wp-json/sc/v1/products`,
      headers: { 'x-api-key': sandbox.apiKey },
      timeoutMs: 200,
    }),
  ).rejects.toThrow('client timeout');
  expect((await orders()).status).toBe(200);
});

it('invalidJson sends a broken body as 200 application/json', async () => {
  sandbox.setFaults({ invalidJson: true });
  const response = await orders();
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(() => JSON.parse(response.text)).toThrow();
});

it('nullBody answers null where a list is expected', async () => {
  sandbox.setFaults({ nullBody: true });
  const response = await orders();
  expect(response.status).toBe(200);
  expect(response.text).toBe('null');
});

it('onlyPaths limits faults to matching routes', async () => {
  sandbox.setFaults({ serverError: true, onlyPaths: 'customers' });
  expect((await store.rest('/customers')).status).toBe(500);
  expect((await orders()).status).toBe(200);
  expect((await store.webhook('POST', '/validate/', { key: sandbox.apiKey })).status).toBe(200);
});

it('times limits faults to the next N matching requests', async () => {
  sandbox.setFaults({ serverError: true, times: 2, onlyPaths: 'orders' });
  expect((await store.rest('/products')).status).toBe(200);
  expect((await orders()).status).toBe(500);
  expect((await orders()).status).toBe(500);
  expect((await orders()).status).toBe(200);
  expect((await store.admin('GET', '/config')).json<{ faults: unknown }>().faults).toBeNull();
});

it('never touches the admin API', async () => {
  sandbox.setFaults({ serverError: true });
  const response = await store.admin('GET', '/hooks');
  expect(response.status).toBe(200);
  expect(response.json()).toEqual([]);
});

it('is switched over HTTP too, and cleared with null', async () => {
  const put = await store.admin('PUT', '/config', {
    faults: { rateLimit: { retryAfterSeconds: 2 }, onlyPaths: 'webhook' },
  });
  expect(put.json()).toMatchObject({ faults: { rateLimit: { retryAfterSeconds: 2 }, onlyPaths: 'webhook' } });
  expect((await store.webhook('GET', '/products/')).status).toBe(429);
  await store.admin('PUT', '/config', { faults: null });
  expect((await store.webhook('GET', '/products/')).status).toBe(200);
});

it('rejects unknown faults', async () => {
  expect((await store.admin('PUT', '/config', { faults: { explode: true } })).status).toBe(400);
  expect(() => sandbox.setFaults({ onlyPaths: '(' })).toThrow();
});

describe('real-site oddities', () => {
  type Json = Record<string, unknown>;

  it('stringNumbers sends numbers as strings', async () => {
    const [clean] = (await orders()).json<Json[]>();
    sandbox.setFaults({ stringNumbers: true });
    const [odd] = (await orders()).json<Json[]>();
    expect(odd.id).toBe(String(clean.id));
    expect(odd.order_amount).toBe(String(clean.order_amount));
    expect((odd.items as Json[])[0].quantity).toBe(String((clean.items as Json[])[0].quantity));
  });

  it('dropEmptyFields leaves empty fields out', async () => {
    sandbox.setFaults({ dropEmptyFields: true });
    const list = (await store.rest('/orders', { query: { per_page: 30 } })).json<Json[]>();
    for (const order of list) for (const value of Object.values(order)) expect(value).not.toBe('');
    expect(list.some((order) => !('tax_type' in order))).toBe(true);
  });

  it('arrayForObject wraps a single resource in an array', async () => {
    const [first] = (await orders()).json<Json[]>();
    sandbox.setFaults({ arrayForObject: true });
    const response = await store.rest(`/orders/${String(first.id)}`);
    expect(response.json()).toEqual([first]);
  });
});
