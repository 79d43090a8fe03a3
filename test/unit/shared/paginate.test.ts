/** The paginator never trusts a server to end the walk (service-behaviour.md, "REST read operations"). */
import { type Page, collect, paginate } from '../../../shared/src';
import { ROOT, clientFor, recorder, store, useNock } from './helpers';

useNock();

/** A fake server: `pageFor(page, perPage)` answers; every call is recorded. */
function server<T>(pageFor: (page: number, perPage: number) => Page<T>) {
  const calls: { page: number; perPage: number }[] = [];
  return {
    calls,
    fetchPage: async (page: number, perPage: number): Promise<Page<T>> => {
      calls.push({ page, perPage });
      return pageFor(page, perPage);
    },
  };
}

/** Records 1..total, served honestly in pages. */
function honest(total: number) {
  return server((page, perPage) => {
    const from = (page - 1) * perPage + 1;
    const items: number[] = [];
    for (let n = from; n <= Math.min(total, from + perPage - 1); n += 1) items.push(n);
    return { items };
  });
}

/** Always a full page of new records, forever. */
function endless() {
  return server((page, perPage) => ({ items: Array.from({ length: perPage }, (_, i) => (page - 1) * perPage + i + 1) }));
}

describe('paginate stop rules', () => {
  it('walks pages 1, 2, 3 in order and stops on a short page', async () => {
    const s = honest(7);
    await expect(collect(paginate(s.fetchPage, { perPage: 3 }))).resolves.toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(s.calls).toEqual([
      { page: 1, perPage: 3 },
      { page: 2, perPage: 3 },
      { page: 3, perPage: 3 },
    ]);
  });

  it('stops on an empty page', async () => {
    const s = honest(6);
    await expect(collect(paginate(s.fetchPage, { perPage: 3 }))).resolves.toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.calls.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('an empty first page yields nothing', async () => {
    const s = honest(0);
    await expect(collect(paginate(s.fetchPage))).resolves.toEqual([]);
    expect(s.calls).toHaveLength(1);
  });

  it('stops when a page repeats the previous one (a server that ignores page)', async () => {
    const s = server(() => ({ items: ['a', 'b'] }));
    await expect(collect(paginate(s.fetchPage, { perPage: 2 }))).resolves.toEqual(['a', 'b']);
    expect(s.calls.map((c) => c.page)).toEqual([1, 2]);
  });

  it('stops at X-WP-TotalPages even when the last page is full', async () => {
    const s = server((page, perPage) => ({
      items: Array.from({ length: perPage }, (_, i) => `${page}.${i}`),
      totalPages: 2,
      total: 4,
    }));
    await expect(collect(paginate(s.fetchPage, { perPage: 2 }))).resolves.toEqual(['1.0', '1.1', '2.0', '2.1']);
    expect(s.calls).toHaveLength(2);
  });

  it('totalPages 0 with records still yields the first page', async () => {
    const s = server((_page, perPage) => ({ items: Array.from({ length: perPage }, (_, i) => i), totalPages: 0 }));
    await expect(collect(paginate(s.fetchPage, { perPage: 2 }))).resolves.toEqual([0, 1]);
    expect(s.calls).toHaveLength(1);
  });

  it('maxPages is a hard cap against a server that always returns full pages', async () => {
    const s = endless();
    const all = await collect(paginate(s.fetchPage, { perPage: 10, maxPages: 4 }));
    expect(all).toHaveLength(40);
    expect(all[39]).toBe(40);
    expect(s.calls.map((c) => c.page)).toEqual([1, 2, 3, 4]);
  });

  it('the default cap is 1000 pages', async () => {
    const s = endless();
    const all = await collect(paginate(s.fetchPage, { perPage: 1 }));
    expect(s.calls).toHaveLength(1000);
    expect(all).toHaveLength(1000);
  });

  it('a failing page stops the walk with its error, after what came before', async () => {
    const s = server((page) => {
      if (page === 2) throw new Error('page 2 broke');
      return { items: [1, 2] };
    });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of paginate(s.fetchPage, { perPage: 2 })) seen.push(n);
      })(),
    ).rejects.toThrow('page 2 broke');
    expect(seen).toEqual([1, 2]);
  });
});

describe('paginate limit and perPage', () => {
  it('limit below the default page size asks for exactly limit records', async () => {
    const s = endless();
    await expect(collect(paginate(s.fetchPage, { limit: 5 }))).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(s.calls).toEqual([{ page: 1, perPage: 5 }]);
  });

  it('limit below an explicit perPage asks for limit records', async () => {
    const s = endless();
    await expect(collect(paginate(s.fetchPage, { limit: 5, perPage: 50 }))).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(s.calls).toEqual([{ page: 1, perPage: 5 }]);
  });

  it('limit across pages stops in the middle of a page without fetching more', async () => {
    const s = endless();
    const all = await collect(paginate(s.fetchPage, { limit: 250 }));
    expect(all).toHaveLength(250);
    expect(all[249]).toBe(250);
    expect(s.calls).toEqual([
      { page: 1, perPage: 100 },
      { page: 2, perPage: 100 },
      { page: 3, perPage: 100 },
    ]);
  });

  it('limit above the records there are yields them all', async () => {
    const s = honest(3);
    await expect(collect(paginate(s.fetchPage, { limit: 10 }))).resolves.toEqual([1, 2, 3]);
  });

  it.each([0, -1])('limit %i fetches nothing', async (limit) => {
    const s = endless();
    await expect(collect(paginate(s.fetchPage, { limit }))).resolves.toEqual([]);
    expect(s.calls).toHaveLength(0);
  });

  it.each([
    [undefined, 100],
    [500, 100],
    [100, 100],
    [0, 1],
    [-3, 1],
    [2.7, 2],
    [25, 25],
  ])('perPage %j is sent as per_page %i', async (perPage, sent) => {
    const s = honest(0);
    await collect(paginate(s.fetchPage, perPage === undefined ? {} : { perPage }));
    expect(s.calls[0]?.perPage).toBe(sent);
  });
});

describe('collect', () => {
  it('gathers any async iterable', async () => {
    async function* three() {
      yield 'a';
      yield 'b';
      yield 'c';
    }
    await expect(collect(three())).resolves.toEqual(['a', 'b', 'c']);
  });
});

describe('client.iterate over a store', () => {
  it('walks orders with page and per_page in the query until X-WP-TotalPages', async () => {
    const rec = recorder();
    store()
      .get(`${ROOT}/orders`)
      .query({ page: '1', per_page: '2', order: 'asc' })
      .reply(rec.reply(200, [{ id: 1 }, { id: 2 }], { 'X-WP-Total': '4', 'X-WP-TotalPages': '2' }));
    store()
      .get(`${ROOT}/orders`)
      .query({ page: '2', per_page: '2', order: 'asc' })
      .reply(rec.reply(200, [{ id: 3 }, { id: 4 }], { 'X-WP-Total': '4', 'X-WP-TotalPages': '2' }));
    const client = clientFor();
    const orders = await collect(client.iterate((p) => client.listOrders({ ...p, order: 'asc' }), { perPage: 2 }));
    expect(orders.map((o) => o.id)).toEqual([1, 2, 3, 4]);
    expect(rec.seen.map((s) => s.query)).toEqual([
      { page: '1', per_page: '2', order: 'asc' },
      { page: '2', per_page: '2', order: 'asc' },
    ]);
  });

  it('stops on a short page of customers without headers', async () => {
    store().get(`${ROOT}/customers`).query({ page: '1', per_page: '3' }).reply(200, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    store().get(`${ROOT}/customers`).query({ page: '2', per_page: '3' }).reply(200, [{ id: 4 }]);
    const client = clientFor();
    const customers = await collect(client.iterate((p) => client.listCustomers(p), { perPage: 3 }));
    expect(customers.map((c) => c.id)).toEqual([1, 2, 3, 4]);
  });

  it('stops on a null page', async () => {
    store().get(`${ROOT}/products`).query({ page: '1', per_page: '1' }).reply(200, [{ id: 9 }]);
    store().get(`${ROOT}/products`).query({ page: '2', per_page: '1' }).reply(200, 'null', { 'content-type': 'application/json' });
    const client = clientFor();
    const products = await collect(client.iterate((p) => client.listProducts(p), { perPage: 1 }));
    expect(products.map((p) => p.id)).toEqual([9]);
  });

  it('a store that ignores page is asked twice, not forever', async () => {
    store()
      .get(`${ROOT}/subscriptions`)
      .query(true)
      .times(2)
      .reply(200, [{ id: 1 }, { id: 2 }]);
    const client = clientFor();
    const subs = await collect(client.iterate((p) => client.listSubscriptions(p), { perPage: 2 }));
    expect(subs.map((s) => s.id)).toEqual([1, 2]);
  });

  it('limit < default page size: one request with per_page = limit', async () => {
    store()
      .get(`${ROOT}/orders/subscription/7`)
      .query({ page: '1', per_page: '3' })
      .reply(200, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    const client = clientFor();
    const orders = await collect(client.iterate((p) => client.listSubscriptionOrders(7, p), { limit: 3 }));
    expect(orders.map((o) => o.id)).toEqual([1, 2, 3]);
  });
});
