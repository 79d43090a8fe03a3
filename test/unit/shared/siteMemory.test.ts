/** What a process keeps of each store's site (shared/src/siteMemory.ts): per store and key (never the key itself), for its lifetime. */
import { type Store, pollEvents, resolveStore } from '@commerce-service/shared';
import { SITE_FACTS_LIFETIME_MS, SiteMemory } from '../../../shared/src/siteMemory';
import { KEY, ROOT, clientFor, store } from '../support/shared';
import { serveRecords } from '../support/storeRecords';

const NEW_YORK = { kind: 'named', name: 'America/New_York' } as const;
const KOLKATA = { kind: 'named', name: 'Asia/Kolkata' } as const;
const storeOf = (storeUrl: string, apiKey = KEY): Store => resolveStore({ storeUrl, apiKey });

describe('the site memory', () => {
  it('never gives one store, or one key, what another kept', () => {
    const memory = new SiteMemory();
    memory.keep(storeOf('shop.example.com'), 'zone', NEW_YORK);
    memory.keep(storeOf('shop.example.com'), 'unit', { unit: 'cents', currency: 'USD' });
    memory.keep(storeOf('other.example.com'), 'zone', KOLKATA);

    expect(memory.recall(storeOf('other.example.com'), 'zone')).toEqual(KOLKATA);
    expect(memory.recall(storeOf('other.example.com'), 'unit')).toBeUndefined();
    // The same key at another address (or a sub-folder site) is another store.
    expect(memory.recall(storeOf('shop.example.com/store'), 'zone')).toBeUndefined();
    expect(memory.recall(storeOf('other2.example.com', KEY), 'zone')).toBeUndefined();
    // The same address typed otherwise with the same key is the same store.
    expect(memory.recall(storeOf('https://shop.example.com/'), 'zone')).toEqual(NEW_YORK);
    // Another key at the same address (another workflow's credential) reads nothing this one kept.
    expect(memory.recall(storeOf('shop.example.com', 'another-key'), 'zone')).toBeUndefined();
    expect(memory.recall(storeOf('shop.example.com', 'another-key'), 'unit')).toBeUndefined();
    // Nothing kept holds a key.
    expect(JSON.stringify(memory.factsOf(storeOf('shop.example.com')))).not.toContain(KEY);
  });

  it('forgets a value once its lifetime has passed', () => {
    let now = 1_000_000;
    const memory = new SiteMemory(() => now);
    const shop = storeOf('shop.example.com');
    memory.keep(shop, 'zone', NEW_YORK);
    memory.keep(shop, 'unit', { unit: 'cents' });
    now += SITE_FACTS_LIFETIME_MS - 1;
    expect(memory.recall(shop, 'zone')).toEqual(NEW_YORK);
    expect(memory.recall(shop, 'unit')).toEqual({ unit: 'cents' });
    now += 1;
    expect(memory.recall(shop, 'zone')).toBeUndefined();
    expect(memory.recall(shop, 'unit')).toBeUndefined();
    expect(memory.factsOf(shop)).toEqual({});
  });

  it('takes back what a trigger kept, value by value, and nothing unreadable', () => {
    const now = 5_000;
    const memory = new SiteMemory(() => now);
    const shop = storeOf('shop.example.com');
    memory.restore(shop, {
      zone: { value: { kind: 'named', name: 'Not/AZone' }, until: now + 10 },
      unit: { value: { unit: 'cents' }, until: now + 10 },
    });
    expect(memory.factsOf(shop)).toEqual({ unit: { value: { unit: 'cents' }, until: now + 10 } });
    memory.restore(shop, { unit: { value: { unit: 'cents' }, until: now - 1 } });
    expect(memory.recall(shop, 'unit')).toEqual({ unit: 'cents' });
    memory.restore(shop, 'nonsense');
    expect(memory.recall(shop, 'zone')).toBeUndefined();
  });
});

describe('clients sharing a memory', () => {
  const INDEX = { timezone_string: 'America/New_York', gmt_offset: -5 };
  const customer = { id: 7, date_created: '2026-11-01 01:30:00' };

  it('read the zone once per store and key: the second client sends none, another key or store reads its own', async () => {
    const memory = new SiteMemory();
    store().get(`${ROOT}/customers/7`).times(3).reply(200, customer).get('/wp-json/').times(2).reply(200, INDEX);
    const first = (await clientFor({}, { memory }).getCustomer(7)) as unknown as Record<string, unknown>;
    const second = (await clientFor({}, { memory }).getCustomer(7)) as unknown as Record<string, unknown>;
    expect(second.date_created_iso).toBe(first.date_created_iso);
    expect(first.date_created_iso).toBe('2026-11-01T01:30:00-04:00');
    // Another workflow's credential for the same address reads the index itself.
    await clientFor({ apiKey: 'another-key' }, { memory }).getCustomer(7);

    store('https://other.example.com')
      .get(`${ROOT}/customers/7`)
      .reply(200, customer)
      .get('/wp-json/')
      .reply(200, { timezone_string: 'Asia/Kolkata', gmt_offset: 5.5 });
    const other = (await clientFor({ storeUrl: 'other.example.com' }, { memory }).getCustomer(7)) as unknown as Record<
      string,
      unknown
    >;
    expect(other.date_created_iso).toBe('2026-11-01T01:30:00+05:30');
  });

  it('read the zone again once the kept one has expired', async () => {
    let now = 0;
    const memory = new SiteMemory(() => now);
    const index = store().get('/wp-json/').times(2).reply(200, INDEX);
    store().get(`${ROOT}/customers/7`).times(2).reply(200, customer);
    await clientFor({}, { memory }).getCustomer(7);
    expect(index.pendingMocks()).toHaveLength(1);
    now += SITE_FACTS_LIFETIME_MS;
    await clientFor({}, { memory }).getCustomer(7);
    expect(index.isDone()).toBe(true);
  });

  it('read the unit again when a fractional amount contradicts kept cents', async () => {
    const memory = new SiteMemory();
    const shop = storeOf('shop.example.com');
    memory.keep(shop, 'unit', { unit: 'cents' });
    store()
      .get(`${ROOT}/orders/9`)
      .reply(200, { id: 9, order_amount: 49.5, currency: 'USD', date_time: '2026-11-24 04:30:00' });
    const order = (await clientFor({}, { memory }).getOrder(9)) as unknown as Record<string, unknown>;
    // Decimals, proved by the amount itself: no request, and the kept unit now says so.
    expect([order.order_amount, order.amount_unit]).toEqual([49.5, 'decimal']);
    expect(memory.recall(shop, 'unit')).toEqual({ unit: 'decimal' });
  });
});

describe('what a memory trusts from a trigger’s state', () => {
  it('nothing for more than one lifetime from now, however far its `until`', () => {
    let now = 1_000_000;
    const memory = new SiteMemory(() => now);
    const shop = storeOf('shop.example.com');
    // A state that says "decimals" until the year 3000 (written wrongly, or by hand).
    memory.restore(shop, { unit: { value: { unit: 'decimal' }, until: Date.UTC(3000, 0, 1) } });
    expect(memory.factsOf(shop).unit?.until).toBe(now + SITE_FACTS_LIFETIME_MS);
    now += SITE_FACTS_LIFETIME_MS;
    expect(memory.recall(shop, 'unit')).toBeUndefined();
  });
});

describe('a poll and its state', () => {
  /** A store in cents (docs/amounts.md): a poll that keeps "decimal" reads the unit again once its lifetime is over. */
  it('a unit kept wrongly as decimal is read again within one lifetime, and the state corrected', async () => {
    const store = serveRecords();
    for (let n = 0; n < 3; n += 1) store.order({ order_amount: 4900 + n, currency: 'USD' });
    const first = await pollEvents({ client: clientFor(), filters: { event: 'purchased' }, state: undefined });
    const wrong = {
      ...first.state,
      amountUnit: 'decimal',
      site: { unit: { value: { unit: 'decimal' }, until: Date.UTC(3000, 0, 1) } },
    };
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(Date.UTC(2026, 10, 28));
      const kept = await pollEvents({ client: clientFor(), filters: { event: 'purchased' }, state: wrong });
      expect(store.latestRequests).toHaveLength(1);
      clock.mockReturnValue(Date.UTC(2026, 10, 28) + SITE_FACTS_LIFETIME_MS);
      const corrected = await pollEvents({ client: clientFor(), filters: { event: 'purchased' }, state: kept.state });
      expect(store.latestRequests).toHaveLength(2);
      expect(corrected.state).toMatchObject({ amountUnit: 'cents', site: { unit: { value: { unit: 'cents' } } } });
    } finally {
      clock.mockRestore();
    }
  });

  it('seeds a memory of its own from the state: the client’s memory is neither read nor written', async () => {
    const store = serveRecords();
    for (let n = 0; n < 3; n += 1) store.order({ order_amount: 4900 + n, currency: 'USD' });
    const adapter = new SiteMemory();
    const shop = storeOf('shop.example.com');
    const first = await pollEvents({
      client: clientFor({}, { memory: adapter }),
      filters: { event: 'purchased' },
      state: undefined,
    });
    expect(first.state).toMatchObject({ amountUnit: 'cents' });
    expect(adapter.factsOf(shop)).toEqual({});
    // The adapter's memory knows better than a fresh poll: the poll still goes by its own state.
    adapter.keep(shop, 'unit', { unit: 'decimal' });
    await pollEvents({ client: clientFor({}, { memory: adapter }), filters: { event: 'purchased' }, state: undefined });
    expect(store.latestRequests).toHaveLength(2);
    expect(adapter.recall(shop, 'unit')).toEqual({ unit: 'decimal' });
  });
});
