/**
 * Paging, sorting, filters, parameter sources, headers and 400s of the list operations (spec profile):
 * docs/service/operations.md#paging-and-sorting and docs/service/operations.md#how-parameters-travel.
 */
import { API_ROOT, httpRequest } from '../support/httpClient';
import { useSandboxStore } from '../support/sandbox';

const SIZE = 120;
const { sandbox, store } = useSandboxStore({ size: SIZE, seed: 11 });

type Json = Record<string, unknown>;
type Query = Record<string, string | number>;
const ids = (records: Json[]): unknown[] => records.map((record) => record.id);

function links(header: string | string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(header ?? '').split(/,\s*(?=<)/)) {
    const match = /^<([^>]+)>;\s*rel="(\w+)"$/.exec(part.trim());
    if (match) out[match[2]] = match[1];
  }
  return out;
}

describe('defaults', () => {
  it('answers page 1 of 10, newest first by date_created, with X-WP-Total and X-WP-TotalPages', async () => {
    const response = await store.rest('/orders');
    const orders = response.json<Json[]>();
    expect(orders).toHaveLength(10);
    expect(response.headers['x-wp-total']).toBe(String(SIZE));
    expect(response.headers['x-wp-totalpages']).toBe(String(Math.ceil(SIZE / 10)));
    const dates = orders.map((order) => String(order.date_time));
    expect([...dates].sort().reverse()).toEqual(dates);
    const explicit = await store.rest('/orders', {
      query: { page: 1, per_page: 10, order: 'desc', orderby: 'date_created' },
    });
    expect(explicit.json()).toEqual(orders);
  });

  it.each(['/customers', '/subscriptions', '/products'])('%s pages the same way', async (path) => {
    const response = await store.rest(path, { query: { per_page: 2 } });
    const total = Number(response.headers['x-wp-total']);
    expect(total).toBeGreaterThan(2);
    expect(response.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 2)));
    expect(response.json<Json[]>()).toHaveLength(2);
  });
});

describe('paging', () => {
  it('cuts pages consistently', async () => {
    const six = (await store.rest('/orders', { query: { per_page: 6 } })).json<Json[]>();
    const second = (await store.rest('/orders', { query: { per_page: 3, page: 2 } })).json<Json[]>();
    expect(ids(second)).toEqual(ids(six.slice(3, 6)));
  });

  it('sends Link rel="next" and rel="prev" with absolute URLs that keep the query', async () => {
    const first = await store.rest('/orders', { query: { per_page: 50 } });
    expect(links(first.headers.link)).toEqual({ next: `${sandbox.url}${API_ROOT}/orders?per_page=50&page=2` });
    const middle = await store.rest('/orders', { query: { per_page: 50, page: 2 } });
    expect(links(middle.headers.link)).toEqual({
      prev: `${sandbox.url}${API_ROOT}/orders?per_page=50&page=1`,
      next: `${sandbox.url}${API_ROOT}/orders?per_page=50&page=3`,
    });
    const last = await store.rest('/orders', { query: { per_page: 50, page: 3 } });
    expect(links(last.headers.link)).toEqual({ prev: `${sandbox.url}${API_ROOT}/orders?per_page=50&page=2` });
    expect(last.json<Json[]>()).toHaveLength(SIZE - 100);
    const followed = await httpRequest({
      url: links(middle.headers.link).next,
      headers: { 'x-api-key': sandbox.apiKey },
    });
    expect(followed.json()).toEqual(last.json());
  });

  it('answers [] past the last page', async () => {
    const response = await store.rest('/orders', { query: { per_page: 100, page: 9 } });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-wp-total']).toBe(String(SIZE));
  });

  it('pages the orders of a subscription', async () => {
    const subscriptions = (await store.rest('/subscriptions', { query: { per_page: 100, order: 'asc' } })).json<
      Json[]
    >();
    const renewed = subscriptions.find((subscription) => (subscription.invoices as unknown[]).length >= 3);
    if (!renewed) throw new Error('the seeded store should have a subscription with three invoices');
    const count = (renewed.invoices as unknown[]).length;
    const page = await store.rest(`/orders/subscription/${String(renewed.id)}`, { query: { page: 2, per_page: 1 } });
    expect(page.json<Json[]>()).toHaveLength(1);
    expect(page.headers['x-wp-total']).toBe(String(count));
    expect(page.headers['x-wp-totalpages']).toBe(String(count));
  });
});

describe('sorting and filtering', () => {
  it('sorts by id ascending', async () => {
    const orders = (await store.rest('/orders', { query: { orderby: 'id', order: 'asc', per_page: 100 } })).json<
      Json[]
    >();
    const orderIds = ids(orders) as number[];
    expect([...orderIds].sort((a, b) => a - b)).toEqual(orderIds);
  });

  it('sorts by date_created ascending', async () => {
    const orders = (await store.rest('/orders', { query: { order: 'asc', per_page: 100 } })).json<Json[]>();
    const dates = orders.map((order) => String(order.date_time));
    expect([...dates].sort()).toEqual(dates);
  });

  it('accepts date_modified', async () => {
    for (const path of ['/orders', '/subscriptions', '/products']) {
      const response = await store.rest(path, { query: { orderby: 'date_modified' } });
      expect(response.status).toBe(200);
    }
  });

  it('sorts products by product_name', async () => {
    const products = (
      await store.rest('/products', { query: { orderby: 'product_name', order: 'asc', per_page: 100 } })
    ).json<Json[]>();
    const names = products.map((product) => String(product.name).toLowerCase());
    expect([...names].sort()).toEqual(names);
  });

  it('keeps only records after date_after', async () => {
    const all = (await store.rest('/orders', { query: { per_page: 100, order: 'asc' } })).json<Json[]>();
    const day = String(all[40].date);
    const response = await store.rest('/orders', { query: { date_after: day, per_page: 100 } });
    const after = response.json<Json[]>();
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(SIZE);
    expect(after.every((order) => String(order.date) > day)).toBe(true);
    expect(Number(response.headers['x-wp-total'])).toBe(after.length);
    const subscriptions = (await store.rest('/subscriptions', { query: { date_after: day, per_page: 100 } })).json<
      Json[]
    >();
    expect(subscriptions.every((subscription) => String(subscription.date) > day)).toBe(true);
  });

  it('answers [] when date_after is past every record', async () => {
    const response = await store.rest('/orders', { query: { date_after: '2099-01-01' } });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('where parameters come from', () => {
  it('reads them from a JSON body on GET', async () => {
    const response = await store.rest('/orders', { body: { per_page: 2, order: 'asc' } });
    const orders = response.json<Json[]>();
    expect(orders).toHaveLength(2);
    const first = (await store.rest('/orders', { query: { per_page: 2, order: 'asc' } })).json<Json[]>();
    expect(ids(orders)).toEqual(ids(first));
  });

  it('prefers the JSON body over the query string', async () => {
    const response = await store.rest('/orders', { query: { per_page: 5 }, body: { per_page: 3 } });
    expect(response.json<Json[]>()).toHaveLength(3);
  });

  it('answers 400 rest_invalid_json for a broken JSON body', async () => {
    const response = await store.rest('/orders', {
      body: '{"per_page": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('rest_invalid_json');
  });
});

describe('400 rest_invalid_param', () => {
  const cases: [string, string, Query][] = [
    ['/orders', 'per_page', { per_page: 0 }],
    ['/orders', 'per_page', { per_page: 101 }],
    ['/customers', 'per_page', { per_page: 'ten' }],
    ['/products', 'per_page', { per_page: -1 }],
    ['/orders', 'page', { page: 0 }],
    ['/orders', 'order', { order: 'up' }],
    ['/subscriptions', 'orderby', { orderby: 'price' }],
    ['/orders', 'orderby', { orderby: 'product_name' }],
    ['/orders', 'date_after', { date_after: '2024-13-01' }],
    ['/subscriptions', 'date_after', { date_after: 'yesterday' }],
    ['/orders/subscription/1', 'per_page', { per_page: 500 }],
  ];

  it.each(cases)('%s with %s %j', async (path, param, query) => {
    const response = await store.rest(path, { query });
    expect(response.status).toBe(400);
    const body = response.json<{
      code: string;
      message: string;
      data: { status: number; params: Record<string, string> };
    }>();
    expect(body.code).toBe('rest_invalid_param');
    expect(body.message).toContain(param);
    expect(body.data.status).toBe(400);
    expect(Object.keys(body.data.params)).toEqual([param]);
  });

  it('names every bad parameter at once', async () => {
    const response = await store.rest('/orders', { query: { per_page: 1000, order: 'sideways' } });
    expect(Object.keys(response.json<{ data: { params: object } }>().data.params).sort()).toEqual([
      'order',
      'per_page',
    ]);
  });

  it('accepts the bounds 1 and 100', async () => {
    expect((await store.rest('/orders', { query: { per_page: 1 } })).json<Json[]>()).toHaveLength(1);
    expect((await store.rest('/orders', { query: { per_page: 100 } })).json<Json[]>()).toHaveLength(100);
  });
});
