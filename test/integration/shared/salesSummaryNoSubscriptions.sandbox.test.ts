/**
 * The Sales Summary against the sandbox over real HTTP, narrowed to a product the store sells but has no
 * subscription of (a one-time product): with Subscriptions (MRR) on, every subscription figure is 0, not
 * null, and `mrr` has a row of 0 for each currency the store bills subscriptions in (docs/sales-summary.md).
 */
import { salesSummary } from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { type StoreClient } from '../support/httpClient';
import { useSandboxStore } from '../support/sandbox';
import { NO_SUBSCRIPTIONS } from '../../unit/support/salesSummary';

const KEY = 'summary-zero-key-8c2a';

type Raw = Record<string, unknown>;

async function readAll(store: StoreClient, path: string): Promise<Raw[]> {
  const records: Raw[] = [];
  for (let page = 1; ; page += 1) {
    const items = (await store.rest(path, { query: { per_page: 100, page } })).json<Raw[]>();
    records.push(...items);
    if (items.length < 100) return records;
  }
}

describe('the sales summary of a product without subscriptions', () => {
  const { store } = useSandboxStore({ apiKey: KEY, size: 600, seed: 29 });

  it('counts 0 of each subscription figure, with MRR on', async () => {
    const orders = await readAll(store, '/orders');
    const subscriptions = await readAll(store, '/subscriptions');
    const subscribed = new Set(subscriptions.map((subscription) => String(subscription.product_id)));
    const days = orders.map((order) => String(order.date)).sort();
    const first = days[0] ?? '';
    const last = days[days.length - 1] ?? '';
    const sold = orders.filter((order) => ['paid', 'completed', 'refunded'].includes(String(order.status)));
    const product = sold.map((order) => String(order.product_id)).find((id) => !subscribed.has(id));
    if (product === undefined) throw new Error('the sandbox store sells no product without subscriptions (seed 29)');
    expect(subscriptions.length).toBeGreaterThan(0);

    const client = createClient({ settings: { storeUrl: store.baseUrl, apiKey: KEY }, transport: nodeTransport });
    const summary = await salesSummary(client, { period: 'custom', from: first, to: last, productId: product });

    expect(summary).toMatchObject({
      product_id: product,
      orders: sold.filter((order) => String(order.product_id) === product).length,
      ...NO_SUBSCRIPTIONS,
      subscriptions_read: subscriptions.length,
    });
    const currencies = [...new Set(subscriptions.map((subscription) => String(subscription.currency)))];
    expect(summary.mrr).toEqual(currencies.map((currency) => ({ currency, mrr: 0, subscriptions: 0 })));
    expect(summary.summary_text).toMatch(/ No active subscriptions \(MRR 0\); 0 in trial\.$/);
  });
});
