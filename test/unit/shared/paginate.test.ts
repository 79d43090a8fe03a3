/** The paginator never trusts a server to end the walk (service-behaviour.md, "REST read operations"). */
import { IncompleteListError, OPERATIONS, type Page, collect, paginate } from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { ROOT, clientFor, json, recorder, store, storeFor, stubTransport, UTC_ZONE } from '../support/shared';

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
  return server((page, perPage) => ({
    items: Array.from({ length: perPage }, (_, i) => (page - 1) * perPage + i + 1),
  }));
}

describe('paginate stop rules', () => {
  it('walks pages 1, 2, 3 in order and stops on a short page', async () => {
    const s = honest(7);
    await expect(collect(paginate(s.fetchPage, { perPage: 3 }))).resolves.toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(s.calls).toEqual([1, 2, 3].map((page) => ({ page, perPage: 3 })));
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

  it('fails, after the records read, when a page repeats the previous one (a store that ignores page)', async () => {
    const s = server(() => ({ items: ['a', 'b'] }));
    const seen: string[] = [];
    const walk = (async () => {
      for await (const item of paginate(s.fetchPage, { perPage: 2, store: 'shop.example.com' })) seen.push(item);
    })();
    await expect(walk).rejects.toThrow(IncompleteListError);
    await expect(walk).rejects.toMatchObject({
      reason: 'repeated-page',
      read: 2,
      message: expect.stringMatching(
        /^Read a whole list failed on shop\.example\.com: it stopped after reading 2 records: the store sent the same records for page 2 as for page 1/,
      ),
    });
    expect(seen).toEqual(['a', 'b']);
    expect(s.calls.map((c) => c.page)).toEqual([1, 2]);
  });

  it('a repeated page is the end when the store total says every record was read', async () => {
    const s = server(() => ({ items: ['a', 'b'], total: 2 }));
    await expect(collect(paginate(s.fetchPage, { perPage: 2, concurrency: 1 }))).resolves.toEqual(['a', 'b']);
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

  it('maxPages: a server that always returns full pages fails the walk after maxPages, saying how many were read', async () => {
    const s = endless();
    const seen: number[] = [];
    const walk = (async () => {
      for await (const n of paginate(s.fetchPage, { perPage: 10, maxPages: 4, operation: 'Return All' })) seen.push(n);
    })();
    await expect(walk).rejects.toMatchObject({
      name: 'IncompleteListError',
      kind: 'incomplete_list',
      reason: 'page-limit',
      read: 40,
      message:
        'Return All failed on the store: it stopped after reading 40 records: one walk reads at most 4 pages (40 records) and the list did not end there. Set a Limit of at most 40 records to read the first ones the store lists.',
    });
    expect(seen).toHaveLength(40);
    expect(s.calls.map((c) => c.page)).toEqual([1, 2, 3, 4]);
  });

  it('the default cap is 1000 pages, and reaching it is an error, not a short list', async () => {
    const s = endless();
    await expect(collect(paginate(s.fetchPage, { perPage: 1 }))).rejects.toMatchObject({
      reason: 'page-limit',
      read: 1000,
    });
    expect(s.calls).toHaveLength(1000);
  });

  it('a list of exactly maxPages full pages that ends there is read whole', async () => {
    const s = honest(40);
    // The empty page 5 is within the cap: the list ended, nothing is missing.
    await expect(collect(paginate(s.fetchPage, { perPage: 10, maxPages: 5 }))).resolves.toHaveLength(40);
  });

  it('a limit within the cap never fails, even on an endless store', async () => {
    const s = endless();
    await expect(collect(paginate(s.fetchPage, { perPage: 10, maxPages: 4, limit: 40 }))).resolves.toHaveLength(40);
    expect(s.calls).toHaveLength(4);
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
    expect(s.calls).toEqual([1, 2, 3].map((page) => ({ page, perPage: 100 })));
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
    store()
      .get(`${ROOT}/customers`)
      .query({ page: '1', per_page: '3' })
      .reply(200, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    store()
      .get(`${ROOT}/customers`)
      .query({ page: '2', per_page: '3' })
      .reply(200, [{ id: 4 }]);
    const client = clientFor();
    const customers = await collect(client.iterate((p) => client.listCustomers(p), { perPage: 3 }));
    expect(customers.map((c) => c.id)).toEqual([1, 2, 3, 4]);
  });

  it('stops on a null page', async () => {
    store()
      .get(`${ROOT}/products`)
      .query({ page: '1', per_page: '1' })
      .reply(200, [{ id: 9 }]);
    store()
      .get(`${ROOT}/products`)
      .query({ page: '2', per_page: '1' })
      .reply(200, 'null', { 'content-type': 'application/json' });
    const client = clientFor();
    const products = await collect(client.iterate((p) => client.listProducts(p), { perPage: 1 }));
    expect(products.map((p) => p.id)).toEqual([9]);
  });

  it('a store that ignores page is asked twice, not forever, and the walk fails naming the store', async () => {
    store()
      .get(`${ROOT}/subscriptions`)
      .query(true)
      .times(2)
      .reply(200, [{ id: 1 }, { id: 2 }]);
    const client = clientFor();
    const walk = collect(client.iterate((p) => client.listSubscriptions(p), { perPage: 2 }));
    await expect(walk).rejects.toBeInstanceOf(IncompleteListError);
    await expect(walk).rejects.toMatchObject({ store: client.store.label, reason: 'repeated-page', read: 2 });
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

/** Records 1..total served with totals, each page answering after `delayFor(page)` ms; tracks requests in flight. */
function slowStore(
  total: number,
  delayFor: (page: number) => number = () => 5,
  withTotals: 'pages' | 'total' | 'none' = 'pages',
) {
  const calls: number[] = [];
  const done: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const inFlightAtStart: number[] = [];
  return {
    calls,
    done,
    maxInFlight: () => maxInFlight,
    inFlightAtStart,
    fetchPage: async (page: number, perPage: number): Promise<Page<number>> => {
      calls.push(page);
      inFlight += 1;
      inFlightAtStart.push(inFlight);
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, delayFor(page)));
      inFlight -= 1;
      done.push(page);
      const from = (page - 1) * perPage + 1;
      const items: number[] = [];
      for (let n = from; n <= Math.min(total, from + perPage - 1); n += 1) items.push(n);
      const totals =
        withTotals === 'pages'
          ? { total, totalPages: Math.ceil(total / perPage) }
          : withTotals === 'total'
            ? { total }
            : {};
      return { items, ...totals };
    },
  };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A busy signal a test can fire. */
function busySwitch() {
  const listeners = new Set<() => void>();
  return {
    signal: { subscribe: (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn)) },
    fire: () => listeners.forEach((fn) => fn()),
    listeners,
  };
}

describe('paginate in parallel when the store gives totals', () => {
  it('yields in page order although later pages answer first, with 4 requests at most in flight', async () => {
    // Pages 2..5 are asked together and answer in reverse order.
    const s = slowStore(95, (page) => (page === 1 ? 1 : 40 - page * 4));
    const all = await collect(paginate(s.fetchPage, { perPage: 10 }));
    expect(all).toEqual(range(1, 95));
    expect([...s.calls].sort((a, b) => a - b)).toEqual(range(1, 10));
    expect(s.done.slice(1, 5)).toEqual([5, 4, 3, 2]);
    expect(s.maxInFlight()).toBe(4);
  });

  it('takes the page count from X-WP-Total when X-WP-TotalPages is missing', async () => {
    const s = slowStore(45, () => 2, 'total');
    await expect(collect(paginate(s.fetchPage, { perPage: 10 }))).resolves.toEqual(range(1, 45));
    expect([...s.calls].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(s.maxInFlight()).toBe(4);
  });

  it('honours another concurrency, and 16 at most', async () => {
    const six = slowStore(200, () => 3);
    await collect(paginate(six.fetchPage, { perPage: 10, concurrency: 6 }));
    expect(six.maxInFlight()).toBe(6);
    const many = slowStore(400, () => 3);
    await collect(paginate(many.fetchPage, { perPage: 10, concurrency: 50 }));
    expect(many.maxInFlight()).toBe(16);
  });

  it('with a limit requests only the pages the limit needs', async () => {
    const s = slowStore(5000, () => 2);
    const some = await collect(paginate(s.fetchPage, { limit: 250 }));
    expect(some).toEqual(range(1, 250));
    expect([...s.calls].sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it('never requests past X-WP-TotalPages, nor past maxPages (which fails the walk)', async () => {
    const within = slowStore(70, () => 1);
    await collect(paginate(within.fetchPage, { perPage: 10, maxPages: 7 }));
    expect([...within.calls].sort((a, b) => a - b)).toEqual(range(1, 7));
    const beyond = slowStore(1000, () => 1);
    await expect(collect(paginate(beyond.fetchPage, { perPage: 10, maxPages: 7 }))).rejects.toMatchObject({
      reason: 'page-limit',
    });
    expect(beyond.calls).toEqual([1]);
  });

  it('concurrency 1 walks one page after the other', async () => {
    const s = slowStore(95, () => 2);
    await expect(collect(paginate(s.fetchPage, { perPage: 10, concurrency: 1 }))).resolves.toEqual(range(1, 95));
    expect(s.calls).toEqual(range(1, 10));
    expect(s.maxInFlight()).toBe(1);
  });

  it('holds no more than the window ahead of a slow consumer', async () => {
    const s = slowStore(1000, () => 1);
    const walk = paginate(s.fetchPage, { perPage: 10 });
    await walk.next(); // page 1 arrived, pages 2..5 asked for
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.calls.length).toBe(5);
    for (let i = 0; i < 9; i += 1) await walk.next(); // the rest of page 1
    await walk.next(); // first record of page 2: page 6 is asked for
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.calls.length).toBe(6);
    await walk.return();
  });

  it('a consumer that stops early stops the requests', async () => {
    const s = slowStore(1000, () => 2);
    for await (const n of paginate(s.fetchPage, { perPage: 10 })) if (n === 15) break;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(s.calls.length).toBeLessThanOrEqual(6);
  });

  it('a failing page ends the walk with its error, after every record before it', async () => {
    const s = slowStore(100, () => 2);
    const failing = async (page: number, perPage: number): Promise<Page<number>> => {
      if (page === 4) throw new Error('page 4 broke');
      return s.fetchPage(page, perPage);
    };
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of paginate(failing, { perPage: 10 })) seen.push(n);
      })(),
    ).rejects.toThrow('page 4 broke');
    expect(seen).toEqual(range(1, 30));
  });

  it('stops on a short page even when the totals promised more', async () => {
    const liar = server((page, perPage) => ({
      items: page < 3 ? Array.from({ length: perPage }, (_, i) => (page - 1) * perPage + i + 1) : [21, 22],
      totalPages: 10,
    }));
    await expect(collect(paginate(liar.fetchPage, { perPage: 10, concurrency: 2 }))).resolves.toEqual(range(1, 22));
  });

  it('stops on an empty page inside the totals, and fails on a repeated page inside them', async () => {
    const empty = server((page, perPage) => ({
      items: page < 3 ? Array.from({ length: perPage }, (_, i) => `${page}.${i}`) : [],
      totalPages: 9,
    }));
    expect(await collect(paginate(empty.fetchPage, { perPage: 2 }))).toEqual(['1.0', '1.1', '2.0', '2.1']);
    const repeat = server((_page, perPage) => ({
      items: Array.from({ length: perPage }, (_, i) => ({ n: i })),
      totalPages: 9,
    }));
    await expect(collect(paginate(repeat.fetchPage, { perPage: 2 }))).rejects.toMatchObject({
      reason: 'repeated-page',
      read: 2,
    });
  });

  it('totals beyond maxPages fail at once, before any record is handed on or more pages are asked', async () => {
    const s = server((page, perPage) => ({
      items: Array.from({ length: perPage }, (_, i) => (page - 1) * perPage + i + 1),
      totalPages: 1500,
      total: 150_000,
    }));
    for (const concurrency of [1, 4]) {
      await expect(collect(paginate(s.fetchPage, { perPage: 100, concurrency }))).rejects.toMatchObject({
        reason: 'page-limit',
        read: 0,
        message: expect.stringContaining(
          'it stopped after reading 0 records: one walk reads at most 1000 pages (100,000 records) and the store has 150,000 records',
        ),
      });
    }
    expect(s.calls.map((c) => c.page)).toEqual([1, 1]);
    // A limit the cap can hold reads normally.
    await expect(collect(paginate(s.fetchPage, { perPage: 100, limit: 250 }))).resolves.toHaveLength(250);
  });

  it('drops to one request at a time for the rest of the walk after a busy notice', async () => {
    const busy = busySwitch();
    const s = slowStore(300, () => 3);
    const busyAt = (page: number, perPage: number): Promise<Page<number>> => {
      if (page === 3) busy.fire();
      return s.fetchPage(page, perPage);
    };
    const all = await collect(paginate(busyAt, { perPage: 10, busy: busy.signal }));
    expect(all).toEqual(range(1, 300));
    // Pages 2..5 were asked together; after the notice nothing new starts while another is in flight.
    const afterNotice = s.inFlightAtStart.slice(s.calls.indexOf(6));
    expect(afterNotice.length).toBeGreaterThan(20);
    expect(Math.max(...afterNotice)).toBe(1);
    expect(busy.listeners.size).toBe(0);
  });
});

describe('paginate without totals stays sequential', () => {
  it('one request at a time, today stop rules', async () => {
    const s = slowStore(95, () => 2, 'none');
    await expect(collect(paginate(s.fetchPage, { perPage: 10, concurrency: 8 }))).resolves.toEqual(range(1, 95));
    expect(s.calls).toEqual(range(1, 10));
    expect(s.maxInFlight()).toBe(1);
  });

  it('a store that ignores paging and sends everything at once is read once', async () => {
    const s = server(() => ({ items: range(1, 250) }));
    await expect(collect(paginate(s.fetchPage))).resolves.toEqual(range(1, 250));
    expect(s.calls).toEqual([{ page: 1, perPage: 100 }]);
  });
});

describe('client.iterate after a 429 during a parallel walk', () => {
  it('waits Retry-After, then goes on one request at a time; every record once, in order', async () => {
    let inFlight = 0;
    const startedWith: { page: number; inFlight: number; at: number }[] = [];
    const waits: number[] = [];
    let throttled = false;
    const transport = stubTransport(async (request) => {
      const page = Number(request.query.page);
      inFlight += 1;
      startedWith.push({ page, inFlight, at: startedWith.length });
      await new Promise((resolve) => setTimeout(resolve, 3));
      inFlight -= 1;
      if (page === 4 && !throttled) {
        throttled = true;
        return json(429, { code: 'too_many_requests', message: 'Slow down' }, { 'retry-after': '2' });
      }
      const items = Array.from({ length: 10 }, (_, i) => ({ id: (page - 1) * 10 + i + 1 }));
      return json(200, items, { 'x-wp-total': '300', 'x-wp-totalpages': '30' });
    });
    const client = createClient({
      settings: storeFor(),
      // The zone is known: this test counts the store's reads only (docs/dates.md).
      siteZone: UTC_ZONE,
      transport,
      retry: { budgetMs: 25_000, sleep: async (ms) => void waits.push(ms) },
    });
    const orders = await collect(client.iterate((p) => client.listOrders(p), { perPage: 10 }));
    expect(orders.map((o) => o.id)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(waits).toEqual([2000]);
    expect(transport.requests).toHaveLength(31);
    // The retry of page 4 and everything after it: never two requests at once.
    const retryIndex = startedWith.findIndex(
      (s, i) => s.page === 4 && i > 0 && startedWith.slice(0, i).some((t) => t.page === 4),
    );
    const later = startedWith.slice(retryIndex + 1);
    expect(later.length).toBeGreaterThan(20);
    expect(Math.max(...later.map((s) => s.inFlight))).toBe(1);
    // Before the 429 the walk was parallel.
    expect(Math.max(...startedWith.slice(0, retryIndex).map((s) => s.inFlight))).toBe(4);
  });
});

describe("a list too long for one walk: the advice is the list operation's (its catalogue entry)", () => {
  it('inParts becomes the hint of the page-cap error', async () => {
    const s = endless();
    const walk = collect(paginate(s.fetchPage, { perPage: 10, maxPages: 2, inParts: 'Read it by name.' }));
    await expect(walk).rejects.toMatchObject({ reason: 'page-limit', hint: 'Read it by name.' });
  });

  it('customers are advised nothing they cannot do: no Created After, no sort', () => {
    expect(OPERATIONS.listCustomers.inParts).not.toMatch(/Created After|sort by/i);
    expect(OPERATIONS.listCustomers.inParts).toMatch(/by ID/);
  });

  it("finding a customer by email past the cap gives the customers' advice", async () => {
    const tooLong = stubTransport(() => json(200, [], { 'x-wp-total': '100100', 'x-wp-totalpages': '1001' }));
    const client = createClient({ settings: storeFor(), transport: tooLong, siteZone: UTC_ZONE });
    await expect(client.findCustomerByEmail('someone@example.com')).rejects.toMatchObject({
      reason: 'page-limit',
      hint: OPERATIONS.listCustomers.inParts,
    });
  });
});
