/**
 * The Sales Summary against records whose totals are worked out by hand (docs/sales-summary.md): a
 * daylight-saving change inside the period, a currency without minor units, two currencies, a refund
 * of an order placed before the period, and weekly, monthly and yearly plans in MRR.
 */
import { type CommerceServiceError, salesSummary } from '@commerce-service/shared';
import type { SiteZone } from '../../../shared/src/dates/zone';
import { NO_SUBSCRIPTIONS } from '../support/salesSummary';
import { KEY, ROOT, UTC_ZONE, clientFor, expectNoSecret, store } from '../support/shared';

const NEW_YORK: SiteZone = { kind: 'named', name: 'America/New_York' };

/** When most tests ask: in UTC, "yesterday" is 2026-11-23. */
const NOV_24_MORNING = new Date('2026-11-24T08:00:00Z');

interface OrderFixture {
  id: number;
  status?: string;
  date_time: string;
  order_amount: number;
  tax_amount?: number;
  currency?: string;
  product_id?: string;
  product_name?: string;
  items?: Array<{ product_id?: string; product_name: string; quantity: number; total_amount: number }>;
}

function order(fixture: OrderFixture): Record<string, unknown> {
  return {
    status: 'paid',
    currency: 'USD',
    product_id: '12',
    product_name: 'Course',
    tax_amount: 0,
    items: [],
    date: fixture.date_time.slice(0, 10),
    ...fixture,
  };
}

function subscription(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    status: 'active',
    currency: 'USD',
    product_id: '30',
    interval: 'month',
    frequency: '1',
    trial_days: 0,
    sign_up_fee: 0,
    date_time: '2026-01-05 10:00:00',
    ...fields,
  };
}

/** One page of orders (a short page ends the walk) and what the store was asked. */
function ordersPage(records: Record<string, unknown>[], headers: Record<string, string> = {}) {
  const queries: Record<string, string>[] = [];
  store()
    .get(`${ROOT}/orders`)
    .query((query) => {
      queries.push(query as Record<string, string>);
      return true;
    })
    .reply(200, records, headers);
  return queries;
}

function subscriptionsPage(records: Record<string, unknown>[]): void {
  store().get(`${ROOT}/subscriptions`).query(true).reply(200, records);
}

describe('the sales summary', () => {
  it('counts the 25 hours of the day daylight saving ends, in the store zone', async () => {
    // New York, 2026-11-01: clocks go back at 02:00, so the day runs from 04:00Z to 05:00Z the next day.
    const queries = ordersPage([
      order({ id: 5, date_time: '2026-11-02 05:10:00', order_amount: 7 }), // 00:10 on the 2nd: after
      order({ id: 4, date_time: '2026-11-02 04:30:00', order_amount: 100, tax_amount: 8 }), // 23:30 on the 1st
      order({ id: 3, date_time: '2026-10-31 04:10:00', order_amount: 20.5 }), // 00:10 on the 31st (summer time)
      order({ id: 2, date_time: '2026-10-31 03:50:00', order_amount: 1000 }), // 23:50 on the 30th: before, ends the walk
      order({ id: 1, date_time: '2026-10-30 12:00:00', order_amount: 1000 }),
    ]);
    const client = clientFor({}, { siteZone: NEW_YORK, restAmountUnit: 'decimal' });
    const summary = await salesSummary(client, {
      period: 'custom',
      from: '2026-10-31',
      to: '2026-11-01',
      subscriptions: false,
    });
    expect(summary).toMatchObject({
      first_day: '2026-10-31',
      last_day: '2026-11-01',
      starts_at: '2026-10-31T00:00:00-04:00',
      ends_at: '2026-11-02T00:00:00-05:00',
      time_zone: 'America/New_York',
      orders: 2,
      currencies: [{ currency: 'USD', orders: 2, gross: 120.5, refunds: 0, net: 120.5, tax: 8 }],
      active_subscriptions: null,
      new_subscriptions: null,
      mrr: [],
      // The walk stopped at the first order older than the period: the fifth was never looked at.
      orders_read: 4,
    });
    expect(queries[0]).toMatchObject({ date_after: '2026-10-30', page: '1', per_page: '100' });
    expect(Date.parse(summary.ends_at) - Date.parse(summary.starts_at)).toBe(49 * 3_600_000);
  });

  it('takes "yesterday" and "last 7 days" as the store days before today, over a spring change', async () => {
    // 2026-03-08 in New York has 23 hours; now is 02:00Z on the 10th, still the 9th in the store.
    ordersPage([order({ id: 1, date_time: '2026-03-08 04:30:00', order_amount: 10 })]);
    ordersPage([order({ id: 1, date_time: '2026-03-08 04:30:00', order_amount: 10 })]);
    const client = clientFor({}, { siteZone: NEW_YORK, restAmountUnit: 'decimal' });
    const now = new Date('2026-03-10T02:00:00Z');
    const yesterday = await salesSummary(client, { period: 'yesterday', now, subscriptions: false });
    expect(yesterday).toMatchObject({
      first_day: '2026-03-08',
      last_day: '2026-03-08',
      starts_at: '2026-03-08T00:00:00-05:00',
      ends_at: '2026-03-09T00:00:00-04:00',
      orders: 0,
      currencies: [],
    });
    const week = await salesSummary(client, { period: 'last_7_days', now, subscriptions: false });
    expect(week).toMatchObject({ first_day: '2026-03-02', last_day: '2026-03-08', orders: 1 });
    expect(week.summary_text).toBe(
      'Last 7 Days (2026-03-02 to 2026-03-08): 1 order, USD 10.00 gross, 0 refunds (USD 0.00), USD 10.00 net.',
    );
  });

  it('keeps a currency without minor units whole when the store sends cents', async () => {
    ordersPage([
      order({ id: 3, date_time: '2026-11-23 15:00:00', order_amount: 2300, currency: 'JPY', status: 'refunded' }),
      order({ id: 2, date_time: '2026-11-23 11:00:00', order_amount: 1500, tax_amount: 136, currency: 'JPY' }),
      order({ id: 1, date_time: '2026-11-23 09:00:00', order_amount: 980, currency: 'JPY', status: 'pending-payment' }),
    ]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'cents' });
    const summary = await salesSummary(client, { period: 'yesterday', now: NOV_24_MORNING, subscriptions: false });
    expect(summary.amount_unit).toBe('decimal');
    expect(summary.orders_not_counted).toBe(1);
    expect(summary.currencies).toEqual([
      { currency: 'JPY', orders: 2, gross: 3800, refunded_orders: 1, refunds: 2300, net: 1500, tax: 136 },
    ]);
    expect(summary.summary_text).toContain('JPY 3,800 gross, 1 refund (JPY 2,300), JPY 1,500 net');
  });

  it('sums two currencies apart, in decimals, with the top products from the items', async () => {
    ordersPage([
      order({
        id: 3,
        date_time: '2026-11-23 20:00:00',
        order_amount: 4950,
        tax_amount: 450,
        items: [
          { product_id: '12', product_name: 'Course', quantity: 1, total_amount: 3950 },
          { product_id: '44', product_name: 'Workbook', quantity: 1, total_amount: 1000 },
        ],
      }),
      order({ id: 2, date_time: '2026-11-23 12:00:00', order_amount: 1999, currency: 'EUR', status: 'completed' }),
      order({
        id: 1,
        date_time: '2026-11-23 10:00:00',
        order_amount: 1001,
        items: [{ product_id: '44', product_name: 'Workbook', quantity: 2, total_amount: 1001 }],
      }),
    ]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'cents' });
    const summary = await salesSummary(client, { period: 'yesterday', now: NOV_24_MORNING, subscriptions: false });
    expect(summary.currencies).toEqual([
      { currency: 'USD', orders: 2, gross: 59.51, refunded_orders: 0, refunds: 0, net: 59.51, tax: 4.5 },
      { currency: 'EUR', orders: 1, gross: 19.99, refunded_orders: 0, refunds: 0, net: 19.99, tax: 0 },
    ]);
    expect(summary.top_products).toEqual([
      { currency: 'USD', product_id: '12', product_name: 'Course', revenue: 39.5, quantity: 1 },
      { currency: 'USD', product_id: '44', product_name: 'Workbook', revenue: 20.01, quantity: 3 },
      { currency: 'EUR', product_id: '12', product_name: 'Course', revenue: 19.99, quantity: 1 },
    ]);
    expect(summary.summary_text).toBe(
      'Yesterday (2026-11-23): 2 orders, USD 59.51 gross, 0 refunds (USD 0.00), USD 59.51 net; ' +
        '1 order, EUR 19.99 gross, 0 refunds (EUR 0.00), EUR 19.99 net.',
    );
  });

  it('counts a refund with the order it refunds: not in a later period, in the order own one', async () => {
    const records = [
      order({ id: 3, date_time: '2026-11-23 10:00:00', order_amount: 30 }),
      order({ id: 2, date_time: '2026-11-23 08:00:00', order_amount: 20, status: 'refunded' }),
      // Placed the day before the period and refunded since: the records carry no refund date.
      order({ id: 1, date_time: '2026-11-22 22:00:00', order_amount: 50, status: 'refunded' }),
    ];
    ordersPage(records);
    ordersPage(records);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    const now = new Date('2026-11-24T08:00:00Z');
    const yesterday = await salesSummary(client, { period: 'yesterday', now, subscriptions: false });
    expect(yesterday.currencies).toEqual([
      { currency: 'USD', orders: 2, gross: 50, refunded_orders: 1, refunds: 20, net: 30, tax: 0 },
    ]);
    const dayBefore = await salesSummary(client, {
      period: 'custom',
      from: '2026-11-22',
      to: '2026-11-22',
      subscriptions: false,
    });
    expect(dayBefore.currencies).toEqual([
      { currency: 'USD', orders: 1, gross: 50, refunded_orders: 1, refunds: 50, net: 0, tax: 0 },
    ]);
  });

  it('normalises weekly, monthly and yearly plans into MRR, without trials or sign-up fees', async () => {
    ordersPage([]);
    subscriptionsPage([
      subscription({ id: 1, amount: 29, sign_up_fee: 10 }), // 29.00 a month
      subscription({ id: 2, amount: 19, interval: 'week', frequency: '2' }), // 19 × 52 / 12 / 2 = 41.1666…
      subscription({ id: 3, amount: 290, interval: 'year', sign_up_fee: 10, date_time: '2026-11-23 09:00:00' }), // 24.1666…
      subscription({ id: 4, amount: 10, status: 'past_due' }), // still billed: 10.00
      subscription({ id: 5, amount: 29, status: 'trialing', trial_days: 7, date_time: '2026-11-23 18:00:00' }),
      subscription({ id: 6, amount: 29, status: 'canceled', cancel_date_time: '2026-11-23 07:00:00' }),
      subscription({ id: 7, amount: 29, status: 'canceled' }),
      subscription({ id: 8, amount: 2000, currency: 'JPY', interval: 'day', frequency: '1' }), // 2000 × 365 / 12 = 60,833.33…
      subscription({ id: 9, amount: 5, interval: '' }), // no interval: cannot be normalised
    ]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    const summary = await salesSummary(client, { period: 'yesterday', now: NOV_24_MORNING });
    expect(summary.mrr).toEqual([
      // 29 + 41.1666… + 24.1666… + 10 = 104.333…
      { currency: 'USD', mrr: 104.33, subscriptions: 4 },
      { currency: 'JPY', mrr: 60833, subscriptions: 1 },
    ]);
    expect(summary).toMatchObject({
      active_subscriptions: 5,
      past_due_subscriptions: 1,
      trialing_subscriptions: 1,
      new_subscriptions: 2,
      canceled_subscriptions: 1,
      canceled_without_date: 1,
      not_in_mrr: 1,
    });
    expect(summary.subscriptions_read).toBe(9);
    expect(summary.summary_text).toContain('MRR USD 104.33 and JPY 60,833 from 6 subscriptions; 1 in trial.');
  });

  it('keeps only the chosen product, in orders and in subscriptions', async () => {
    ordersPage([
      order({ id: 2, date_time: '2026-11-23 10:00:00', order_amount: 30, product_id: '30' }),
      order({ id: 1, date_time: '2026-11-23 09:00:00', order_amount: 99, product_id: '12' }),
    ]);
    subscriptionsPage([subscription({ id: 1, amount: 30 }), subscription({ id: 2, amount: 50, product_id: '31' })]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    const summary = await salesSummary(client, { period: 'yesterday', productId: 30, now: NOV_24_MORNING });
    expect(summary).toMatchObject({
      product_id: '30',
      orders: 1,
      mrr: [{ currency: 'USD', mrr: 30, subscriptions: 1 }],
    });
  });

  it('counts 0, never null, for a product without subscriptions, with an MRR row per store currency', async () => {
    ordersPage([order({ id: 1, date_time: '2026-11-23 09:00:00', order_amount: 49, product_id: '12' })]);
    subscriptionsPage([
      subscription({ id: 1, amount: 30, product_id: '30' }),
      subscription({ id: 2, amount: 20, product_id: '31', currency: 'EUR', status: 'canceled' }),
    ]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    const summary = await salesSummary(client, { period: 'yesterday', productId: '12', now: NOV_24_MORNING });
    expect(summary).toMatchObject({
      orders: 1,
      ...NO_SUBSCRIPTIONS,
      subscriptions_read: 2,
    });
    // The store bills in USD and EUR: a Zap that maps the first row's MRR gets 0, not a missing field.
    expect(summary.mrr).toEqual([
      { currency: 'USD', mrr: 0, subscriptions: 0 },
      { currency: 'EUR', mrr: 0, subscriptions: 0 },
    ]);
    expect(summary.summary_text).toBe(
      'Yesterday (2026-11-23): 1 order, USD 49.00 gross, 0 refunds (USD 0.00), USD 49.00 net. ' +
        'No active subscriptions (MRR 0); 0 in trial.',
    );
  });

  it('counts 0, never null, for a store without any subscription, and says it has none', async () => {
    ordersPage([]);
    subscriptionsPage([]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    const summary = await salesSummary(client, { period: 'yesterday', now: NOV_24_MORNING });
    expect(summary).toMatchObject({
      ...NO_SUBSCRIPTIONS,
      mrr: [],
      subscriptions_read: 0,
    });
    expect(summary.summary_text).toBe(
      'Yesterday (2026-11-23): no orders. No active subscriptions (MRR 0); 0 in trial.',
    );
  });

  it("gives the main item the order's product ID when the store's items carry none, one row a product", async () => {
    ordersPage([
      order({
        id: 3,
        date_time: '2026-11-23 11:00:00',
        order_amount: 30,
        product_id: '12',
        product_name: 'Course',
      }),
      order({
        id: 2,
        date_time: '2026-11-23 10:00:00',
        order_amount: 35,
        product_id: '44',
        product_name: 'Workbook',
        items: [
          { product_name: 'Workbook', quantity: 1, total_amount: 15 },
          { product_name: 'Course', quantity: 1, total_amount: 20 },
        ],
      }),
      order({
        id: 1,
        date_time: '2026-11-23 09:00:00',
        order_amount: 59,
        product_id: '12',
        product_name: 'Course',
        items: [
          { product_name: 'Course', quantity: 1, total_amount: 49 },
          { product_name: 'Workbook', quantity: 1, total_amount: 10 },
          { product_name: 'Stickers', quantity: 2, total_amount: 0 },
        ],
      }),
    ]);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    const summary = await salesSummary(client, { period: 'yesterday', now: NOV_24_MORNING, subscriptions: false });
    // A bump is never a main item here, so its product has no ID: it is told apart by its name.
    expect(summary.top_products).toEqual([
      { currency: 'USD', product_id: '12', product_name: 'Course', revenue: 99, quantity: 3 },
      { currency: 'USD', product_id: '44', product_name: 'Workbook', revenue: 25, quantity: 2 },
      { currency: 'USD', product_id: '', product_name: 'Stickers', revenue: 0, quantity: 2 },
    ]);
  });

  it('stops paging once the records are older than the period', async () => {
    // A store that ignores date_after, with no totals: page 2 would be asked only if the walk went on.
    const page = Array.from({ length: 100 }, (_, index) =>
      order({ id: 200 - index, date_time: index < 3 ? '2026-11-23 10:00:00' : '2026-11-01 10:00:00', order_amount: 1 }),
    );
    ordersPage(page);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    const summary = await salesSummary(client, { period: 'yesterday', now: NOV_24_MORNING, subscriptions: false });
    expect(summary).toMatchObject({ orders: 3, orders_read: 4 });
  });

  it('fails with what it had read, never a partial sum, when the step runs out of time', async () => {
    const page = Array.from({ length: 100 }, (_, index) =>
      order({ id: 300 - index, date_time: '2026-11-23 10:00:00', order_amount: 1 }),
    );
    store()
      .get(`${ROOT}/orders`)
      .query((query) => query.page === '1')
      .reply(200, page, { 'X-WP-Total': '300', 'X-WP-TotalPages': '3' })
      .get(`${ROOT}/orders`)
      .query((query) => query.page !== '1')
      .times(2)
      .delay(3_000)
      .reply(200, page);
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal', deadlineMs: 1_500 });
    const error = (await salesSummary(client, { period: 'yesterday', now: NOV_24_MORNING }).catch(
      (caught: unknown) => caught,
    )) as CommerceServiceError;
    expect(error.name).toBe('SummaryUnfinishedError');
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(
      /^Get sales summary failed on shop\.example\.com: the summary could not be finished in time \(.+\): it had read 100 orders \(1 page\) and not yet the period's oldest, so it gives no totals\. Choose a shorter period/,
    );
    expectNoSecret(error, KEY);
  });

  it('fails, saying to choose a shorter period, when the period holds more orders than one walk reads', async () => {
    ordersPage([order({ id: 1, date_time: '2026-11-23 10:00:00', order_amount: 1 })], {
      'X-WP-Total': '100100',
      'X-WP-TotalPages': '1001',
    });
    const client = clientFor({}, { siteZone: UTC_ZONE, restAmountUnit: 'decimal' });
    await expect(salesSummary(client, { period: 'this_month', now: NOV_24_MORNING })).rejects.toThrow(
      /^Get sales summary failed on shop\.example\.com: it stopped after reading 0 records: one walk reads at most 1000 pages .* Choose a shorter period \(Yesterday, or a Custom period of a few days\)\.$/,
    );
  });

  it('refuses a period it does not know, and a custom period that ends before it starts', async () => {
    const client = clientFor({}, { siteZone: UTC_ZONE });
    await expect(salesSummary(client, { period: 'last_week' })).rejects.toThrow(
      'Get sales summary failed on shop.example.com: the period "last_week" is not one the summary knows. Choose one of: today, yesterday, last_7_days, this_month, last_month, custom.',
    );
    await expect(salesSummary(client, { period: 'custom', from: '2026-11-05', to: '2026-11-01' })).rejects.toThrow(
      'the period starts (2026-11-05) after it ends (2026-11-01). Set From to a day on or before To.',
    );
    await expect(salesSummary(client, { period: 'custom', from: 'soon', to: '2026-11-01' })).rejects.toThrow(
      /From "soon" is not a date/,
    );
  });

  it('fails when the store zone cannot be read, since its days cannot be told', async () => {
    store().get('/wp-json/').reply(403, 'Forbidden');
    const client = clientFor();
    await expect(salesSummary(client, { period: 'today' })).rejects.toThrow(
      "the store's time zone could not be read (it answered HTTP 403), so its days cannot be told",
    );
  });
});
