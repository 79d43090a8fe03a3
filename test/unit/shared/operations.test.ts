/**
 * Every operation of spec part 4 as it goes over the wire: method, path (trailing slashes kept), query,
 * headers and JSON body, through the real Node transport against nock.
 */
import nock from 'nock';
import { InvalidRequestError } from '@commerce-service/shared';
import {
  HOST,
  KEY,
  ROOT,
  type Seen,
  clientFor,
  expectNoSecret,
  failure,
  json,
  recorder,
  spyTransport,
  store,
  storeFor,
  stubTransport,
  UTC_ZONE,
} from '../support/shared';
import { createClient } from '../../../scripts/kit/client';

function bodyOf(seen: Seen): unknown {
  return seen.rawBody === '' ? undefined : JSON.parse(seen.rawBody);
}

/** Headers of a webhook operation that takes the key in the query (1, 2, 6) or none (3, 4, 5). */
function expectNoKeyHeader(seen: Seen): void {
  expect(seen.headers['x-api-key']).toBeUndefined();
}

/** Headers of a REST read (7 to 15). */
function expectRestHeaders(seen: Seen): void {
  expect(seen.headers['x-api-key']).toBe(KEY);
  expect(seen.headers['content-type']).toBe('application/json');
  expect(seen.headers.accept).toBe('application/json');
}

describe('1. validate: POST {api_root}/webhook/validate/?api_key=', () => {
  it('sends the key in the query only, without a body', async () => {
    const rec = recorder();
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(rec.reply(200, {}));
    await expect(clientFor().validateKey()).resolves.toBeUndefined();
    const seen = rec.last();
    expect(seen.method).toBe('POST');
    expect(seen.pathname).toBe('/wp-json/sc/v1/webhook/validate/');
    expect(seen.query).toEqual({ api_key: KEY });
    expectNoKeyHeader(seen);
    expect(seen.headers['content-type']).toBeUndefined();
    expect(seen.rawBody).toBe('');
  });
});

describe('2. subscribe: POST {api_root}/webhook/subscribe/', () => {
  const HOOK = 'https://hooks.zapier.com/hooks/standard/123/abc/';

  it('sends api_key and product_id in the query, the rest as a JSON body', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/subscribe/`)
      .query(true)
      .reply(rec.reply(200, { id: '1732190400' }));
    const result = await clientFor().subscribeHook({
      hook_url: HOOK,
      product_id: 87,
      plan_id: '34',
      status: 'purchased',
      source: 'zapier',
      prices_in_cents: true,
    });
    expect(result).toEqual({ id: '1732190400' });
    const seen = rec.last();
    expect(seen.method).toBe('POST');
    expect(seen.pathname).toBe('/wp-json/sc/v1/webhook/subscribe/');
    expect(seen.query).toEqual({ api_key: KEY, product_id: '87' });
    expectNoKeyHeader(seen);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(Number(seen.headers['content-length'])).toBe(Buffer.byteLength(seen.rawBody));
    expect(bodyOf(seen)).toEqual({
      hook_url: HOOK,
      plan_id: 34,
      source: 'zapier',
      status: 'purchased',
      prices_in_cents: 1,
    });
  });

  it.each([
    ['one digit plan id -> a number', '34', 34],
    ['a padded plan id -> a number', ' 34 ', 34],
    ['several plan ids -> an array', ['34', '56'], [34, 56]],
    ['bump stays a string', 'bump', 'bump'],
    ['mixed list', ['34', 'upsell', ' '], [34, 'upsell']],
    ['a non-numeric plan id stays a string', 'monthly', 'monthly'],
  ] as const)('plan_id: %s', async (_, planId, expected) => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/subscribe/`)
      .query(true)
      .reply(rec.reply(200, { id: 5 }));
    await clientFor().subscribeHook({ hook_url: HOOK, plan_id: planId });
    expect((bodyOf(rec.last()) as Record<string, unknown>).plan_id).toEqual(expected);
  });

  it('sends prices_in_cents as 0 when false, leaves out empty filters and the product', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/subscribe/`)
      .query(true)
      .reply(rec.reply(200, { id: 5 }));
    await clientFor().subscribeHook({
      hook_url: HOOK,
      product_id: null,
      plan_id: [],
      status: '',
      prices_in_cents: false,
    });
    expect(rec.last().query).toEqual({ api_key: KEY });
    expect(bodyOf(rec.last())).toEqual({ hook_url: HOOK, prices_in_cents: 0 });
  });

  it('sends only hook_url when nothing else is given', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/subscribe/`)
      .query(true)
      .reply(rec.reply(200, { id: 5 }));
    await clientFor().subscribeHook({ hook_url: HOOK });
    expect(bodyOf(rec.last())).toEqual({ hook_url: HOOK });
  });

  it('sends a list of statuses as a JSON array (real stores accept it)', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/subscribe/`)
      .query(true)
      .reply(rec.reply(200, { id: 5 }));
    await clientFor().subscribeHook({ hook_url: HOOK, status: ['purchased', 'refunded'] });
    expect(bodyOf(rec.last())).toEqual({ hook_url: HOOK, status: ['purchased', 'refunded'] });
  });

  it.each(['', 'hooks.zapier.com/abc', 'ftp://x.example.com/hook', 'https://x.example.com/a b'])(
    'rejects the hook URL %j before any request',
    async (hookUrl) => {
      const transport = stubTransport([]);
      const client = createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport });
      const error = await failure(client.subscribeHook({ hook_url: hookUrl }));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).params).toEqual(['hook_url']);
      expect(error.message).toContain('Subscribe a webhook failed on shop.example.com');
      expect(transport.requests).toHaveLength(0);
    },
  );
});

describe('3. delete: POST {api_root}/webhook/delete/', () => {
  it('sends the id as an integer in a JSON body, with no key anywhere', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/delete/`)
      .reply(rec.reply(200, { id: 17 }));
    await expect(clientFor().deleteHook('17')).resolves.toEqual({ id: '17', alreadyGone: false });
    const seen = rec.last();
    expect(seen.method).toBe('POST');
    expect(seen.pathname).toBe('/wp-json/sc/v1/webhook/delete/');
    expect(seen.query).toEqual({});
    expectNoKeyHeader(seen);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(bodyOf(seen)).toEqual({ id: 17 });
  });

  it('accepts a numeric id', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/delete/`)
      .reply(rec.reply(200, { id: 1732190400 }));
    await expect(clientFor().deleteHook(1732190400)).resolves.toEqual({ id: '1732190400', alreadyGone: false });
    expect(bodyOf(rec.last())).toEqual({ id: 1732190400 });
  });
});

describe('4. products: GET {api_root}/webhook/products/', () => {
  it('sends no key, no query and no body', async () => {
    const rec = recorder();
    store()
      .get(`${ROOT}/webhook/products/`)
      .reply(rec.reply(200, [{ id: 87, name: 'Sourdough Masterclass' }]));
    await expect(clientFor().listWebhookProducts()).resolves.toEqual([{ id: 87, name: 'Sourdough Masterclass' }]);
    const seen = rec.last();
    expect(seen.method).toBe('GET');
    expect(seen.pathname).toBe('/wp-json/sc/v1/webhook/products/');
    expect(seen.query).toEqual({});
    expectNoKeyHeader(seen);
    expect(seen.headers['content-type']).toBeUndefined();
    expect(seen.rawBody).toBe('');
  });
});

describe('5. plans: GET {api_root}/webhook/plans/?product_id=', () => {
  it('sends product_id in the query and no key', async () => {
    const rec = recorder();
    const plans = [
      { id: 'full', name: 'Pay in full' },
      { id: 'bump', name: 'Purchased as a bump' },
    ];
    store().get(`${ROOT}/webhook/plans/`).query(true).reply(rec.reply(200, plans));
    await expect(clientFor().listWebhookPlans(87)).resolves.toEqual(plans);
    const seen = rec.last();
    expect(seen.method).toBe('GET');
    expect(seen.pathname).toBe('/wp-json/sc/v1/webhook/plans/');
    expect(seen.query).toEqual({ product_id: '87' });
    expectNoKeyHeader(seen);
    expect(seen.rawBody).toBe('');
  });
});

describe('6. latest-orders: POST {api_root}/webhook/latest-orders/', () => {
  it('sends api_key and product_id in the query, plan_id and status in the body', async () => {
    const rec = recorder();
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).reply(rec.reply(200, []));
    await expect(
      clientFor().latestOrders({ product_id: '87', plan_id: ['34', '56'], status: 'active' }),
    ).resolves.toEqual([]);
    const seen = rec.last();
    expect(seen.method).toBe('POST');
    expect(seen.pathname).toBe('/wp-json/sc/v1/webhook/latest-orders/');
    expect(seen.query).toEqual({ api_key: KEY, product_id: '87' });
    expectNoKeyHeader(seen);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(bodyOf(seen)).toEqual({ plan_id: [34, 56], status: 'active' });
  });

  it('sends one plan as an integer and no body at all without filters', async () => {
    const rec = recorder();
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).times(2).reply(rec.reply(200, []));
    await clientFor().latestOrders({ plan_id: '34' });
    expect(bodyOf(rec.last())).toEqual({ plan_id: 34 });
    await clientFor().latestOrders();
    expect(rec.last().query).toEqual({ api_key: KEY });
    expect(rec.last().rawBody).toBe('');
  });
});

describe('7 to 15: REST reads with x-api-key', () => {
  type Case = {
    name: string;
    run: (client: ReturnType<typeof clientFor>) => Promise<unknown>;
    path: string;
    query: Record<string, string>;
    body: Record<string, unknown>;
    answer: unknown;
  };
  const cases: Case[] = [
    {
      name: '7. customers',
      run: (c) => c.listCustomers({ page: 2, per_page: 50 }),
      path: '/wp-json/sc/v1/customers',
      query: { page: '2', per_page: '50' },
      body: { page: 2, per_page: 50 },
      answer: [],
    },
    {
      name: '8. customer',
      run: (c) => c.getCustomer(5),
      path: '/wp-json/sc/v1/customers/5',
      query: {},
      body: {},
      answer: { id: 5 },
    },
    {
      name: '9. orders',
      run: (c) =>
        c.listOrders({ page: 1, per_page: 20, date_after: '2026-01-31', orderby: 'date_created', order: 'asc' }),
      path: '/wp-json/sc/v1/orders',
      query: { page: '1', per_page: '20', date_after: '2026-01-31', orderby: 'date_created', order: 'asc' },
      body: { page: 1, per_page: 20, date_after: '2026-01-31', orderby: 'date_created', order: 'asc' },
      answer: [],
    },
    {
      name: '10. order',
      run: (c) => c.getOrder('1042'),
      path: '/wp-json/sc/v1/orders/1042',
      query: {},
      body: {},
      answer: { id: 1042 },
    },
    {
      name: '11. subscription orders',
      run: (c) => c.listSubscriptionOrders(2051, { orderby: 'id', order: 'desc' }),
      path: '/wp-json/sc/v1/orders/subscription/2051',
      query: { page: '1', per_page: '10', orderby: 'id', order: 'desc' },
      body: { page: 1, per_page: 10, orderby: 'id', order: 'desc' },
      answer: [],
    },
    {
      name: '12. subscriptions',
      run: (c) => c.listSubscriptions({ date_after: '2026-02-01', orderby: 'date_modified' }),
      path: '/wp-json/sc/v1/subscriptions',
      query: { date_after: '2026-02-01', orderby: 'date_modified' },
      body: { date_after: '2026-02-01', orderby: 'date_modified' },
      answer: [],
    },
    {
      name: '13. subscription',
      run: (c) => c.getSubscription(' 2051 '),
      path: '/wp-json/sc/v1/subscriptions/2051',
      query: {},
      body: {},
      answer: { id: 2051 },
    },
    {
      name: '14. products',
      run: (c) => c.listProducts({ per_page: 100, orderby: 'product_name', order: 'asc' }),
      path: '/wp-json/sc/v1/products',
      query: { per_page: '100', orderby: 'product_name', order: 'asc' },
      body: { per_page: 100, orderby: 'product_name', order: 'asc' },
      answer: [],
    },
    {
      name: '15. product',
      run: (c) => c.getProduct(87),
      path: '/wp-json/sc/v1/products/87',
      query: {},
      body: {},
      answer: { id: 87 },
    },
  ];

  it.each(cases)(
    '$name: GET $path with list params in the query and the JSON body',
    async ({ run, path, query, body, answer }) => {
      const rec = recorder();
      const transport = spyTransport(true);
      store().get(path).query(true).reply(rec.reply(200, answer));
      await run(createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }));
      const seen = rec.last();
      expect(seen.method).toBe('GET');
      expect(seen.pathname).toBe(path);
      expect(seen.query).toEqual(query);
      expect(seen.query.api_key).toBeUndefined();
      expectRestHeaders(seen);
      expect(transport.requests).toHaveLength(1);
      expect(transport.requests[0]?.body).toEqual(body);
      // The body bytes went over the wire: nock saw their length.
      expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));
    },
  );

  it.each(cases)(
    '$name: no GET body through a transport that drops it, params still in the query',
    async ({ run, path, query, answer }) => {
      const dropsBody = spyTransport(false);
      const rec = recorder();
      store().get(path).query(true).reply(rec.reply(200, answer));
      await run(createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport: dropsBody }));
      const seen = rec.last();
      expect(seen.query).toEqual(query);
      expectRestHeaders(seen);
      expect(dropsBody.requests[0]?.body).toBeUndefined();
      expect(seen.rawBody).toBe('');
      expect(seen.headers['content-length']).toBeUndefined();
    },
  );

  it('hands a transport that drops GET bodies a request without body', async () => {
    const transport = stubTransport([json(200, [])]);
    await createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }).listOrders({ page: 3, per_page: 25 });
    expect(transport.requests).toEqual([
      {
        method: 'GET',
        url: 'https://shop.example.com/wp-json/sc/v1/orders',
        query: { page: '3', per_page: '25' },
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        auth: { style: 'header', apiKey: KEY },
        timeoutMs: 20000,
      },
    ]);
  });

  it('hands a transport that sends GET bodies the JSON body, and {} for a retrieve', async () => {
    const transport = stubTransport([json(200, []), json(200, { id: 9 })], true);
    const client = createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport, timeoutMs: 5000 });
    await client.listCustomers({ per_page: 5 });
    await client.getCustomer(9);
    expect(transport.requests[0]?.body).toEqual({ per_page: 5 });
    expect(transport.requests[0]?.timeoutMs).toBe(5000);
    expect(transport.requests[1]?.body).toEqual({});
    expect(transport.requests[1]?.url).toBe('https://shop.example.com/wp-json/sc/v1/customers/9');
  });

  it('11 always sends page and per_page, even when given as undefined', async () => {
    const transport = stubTransport([json(200, []), json(200, [])]);
    const client = createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport });
    await client.listSubscriptionOrders(7);
    await client.listSubscriptionOrders(7, { page: undefined, per_page: undefined, order: 'asc' });
    expect(transport.requests[0]?.query).toEqual({ page: '1', per_page: '10' });
    expect(transport.requests[1]?.query).toEqual({ page: '1', per_page: '10', order: 'asc' });
  });

  it('11 keeps the page and per_page it is given', async () => {
    const transport = stubTransport([json(200, [])]);
    await createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }).listSubscriptionOrders('7', {
      page: 4,
      per_page: 100,
    });
    expect(transport.requests[0]?.query).toEqual({ page: '4', per_page: '100' });
    expect(transport.requests[0]?.url).toBe('https://shop.example.com/wp-json/sc/v1/orders/subscription/7');
  });

  it('lists without params send an empty query and an empty JSON object', async () => {
    const rec = recorder();
    const transport = spyTransport(true);
    store().get(`${ROOT}/customers`).reply(rec.reply(200, []));
    await createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }).listCustomers();
    expect(rec.last().query).toEqual({});
    expect(transport.requests[0]?.body).toEqual({});
    expect(rec.last().headers['content-length']).toBe('2');
  });
});

describe('path ids are validated before any request', () => {
  const client = () => {
    const transport = stubTransport([]);
    return { transport, client: createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }) };
  };

  it.each([
    ['getCustomer', 'abc', 'customer_id', 'customer', 'Get a customer'],
    ['getOrder', '12abc', 'order_id', 'order', 'Get an order'],
    ['getOrder', 1.5, 'order_id', 'order', 'Get an order'],
    ['getSubscription', 0, 'subscription_id', 'subscription', 'Get a subscription'],
    ['getProduct', -3, 'product_id', 'product', 'Get a product'],
    ['getProduct', '../customers', 'product_id', 'product', 'Get a product'],
    ['getCustomer', '', 'customer_id', 'customer', 'Get a customer'],
  ] as const)('%s(%j) -> InvalidRequestError naming %s', async (method, id, param, noun, label) => {
    const { transport, client: c } = client();
    const error = await failure((c[method] as (id: unknown) => Promise<unknown>).call(c, id));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).params).toEqual([param]);
    expect(error.operation).toBe(label);
    expect(error.store).toBe(HOST);
    expect(error.message).toContain(`the ${noun} ID "${String(id)}" is not a positive whole number`);
    expect(error.hint).toContain(`numeric ID of the ${noun}`);
    expect(transport.requests).toHaveLength(0);
    expectNoSecret(error);
  });

  it('listSubscriptionOrders validates the subscription id', async () => {
    const { transport, client: c } = client();
    const error = await failure(c.listSubscriptionOrders('sub_123'));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toContain('the subscription ID "sub_123" is not a positive whole number');
    expect(transport.requests).toHaveLength(0);
  });

  it('a null id is named as such', async () => {
    const { client: c } = client();
    const error = await failure(c.getOrder(null as unknown as number));
    expect(error.message).toContain('the order ID "" is not a positive whole number');
  });
});

describe('?rest_route= mode', () => {
  const settings = { apiRoot: '?rest_route=/sc/v1' };

  it('1: POST / with rest_route first, then api_key', async () => {
    const rec = recorder();
    store().post('/').query(true).reply(rec.reply(200, {}));
    await clientFor(settings).validateKey();
    expect(rec.last().pathname).toBe('/');
    expect(rec.last().query).toEqual({ rest_route: '/sc/v1/webhook/validate/', api_key: KEY });
    expect(Object.keys(rec.last().query)).toEqual(['rest_route', 'api_key']);
  });

  it('2: product_id and api_key next to rest_route, body unchanged', async () => {
    const rec = recorder();
    store()
      .post('/')
      .query(true)
      .reply(rec.reply(200, { id: 3 }));
    await clientFor(settings).subscribeHook({ hook_url: 'https://example.net/hook', product_id: '87' });
    expect(rec.last().query).toEqual({ rest_route: '/sc/v1/webhook/subscribe/', product_id: '87', api_key: KEY });
    expect(bodyOf(rec.last())).toEqual({ hook_url: 'https://example.net/hook' });
  });

  it('5: GET /?rest_route=/sc/v1/webhook/plans/&product_id=', async () => {
    const rec = recorder();
    store().get('/').query(true).reply(rec.reply(200, []));
    await clientFor(settings).listWebhookPlans('87');
    expect(rec.last().query).toEqual({ rest_route: '/sc/v1/webhook/plans/', product_id: '87' });
  });

  it('9 and 10: GET / with the route and list params in the query, key in the header', async () => {
    const rec = recorder();
    store().get('/').query(true).times(2).reply(rec.reply(200, []));
    await clientFor(settings, { siteZone: UTC_ZONE }).listOrders({ page: 2, per_page: 10 });
    expect(rec.last().query).toEqual({ rest_route: '/sc/v1/orders', page: '2', per_page: '10' });
    expectRestHeaders(rec.last());
    await expect(clientFor(settings, { siteZone: UTC_ZONE }).getOrder(1042)).rejects.toThrow(/expected shape/);
    expect(rec.last().query).toEqual({ rest_route: '/sc/v1/orders/1042' });
  });

  it('keeps the sub-folder of a store in a sub-folder', async () => {
    const rec = recorder();
    nock('https://example.com').get('/store/').query(true).reply(rec.reply(200, []));
    await clientFor({
      storeUrl: 'https://example.com/store/wp-admin/',
      apiRoot: '/index.php?rest_route=/sc/v1',
    }).listWebhookProducts();
    expect(rec.last().pathname).toBe('/store/');
    expect(rec.last().query).toEqual({ rest_route: '/sc/v1/webhook/products/' });
  });
});

describe('other roots and stores', () => {
  it('uses a custom path root', async () => {
    const rec = recorder();
    store()
      .get('/api/sc/v1/products/87')
      .reply(rec.reply(200, { id: 87 }));
    await clientFor({ apiRoot: '/api/sc/v1/' }).getProduct(87);
    expect(rec.last().pathname).toBe('/api/sc/v1/products/87');
  });

  it('talks http to a local store on its port', async () => {
    const rec = recorder();
    nock('http://localhost:8080')
      .post('/wordpress/wp-json/sc/v1/webhook/validate/')
      .query(true)
      .reply(rec.reply(200, {}));
    await clientFor({ storeUrl: 'http://localhost:8080/wordpress/' }).validateKey();
    expect(rec.last().query).toEqual({ api_key: KEY });
  });

  it('url-encodes a key with reserved characters in the query', async () => {
    const rec = recorder();
    const key = 'k&ey=with+chars/1';
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(rec.reply(200, {}));
    await clientFor({ apiKey: key }).validateKey();
    expect(rec.last().query).toEqual({ api_key: key });
  });
});
