/** Find Customer by Email: the customers list walked until the first match (nock). */
import { InvalidRequestError, sameEmail } from '@commerce-service/shared';
import { ROOT, clientFor, failure, recorder, store } from '../support/shared';

/** Customer `n` has the email `customer<n>@example.com`. */
const customer = (n: number) => ({
  id: n,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  email: `customer${n}@example.com`,
});
const customersOf = (page: number, perPage = 100, total = 1000) =>
  Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) =>
    customer((page - 1) * perPage + i + 1),
  );

/** Pages `pages` of a store of `total` customers, with or without WordPress's totals. */
function servePages(pages: number[], total: number, withTotals: boolean) {
  const rec = recorder();
  const headers: Record<string, string> = withTotals
    ? { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(Math.ceil(total / 100)) }
    : {};
  for (const page of pages) {
    store()
      .get(`${ROOT}/customers`)
      .query({ page: String(page), per_page: '100' })
      .reply(rec.reply(200, customersOf(page, 100, total), headers));
  }
  return rec;
}

const pagesAsked = (rec: ReturnType<typeof recorder>) =>
  rec.seen.map((s) => Number(s.query.page)).sort((a, b) => a - b);

describe('findCustomerByEmail', () => {
  it('finds a customer trimmed and in any letter case, and asks for no page past the window', async () => {
    // 10 pages; the match is on page 3: pages 1, then 2..5 together; never 6..10.
    const rec = servePages([1, 2, 3, 4, 5], 1000, true);
    const found = await clientFor().findCustomerByEmail('  Customer250@EXAMPLE.com ');
    expect(found).toMatchObject({ id: 250, email: 'customer250@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pagesAsked(rec)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a match on page 1 asks for no more than the first window', async () => {
    const rec = servePages([1, 2, 3, 4, 5], 1000, true);
    await expect(clientFor().findCustomerByEmail('customer7@example.com')).resolves.toMatchObject({ id: 7 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Pages 2..5 were asked for with page 1's totals, before its records were looked at; 6..10 never.
    expect(pagesAsked(rec)).toEqual([1, 2, 3, 4, 5]);
  });

  it('an unknown email walks every page once and is null', async () => {
    const rec = servePages([1, 2, 3], 250, true);
    await expect(clientFor().findCustomerByEmail('nobody@example.com')).resolves.toBeNull();
    expect(pagesAsked(rec)).toEqual([1, 2, 3]);
  });

  it('without totals the walk is one page after the other and stops at the match', async () => {
    const rec = servePages([1, 2], 1000, false);
    await expect(clientFor().findCustomerByEmail('customer150@example.com')).resolves.toMatchObject({ id: 150 });
    expect(rec.seen.map((s) => Number(s.query.page))).toEqual([1, 2]);
  });

  it('concurrency 1 (for fragile hosts) asks one page at a time', async () => {
    const rec = servePages([1, 2, 3], 1000, true);
    await expect(clientFor().findCustomerByEmail('customer201@example.com', { concurrency: 1 })).resolves.toMatchObject(
      { id: 201 },
    );
    expect(rec.seen.map((s) => Number(s.query.page))).toEqual([1, 2, 3]);
  });

  it('a store that ignores paging and sends every customer at once is read once', async () => {
    const everyone = Array.from({ length: 340 }, (_, i) => customer(i + 1));
    const rec = recorder();
    store().get(`${ROOT}/customers`).query(true).reply(rec.reply(200, everyone));
    await expect(clientFor().findCustomerByEmail('CUSTOMER333@example.com')).resolves.toMatchObject({ id: 333 });
    store().get(`${ROOT}/customers`).query(true).reply(rec.reply(200, everyone));
    await expect(clientFor().findCustomerByEmail('missing@example.com')).resolves.toBeNull();
    expect(rec.seen).toHaveLength(2);
  });

  it('an empty email is refused before any request', async () => {
    const error = await failure(clientFor().findCustomerByEmail('   '));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toMatch(/^Find a customer by email failed on shop\.example\.com: no email was given\./);
  });

  it('compares emails trimmed and case-blind; an empty stored email matches nothing', () => {
    expect(sameEmail(' A@B.example ', 'a@b.EXAMPLE')).toBe(true);
    expect(sameEmail('a@b.example', 'a@c.example')).toBe(false);
    expect(sameEmail('', ' ')).toBe(false);
    expect(sameEmail(null, 'a@b.example')).toBe(false);
  });
});
