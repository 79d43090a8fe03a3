/** What a process keeps of each store's site (shared/src/siteMemory.ts): per store, never per key, for its lifetime. */
import { type Store, resolveStore } from '../../../shared/src';
import { SITE_FACTS_LIFETIME_MS, SiteMemory } from '../../../shared/src/siteMemory';
import { KEY, ROOT, clientFor, store } from '../support/shared';

const NEW_YORK = { kind: 'named', name: 'America/New_York' } as const;
const KOLKATA = { kind: 'named', name: 'Asia/Kolkata' } as const;
const storeOf = (storeUrl: string, apiKey = KEY): Store => resolveStore({ storeUrl, apiKey });

describe('the site memory', () => {
  it('never gives one store what another kept; two keys to one address are one store', () => {
    const memory = new SiteMemory();
    memory.keepZone(storeOf('shop.example.com'), NEW_YORK);
    memory.keepUnit(storeOf('shop.example.com'), { unit: 'cents', currency: 'USD' });
    memory.keepZone(storeOf('other.example.com'), KOLKATA);

    expect(memory.zone(storeOf('other.example.com'))).toEqual(KOLKATA);
    expect(memory.unit(storeOf('other.example.com'))).toBeUndefined();
    // The same key at another address (or a sub-folder site) is another store.
    expect(memory.zone(storeOf('shop.example.com/store'))).toBeUndefined();
    expect(memory.zone(storeOf('other2.example.com', KEY))).toBeUndefined();
    // The same address with another key is the same store.
    expect(memory.zone(storeOf('https://shop.example.com/', 'another-key'))).toEqual(NEW_YORK);
    expect(memory.unit(storeOf('shop.example.com', 'another-key'))).toEqual({ unit: 'cents', currency: 'USD' });
    // Nothing kept holds a key.
    expect(JSON.stringify(memory.factsOf(storeOf('shop.example.com')))).not.toContain(KEY);
  });

  it('forgets a value once its lifetime has passed', () => {
    let now = 1_000_000;
    const memory = new SiteMemory(() => now);
    const shop = storeOf('shop.example.com');
    memory.keepZone(shop, NEW_YORK);
    memory.keepUnit(shop, { unit: 'cents' });
    now += SITE_FACTS_LIFETIME_MS - 1;
    expect(memory.zone(shop)).toEqual(NEW_YORK);
    expect(memory.unit(shop)).toEqual({ unit: 'cents' });
    now += 1;
    expect(memory.zone(shop)).toBeUndefined();
    expect(memory.unit(shop)).toBeUndefined();
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
    expect(memory.unit(shop)).toEqual({ unit: 'cents' });
    memory.restore(shop, 'nonsense');
    expect(memory.zone(shop)).toBeUndefined();
  });
});

describe('clients sharing a memory', () => {
  const INDEX = { timezone_string: 'America/New_York', gmt_offset: -5 };
  const customer = { id: 7, date_created: '2026-11-01 01:30:00' };

  it('read the zone once per store: the second client of a store sends none, another store reads its own', async () => {
    const memory = new SiteMemory();
    store().get(`${ROOT}/customers/7`).times(2).reply(200, customer).get('/wp-json/').once().reply(200, INDEX);
    const first = (await clientFor({}, { memory }).getCustomer(7)) as unknown as Record<string, unknown>;
    const second = (await clientFor({ apiKey: 'another-key' }, { memory }).getCustomer(7)) as unknown as Record<
      string,
      unknown
    >;
    expect(second.date_created_iso).toBe(first.date_created_iso);
    expect(first.date_created_iso).toBe('2026-11-01T01:30:00-04:00');

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
    memory.keepUnit(shop, { unit: 'cents' });
    store()
      .get(`${ROOT}/orders/9`)
      .reply(200, { id: 9, order_amount: 49.5, currency: 'USD', date_time: '2026-11-24 04:30:00' });
    const order = (await clientFor({}, { memory }).getOrder(9)) as unknown as Record<string, unknown>;
    // Decimals, proved by the amount itself: no request, and the kept unit now says so.
    expect([order.order_amount, order.amount_unit]).toEqual([49.5, 'decimal']);
    expect(memory.unit(shop)).toEqual({ unit: 'decimal' });
  });
});
