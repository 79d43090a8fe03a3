/** Record pickers: links read back into ids, labels, the paged list search, Simplify (shared rules). */
import {
  InvalidRequestError,
  RESOURCE_SAMPLES,
  adminEditLink,
  locatedId,
  pickFields,
  recordLabel,
  resolveStore,
  searchRecords,
  simplifyRecord,
} from '@commerce-service/shared';
import { KEY, ROOT, UTC_ZONE, clientFor, store } from '../support/shared';
import nock from 'nock';
import { thrown } from '../support/failure';
import { searchedLabel } from '../../../shared/src/locators/labels';

const shop = resolveStore({ storeUrl: 'shop.example.com', apiKey: KEY });
const subFolder = resolveStore({ storeUrl: 'https://example.com/store', apiKey: KEY });
const plain = resolveStore({ storeUrl: 'shop.example.com', apiKey: KEY, apiRoot: '?rest_route=/sc/v1' });
const where = { operation: 'Get an order', parameter: 'Order' };
type Resource = Parameters<typeof locatedId>[1];
/** The id a pasted link names, as a picker in URL mode reads it. */
const fromLink = (target: typeof shop, resource: Resource, link: string) =>
  locatedId(target, resource, { mode: 'url', value: link }, where);

describe('a pasted link', () => {
  it.each([
    ['https://shop.example.com/wp-admin/post.php?post=1042&action=edit', shop],
    ['shop.example.com/wp-admin/post.php?action=edit&post=1042', shop],
    ['http://WWW.shop.example.com/wp-json/sc/v1/orders/1042/', shop],
    ['https://shop.example.com/?rest_route=/sc/v1/orders/1042', shop],
    ['https://shop.example.com/index.php?rest_route=%2Fsc%2Fv1%2Forders%2F1042', shop],
    ['https://example.com/store/wp-admin/post.php?post=1042&action=edit', subFolder],
    ['https://example.com/store/wp-json/sc/v1/orders/1042', subFolder],
    ['https://shop.example.com/?rest_route=/sc/v1/orders/1042', plain],
  ])('reads 1042 from %s', (link, target) => {
    expect(fromLink(target, 'order', link)).toBe('1042');
  });

  it('the links it builds are the links it reads', () => {
    for (const target of [shop, subFolder, plain]) {
      // The links a refusal offers as examples: the admin edit link and the REST address of record 1042.
      const offered = thrown(() => fromLink(target, 'subscription', ''), InvalidRequestError).message;
      const links = offered.match(/https?:\/\/[^\s)]+/g) ?? [];
      expect(links).toHaveLength(2);
      for (const link of links) expect(fromLink(target, 'subscription', link)).toBe('1042');
      expect(fromLink(target, 'product', adminEditLink(target, 7))).toBe('7');
    }
    expect(thrown(() => fromLink(plain, 'order', ''), InvalidRequestError).message).toContain(
      'https://shop.example.com/?rest_route=%2Fsc%2Fv1%2Forders%2F1042',
    );
  });

  it.each([
    [
      'https://other.example.org/wp-admin/post.php?post=1042',
      /is a link to other\.example\.org\/wp-admin\/post\.php, not to example\.com\/store/,
    ],
    ['https://example.com/other/wp-json/sc/v1/orders/1', /not to example\.com\/store/],
    ['https://example.com/store/wp-admin/post.php?action=edit', /an admin link without a record number/],
    ['https://example.com/store/wp-json/sc/v1/customers/9', /is the API link of a customer, not of an order/],
    ['https://example.com/store/products/bread/', /names no order of example\.com\/store/],
    ['not a link at all', /is not a link|names no order/],
    ['', /is empty/],
  ])('%s is refused, naming the parameter and the links expected', (link, why) => {
    const error = thrown(() => fromLink(subFolder, 'order', link), InvalidRequestError);
    expect(error.message).toMatch(why);
    expect(error.message).toMatch(/^Get an order failed on example\.com\/store: Order "/);
    expect(error.message).toContain('https://example.com/store/wp-admin/post.php?post=1042&action=edit');
    expect(error.message).toContain('https://example.com/store/wp-json/sc/v1/orders/1042');
    expect(error.params).toEqual(['Order']);
  });

  it('never repeats the API key a pasted link carries', () => {
    const error = thrown(
      () => fromLink(shop, 'order', `https://evil.example.net/?api_key=${KEY}`),
      InvalidRequestError,
    );
    expect(error.message).not.toContain(KEY);
  });

  it('locatedId: list and ID modes take the id as given (a # allowed); url reads the link', () => {
    expect(locatedId(shop, 'order', { mode: 'list', value: '12' }, where)).toBe('12');
    expect(locatedId(shop, 'order', { mode: 'id', value: ' # 12 ' }, where)).toBe('12');
    expect(locatedId(shop, 'order', { mode: 'id', value: 12 }, where)).toBe('12');
    expect(locatedId(shop, 'order', { mode: 'url', value: adminEditLink(shop, 12) }, where)).toBe('12');
  });
});

describe('searchedLabel: a resource with no line of its own', () => {
  it('shows the fields its picker searches, then its id; an empty field is left out', () => {
    expect(searchedLabel('product', { id: 87, name: ' Sourdough Masterclass ' })).toBe('Sourdough Masterclass · #87');
    expect(searchedLabel('customer', { id: 3, first_name: 'Jane', last_name: '', email: 'j@x.io' })).toBe(
      'Jane · j@x.io · #3',
    );
  });
});

describe('recordLabel', () => {
  it('reads as a store owner does, from amounts as the client hands them on (decimals)', () => {
    expect(
      recordLabel('order', {
        id: 1042,
        customer_name: 'Jane Doe',
        product_name: 'Pro Course',
        order_amount: 49,
        currency: 'USD',
        status: 'paid',
        amount_unit: 'decimal',
      }),
    ).toBe('#1042 · Jane Doe · Pro Course · $49');
    expect(
      recordLabel('subscription', {
        id: 7,
        customer_firstname: 'Jane',
        customer_lastname: 'Doe',
        product_name: 'Club',
        amount: 29.5,
        currency: 'EUR',
        interval: 'month',
        status: 'active',
        amount_unit: 'decimal',
      }),
    ).toBe('#7 · Jane Doe · Club · €29.50 / month · active');
    expect(recordLabel('customer', { id: 3, first_name: 'Jane', last_name: '', email: 'j@x.io' })).toBe(
      'Jane · j@x.io · #3',
    );
    expect(
      recordLabel('product', {
        id: 5,
        name: 'Pro',
        status: 'draft',
        plans: [{ price: 49 }, { price: 9 }],
        amount_unit: 'decimal',
      }),
    ).toBe('Pro · from 9 · draft · #5');
  });

  it('money: in the record’s amount_unit, whole units for currencies without cents', () => {
    // An order's label is its number and its amount when it has nothing else to show.
    const amountOf = (order_amount: unknown, currency: string, amount_unit?: string) =>
      recordLabel('order', { id: 1, order_amount, currency, amount_unit });
    expect(amountOf(49, 'usd', 'decimal')).toBe('#1 · $49');
    expect(amountOf(71.4, 'USD', 'decimal')).toBe('#1 · $71.40');
    expect(amountOf(4900, 'usd', 'cents')).toBe('#1 · $49');
    expect(amountOf(1000, 'JPY', 'decimal')).toBe('#1 · ¥1,000');
    expect(amountOf(1000, 'JPY', 'cents')).toBe('#1 · ¥1,000');
    expect(amountOf('49', 'USD', 'decimal')).toBe('#1');
  });

  it('money: a record whose unit is unknown, or not stated, shows no amount rather than a guess', () => {
    expect(recordLabel('order', { id: 1, order_amount: 4900, currency: 'USD', amount_unit: 'unknown' })).toBe('#1');
    expect(recordLabel('order', { id: 1, order_amount: 4900, currency: 'USD' })).toBe('#1');
    expect(recordLabel('product', { id: 5, name: 'Pro', plans: [{ price: 4900 }], amount_unit: 'unknown' })).toBe(
      'Pro · #5',
    );
  });
});

describe('searchRecords', () => {
  const customers = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: from + i,
      first_name: 'A',
      last_name: 'B',
      email: `c${from + i}@example.com`,
    }));

  it('a search gathers a page of matches, ends on a store page, and hands on the next one', async () => {
    const headers = { 'X-WP-Total': '500', 'X-WP-TotalPages': '5' };
    for (const page of [1, 2, 3, 4, 5]) {
      // Pages read ahead by one search are read again by the next: so each page answers as often as it is asked.
      store()
        .persist()
        .get(`${ROOT}/customers`)
        .query({ page: String(page), per_page: '100' })
        .reply(200, customers((page - 1) * 100 + 1, 100), headers);
    }
    const client = clientFor({}, { siteZone: UTC_ZONE });
    const first = await searchRecords(client, 'customer', { filter: '@EXAMPLE.com', wanted: 150 });
    expect(first.results).toHaveLength(200);
    expect(first.nextToken).toBe('3');
    const second = await searchRecords(client, 'customer', {
      filter: '@example.com',
      token: first.nextToken,
      wanted: 150,
    });
    expect(second.results.map((entry) => entry.id)).toEqual(customers(201, 200).map((c) => String(c.id)));
    expect(second.nextToken).toBe('5');
    const last = await searchRecords(client, 'customer', { filter: '@example.com', token: '5', wanted: 150 });
    expect(last.results.map((entry) => entry.id)).toEqual(customers(401, 100).map((c) => String(c.id)));
    expect(last.nextToken).toBeUndefined();
    nock.cleanAll();
  });
});

describe('simplifyRecord', () => {
  it('keeps at most 10 flat fields per resource, with the instants of kept times', () => {
    for (const resource of ['order', 'subscription', 'customer', 'product'] as const) {
      const simple = simplifyRecord(resource, { ...RESOURCE_SAMPLES[resource] });
      // Instants and `amount_unit` go with the field they describe and do not count (docs/simplify.md).
      const kept = Object.keys(simple).filter((key) => !key.endsWith('_iso') && key !== 'amount_unit');
      expect({ resource, under11: kept.length <= 10, hasId: kept[0] === 'id' }).toEqual({
        resource,
        under11: true,
        hasId: true,
      });
      expect(Object.values(simple).every((value) => value === null || typeof value !== 'object')).toBe(true);
    }
    const simplified = simplifyRecord('subscription', {
      id: 1,
      status: 'active',
      invoices: [{ id: 2 }],
      next_bill_date_time: '2026-12-01 00:00:00',
      next_bill_date_time_iso: '2026-12-01T00:00:00Z',
      date_time_iso: '2026-11-01T00:00:00Z',
    });
    expect(simplified).toEqual({
      id: 1,
      status: 'active',
      next_bill_date_time: '2026-12-01 00:00:00',
      next_bill_date_time_iso: '2026-12-01T00:00:00Z',
    });
  });

  it('pickFields puts the id first even when it was not chosen, and keeps chosen lists', () => {
    expect(pickFields({ items: [1], id: 3, x: 1 }, ['items'])).toEqual({ id: 3, items: [1] });
  });
});
