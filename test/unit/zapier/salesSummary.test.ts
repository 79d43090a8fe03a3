/** Find Sales Summary: the inputs it reads, the one result it gives, and the typed error of a summary out of time. */
import { AUTH, type Seen, failure, onStore, searchInFreshProcess, store } from '../support/zapier';

// Each test in a process of its own: the zone is read by each.
const perform = 'find_sales_summary' as const;

function siteIndex(): void {
  store().get('/wp-json/').reply(200, { timezone_string: 'America/New_York', gmt_offset: -5 });
}

describe('Find Sales Summary', () => {
  it('sums a Custom period in the store days, without subscriptions when turned off', async () => {
    const seen: Seen[] = [];
    siteIndex();
    onStore('get', 'orders', seen, 200, [
      {
        id: 3,
        status: 'paid',
        date: '2026-11-23',
        date_time: '2026-11-24 04:30:00',
        order_amount: 49.5,
        currency: 'USD',
      },
      {
        id: 2,
        status: 'refunded',
        date: '2026-11-22',
        date_time: '2026-11-22 15:00:00',
        order_amount: 10,
        currency: 'USD',
      },
    ]);
    const [summary] = await searchInFreshProcess(perform, {
      authData: AUTH,
      inputData: { period: 'custom', from: '2026-11-22', to: '2026-11-23', subscriptions: 'false' },
    });
    expect(seen[0]?.query).toMatchObject({ date_after: '2026-11-21', page: '1', per_page: '100' });
    expect(summary).toMatchObject({
      first_day: '2026-11-22',
      last_day: '2026-11-23',
      ends_at: '2026-11-24T00:00:00-05:00',
      orders: 2,
      currencies: [{ currency: 'USD', gross: 59.5, refunds: 10, net: 49.5 }],
      active_subscriptions: null,
      subscriptions_read: 0,
    });
  });

  it('refuses a Custom period without days, naming the store and what to enter', async () => {
    siteIndex();
    const error = await failure(searchInFreshProcess(perform, { authData: AUTH, inputData: { period: 'custom' } }));
    expect(error.text).toMatch(
      /^Get sales summary failed on shop\.example\.com: From "" is not a date .*A Custom period needs From and To/,
    );
  });
});
