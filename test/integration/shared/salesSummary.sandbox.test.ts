/**
 * The Sales Summary against the sandbox over real HTTP, on both profiles (decimals and UTC on `spec`;
 * cents and New York on `real`): its totals against the store's own records, read independently page
 * by page and summed here by their site-local `date`, the store's own day (docs/sales-summary.md).
 */
import { salesSummary } from '@commerce-service/shared';
import type { SandboxProfile } from '../../../sandbox';
import { createClient } from '../../../scripts/kit/client';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { type StoreClient } from '../support/httpClient';
import { useSandboxStore } from '../support/sandbox';

const KEY = 'summary-key-5d1e';

type Raw = Record<string, unknown>;

async function readAll(store: StoreClient, path: string): Promise<Raw[]> {
  const records: Raw[] = [];
  for (let page = 1; ; page += 1) {
    const response = await store.rest(path, { query: { per_page: 100, page } });
    const items = response.json<Raw[]>();
    records.push(...items);
    if (items.length < 100) return records;
  }
}

/** Months per billing interval, as the docs define them; cents over months gives monthly cents. */
const MONTHS: Record<string, number> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };

describe.each<[SandboxProfile, boolean]>([
  ['spec', false],
  ['real', true],
])('the sales summary on the %s profile', (profile, centsInRest) => {
  const { store } = useSandboxStore({ apiKey: KEY, size: 1500, seed: 23, profile });

  it("gives the store's own totals for a period of about 400 orders, and MRR over every subscription", async () => {
    const orders = await readAll(store, '/orders');
    const subscriptions = await readAll(store, '/subscriptions');
    const cents = (value: unknown): number => Math.round(Number(value) * (centsInRest ? 1 : 100));
    const days = orders.map((order) => String(order.date)).sort();
    // A period that ends before the newest orders (so some are read and skipped) and holds about 400.
    const last = days[days.length - 40] ?? '';
    const first = days[days.length - 440] ?? '';
    const inPeriod = orders.filter((order) => String(order.date) >= first && String(order.date) <= last);
    const sales = inPeriod.filter((order) => ['paid', 'completed', 'refunded'].includes(String(order.status)));
    const refunded = sales.filter((order) => order.status === 'refunded');
    const kept = sales.filter((order) => order.status !== 'refunded');
    const sum = (records: Raw[], field: string): number => records.reduce((total, r) => total + cents(r[field]), 0);
    expect(refunded.length).toBeGreaterThan(0);

    let mrrCents = 0;
    let paying = 0;
    for (const subscription of subscriptions) {
      if (!['active', 'past_due'].includes(String(subscription.status))) continue;
      const months = MONTHS[String(subscription.interval)];
      if (months === undefined) continue;
      paying += 1;
      mrrCents += cents(subscription.amount) / (months * Number(subscription.frequency));
    }
    const started = subscriptions.filter((s) => String(s.date) >= first && String(s.date) <= last);

    const client = createClient({ settings: { storeUrl: store.baseUrl, apiKey: KEY }, transport: nodeTransport });
    const summary = await salesSummary(client, { period: 'custom', from: first, to: last });

    expect(summary).toMatchObject({
      first_day: first,
      last_day: last,
      time_zone: profile === 'real' ? 'America/New_York' : 'UTC',
      amount_unit: 'decimal',
      orders: sales.length,
      refunded_orders: refunded.length,
      orders_not_counted: inPeriod.length - sales.length,
      subscriptions_read: subscriptions.length,
      new_subscriptions: started.length,
      trialing_subscriptions: subscriptions.filter((s) => s.status === 'trialing').length,
    });
    expect(summary.currencies).toEqual([
      {
        currency: 'USD',
        orders: sales.length,
        gross: sum(sales, 'order_amount') / 100,
        refunded_orders: refunded.length,
        refunds: sum(refunded, 'order_amount') / 100,
        net: (sum(sales, 'order_amount') - sum(refunded, 'order_amount')) / 100,
        tax: sum(kept, 'tax_amount') / 100,
      },
    ]);
    expect(summary.mrr).toEqual([{ currency: 'USD', mrr: Math.round(mrrCents) / 100, subscriptions: paying }]);
    // Read with date_after: the period's orders and those after it, not the store's older ones.
    expect(summary.orders_read).toBeLessThan(orders.length);
    expect(summary.orders_read).toBeGreaterThanOrEqual(inPeriod.length);
  });
});
