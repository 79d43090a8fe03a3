/** Find Customer by email (and still by ID), through the app tester against a nock store. */
import {
  AUTH,
  KEY,
  ROOT,
  SEARCH_PERFORMS,
  type Seen,
  appTester,
  seenRequest,
  store,
  failure,
  wpError,
} from '../support/zapier';
import { zapierFailure } from '../support/failure';

const perform = SEARCH_PERFORMS.find_customer;

function customer(id: number, email = `customer${id}@example.com`) {
  return { id: String(id), first_name: 'Maya', last_name: 'Lopez', email, total_orders: '2', lifetime_value: '168.00' };
}

function range(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => customer(from + i));
}

/**
 * The customers list of a store that pages and reports totals (the spec's behaviour): `pages` pages of
 * 100, page `n` holding customers n*100-99 .. n*100, with `replace` swapped in.
 */
function pagedStore(pages: number, seen: Seen[], replace: Record<number, ReturnType<typeof customer>> = {}): void {
  store()
    .get(`${ROOT}/customers`)
    .query(true)
    .times(pages)
    .reply(function (uri, body) {
      const request = seenRequest(uri, body, this.req.headers);
      seen.push(request);
      const page = Number(request.query.page);
      const items = range(page * 100 - 99, 100).map((record) => replace[Number(record.id)] ?? record);
      return [200, items, { 'x-wp-total': String(pages * 100), 'x-wp-totalpages': String(pages) }];
    });
}

describe('Find Customer by email', () => {
  it('a store that repeats its first page fails the search with how many customers were read, never "not found"', async () => {
    store().get(`${ROOT}/customers`).query(true).times(2).reply(200, range(1, 100));
    const error = await zapierFailure(
      appTester(perform, { authData: AUTH, inputData: { email: 'nobody@example.com' } }),
      KEY,
    );
    expect(error.text).toMatch(
      /^Find a customer by email failed on shop\.example\.com: it stopped after reading 100 records: the store sent the same records for page 2 as for page 1/,
    );
    expect(error.code).toBe('incomplete_list');
  });

  it('finds the customer on a later page, trimmed and in any letter case, with the key in x-api-key', async () => {
    const seen: Seen[] = [];
    pagedStore(3, seen, { 250: customer(250, 'Maya.Lopez@Example.com') });
    const results = await appTester(perform, { authData: AUTH, inputData: { email: '  maya.lopez@EXAMPLE.com ' } });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      id: 250,
      email: 'Maya.Lopez@Example.com',
      total_orders: 2,
      lifetime_value: 168,
    });
    expect(seen.map((request) => request.query.page).sort()).toEqual(['1', '2', '3']);
    expect(seen.every((request) => request.headers['x-api-key'] === KEY && request.query.per_page === '100')).toBe(
      true,
    );
  });

  it('an email the store does not have is an empty result, after every page', async () => {
    const seen: Seen[] = [];
    pagedStore(3, seen);
    await expect(appTester(perform, { authData: AUTH, inputData: { email: 'nobody@example.com' } })).resolves.toEqual(
      [],
    );
    expect(seen).toHaveLength(3);
  });

  it('reads a store that ignores paging and sends every customer at once, once', async () => {
    const seen: Seen[] = [];
    store()
      .get(`${ROOT}/customers`)
      .query(true)
      .reply(function (uri, body) {
        seen.push(seenRequest(uri, body, this.req.headers));
        return [200, [...range(1, 180), customer(181, 'late@example.com')]];
      });
    const results = await appTester(perform, { authData: AUTH, inputData: { email: 'LATE@example.com' } });
    expect(results.map((found) => found.id)).toEqual([181]);
    expect(seen).toHaveLength(1);
  });

  it('by ID as before; with an email too, the customer must have it', async () => {
    store().get(`${ROOT}/customers/311`).times(2).reply(200, customer(311, 'maya@example.com'));
    const matching = await appTester(perform, {
      authData: AUTH,
      inputData: { customer_id: '311', email: ' MAYA@example.com' },
    });
    expect(matching.map((found) => found.id)).toEqual([311]);
    await expect(
      appTester(perform, { authData: AUTH, inputData: { customer_id: 311, email: 'someone@else.com' } }),
    ).resolves.toEqual([]);
  });

  it('an unknown ID is still an empty result', async () => {
    store()
      .get(`${ROOT}/customers/999`)
      .reply(404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    await expect(appTester(perform, { authData: AUTH, inputData: { customer_id: '999' } })).resolves.toEqual([]);
  });

  it('neither an email nor an ID says what to fill in, and asks the store nothing', async () => {
    const error = await failure(appTester(perform, { authData: AUTH, inputData: { email: '   ' } }));
    expect(error.name).toBe('AppError');
    expect(error.text).toBe(
      'Find a customer failed on shop.example.com: neither an email nor a customer ID was given. Fill in Email or Customer ID, or map one from an earlier step.',
    );
    expect(error.code).toBe('invalid_request');
  });
});
