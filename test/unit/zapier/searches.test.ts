import { RECORD_RESOURCE_NAMES } from '@commerce-service/shared';
import {
  AUTH,
  KEY,
  SEARCHES,
  SEARCH_PERFORMS,
  type Seen,
  appTester,
  plainOutputs,
  searchPerform,
  searchModules,
  type SearchKey,
  onStore,
  failure,
  keyRefused,
  wpError,
  store,
  ROOT,
} from '../support/zapier';

const FIND_BY_ID = [
  [
    'find_order',
    'order_id',
    'orders',
    'Find Order',
    { id: 1042, customer_email: 'maya@example.com', order_amount: '16800', items: null },
  ],
  [
    'find_subscription',
    'subscription_id',
    'subscriptions',
    'Find Subscription',
    { id: 2051, status: 'active', invoices: [{ id: '2052', status: 'paid' }] },
  ],
  [
    'find_customer',
    'customer_id',
    'customers',
    'Find Customer',
    { id: 311, email: 'maya@example.com', total_orders: '3' },
  ],
  [
    'find_product',
    'product_id',
    'products',
    'Find Product',
    { id: 87, name: 'Sourdough Masterclass', plans: [{ id: 'full', price: '14900' }] },
  ],
] as const;

describe('the searches', () => {
  it('are the search modules of zapier/src/searches/, each registered under its own key', () => {
    const modules = searchModules();
    expect(modules.map((found) => found.search.key).sort()).toEqual(Object.keys(SEARCHES).sort());
    for (const found of modules) expect(SEARCHES[found.search.key as SearchKey]).toBe(found.search);
    expect(Object.values(SEARCHES).map((s) => s.display.label)).toEqual(
      expect.arrayContaining([
        'Find Order',
        'Find Subscription',
        'Find Customer',
        'Find Product',
        'Find Orders of a Subscription',
        'Find Sales Summary',
      ]),
    );
  });

  it('have labels that start with Find, each its own', () => {
    const labels = Object.values(SEARCHES).map((s) => s.display.label);
    for (const label of labels) expect(label).toMatch(/^Find [A-Z]/);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each(Object.values(SEARCHES).map((found) => [found.key, found] as const))(
    '%s has a sample and a labelled output field for every sample value',
    (_key, found) => {
      const { sample, outputFields } = found.operation;
      const keys = new Set(plainOutputs(outputFields).map((f) => f.key));
      for (const field of plainOutputs(outputFields)) expect(field.label).toMatch(/^[A-Z]/);
      for (const [field, value] of Object.entries(sample ?? {})) {
        if (Array.isArray(value))
          for (const child of Object.keys(value[0] as object)) expect(keys).toContain(`${field}[]${child}`);
        else expect(keys).toContain(field);
      }
    },
  );

  it.each(searchModules().map((found) => [found.search.key, found] as const))(
    '%s runs the perform its module exports',
    (key, found) => {
      expect(typeof found.perform).toBe('function');
      expect(SEARCHES[key as SearchKey]?.operation.perform).toBe(found.perform);
    },
  );
});

describe.each(FIND_BY_ID)('%s', (key, input, path, label, record) => {
  const { operation, display } = SEARCHES[key];
  const perform = searchPerform(key);

  it(`is "${label}" with an ID input (the only one, and required, but for Find Customer)`, () => {
    expect(display.label).toBe(label);
    if (key === 'find_customer') {
      // Email or ID, both optional (see searchesCustomerByEmail.test.ts).
      expect(operation.inputFields).toEqual([
        expect.objectContaining({ key: 'email', required: false, type: 'string' }),
        expect.objectContaining({ key: input, required: false, type: 'integer' }),
      ]);
    } else {
      expect(operation.inputFields).toEqual([expect.objectContaining({ key: input, required: true, type: 'integer' })]);
    }
  });

  it('reads the record with the key in x-api-key, normalised', async () => {
    const seen: Seen[] = [];
    onStore('get', `${path}/${record.id}`, seen, 200, record);
    const results = await appTester(perform, { authData: AUTH, inputData: { [input]: String(record.id) } });
    expect(results).toHaveLength(1);
    expect(results[0]?.id).toBe(record.id);
    expect(seen[0]?.headers['x-api-key']).toBe(KEY);
    expect(seen[0]?.query).toEqual({});
    // Fields the store left out are there, with empty values, as the output fields promise.
    for (const field of plainOutputs(operation.outputFields)) {
      const top = field.key.split('[]')[0] ?? field.key;
      expect(results[0]).toHaveProperty(top);
    }
  });

  it('an unknown ID is an empty result, not an error', async () => {
    onStore('get', `${path}/999`, [], 404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    await expect(appTester(perform, { authData: AUTH, inputData: { [input]: 999 } })).resolves.toEqual([]);
  });

  it('a wrong API root is an error, not an empty result', async () => {
    onStore(
      'get',
      `${path}/999`,
      [],
      404,
      wpError('rest_no_route', 'No route was found matching the URL and request method.', 404),
    );
    const error = await failure(appTester(perform, { authData: AUTH, inputData: { [input]: 999 } }));
    expect(error.text).toMatch(/Studiocart's API \(sc\/v1\) is not there at \/wp-json\/sc\/v1/);
  });

  it('an ID that is not a number says what to enter', async () => {
    const error = await failure(appTester(perform, { authData: AUTH, inputData: { [input]: 'abc' } }));
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(/is not a positive whole number.*Enter the numeric ID/);
  });

  it('a rejected key asks to reconnect', async () => {
    onStore('get', `${path}/1`, [], 401, keyRefused(401));
    const error = await failure(appTester(perform, { authData: AUTH, inputData: { [input]: 1 } }));
    expect(error.name).toBe('ExpiredAuthError');
  });

  it('a name that does not resolve says so, with ENOTFOUND as its code', async () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND shop.example.com'), { code: 'ENOTFOUND' });
    store().get(`${ROOT}/${path}/1`).replyWithError(dns);
    const error = await failure(appTester(perform, { authData: AUTH, inputData: { [input]: 1 } }));
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(/no site has this name/);
    expect(error.code).toBe('ENOTFOUND');
  });
});

describe('find_subscription_orders', () => {
  const { operation, display } = SEARCHES.find_subscription_orders;
  const perform = SEARCH_PERFORMS.find_subscription_orders;
  const order = (id: number) => ({ id, status: 'paid', order_amount: 2900, payment_plan_id: 'monthly' });

  it('is "Find Orders of a Subscription"', () => {
    expect(display.label).toBe('Find Orders of a Subscription');
    expect(operation.inputFields).toEqual([expect.objectContaining({ key: 'subscription_id', required: true })]);
  });

  it('returns every order of the subscription, newest first, walking the pages', async () => {
    const seen: Seen[] = [];
    const first = Array.from({ length: 100 }, (_, i) => order(300 - i));
    onStore('get', 'orders/subscription/2051', seen, 200, first, { 'x-wp-total': '102', 'x-wp-totalpages': '2' });
    onStore('get', 'orders/subscription/2051', seen, 200, [order(200), order(199)], {
      'x-wp-total': '102',
      'x-wp-totalpages': '2',
    });
    const results = await appTester(perform, { authData: AUTH, inputData: { subscription_id: '2051' } });
    expect(results).toHaveLength(102);
    expect(results[0]?.id).toBe(300);
    expect(seen.map((s) => s.query)).toEqual([
      { page: '1', per_page: '100', orderby: 'date_created', order: 'desc' },
      { page: '2', per_page: '100', orderby: 'date_created', order: 'desc' },
    ]);
    expect(seen[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('a subscription without orders, or unknown, is an empty result', async () => {
    onStore('get', 'orders/subscription/5', [], 200, []);
    await expect(appTester(perform, { authData: AUTH, inputData: { subscription_id: 5 } })).resolves.toEqual([]);
    onStore('get', 'orders/subscription/6', [], 404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    await expect(appTester(perform, { authData: AUTH, inputData: { subscription_id: 6 } })).resolves.toEqual([]);
  });

  it("a rate limit becomes a ThrottledError with the store's delay", async () => {
    onStore('get', 'orders/subscription/7', [], 429, '', { 'retry-after': '30' });
    const error = await failure(appTester(perform, { authData: AUTH, inputData: { subscription_id: 7 } }));
    expect(error).toMatchObject({ name: 'ThrottledError', delay: 30 });
  });
});

describe('every record resource', () => {
  it.each(RECORD_RESOURCE_NAMES)('%s has its Find search, registered in the app', (resource) => {
    expect(Object.keys(SEARCHES)).toContain(`find_${resource}`);
  });
});
