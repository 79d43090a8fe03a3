/**
 * The Sales Summary's cost (docs/sales-summary.md#cost): a summary of 30 days at 100 ms a request,
 * against a Get Many of the same orders (Return All with Created After, as n8n's Get Many and Zapier's
 * paging do) plus the sums in code, on a store of 10,000 orders and on one of 5,000 subscriptions.
 */
import { performance } from 'node:perf_hooks';
import { type Order, collect, salesSummary } from '@commerce-service/shared';
import { startSandboxProcess } from './sandboxProcess';
import { benchClient, countingTransport } from './sharedClient';

const KEY = 'bench-summary-key';
const LATENCY_MS = 100;
/** The sandbox makes about 0.153 subscriptions per order: 5,000 subscriptions come with about 32,700 orders. */
const STORES = [
  { orders: 10_000, label: '10,000 orders' },
  { orders: 32_700, label: 'about 5,000 subscriptions' },
];

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** Gross, refunds and net per currency, as a Code step after a Get Many would sum them. */
function sumInCode(orders: Order[], first: string, last: string): Map<string, { gross: number; refunds: number }> {
  const sums = new Map<string, { gross: number; refunds: number }>();
  for (const order of orders) {
    if (order.date < first || order.date > last || !['paid', 'completed', 'refunded'].includes(order.status)) continue;
    const entry = sums.get(order.currency) ?? { gross: 0, refunds: 0 };
    entry.gross += Math.round(order.order_amount * 100);
    if (order.status === 'refunded') entry.refunds += Math.round(order.order_amount * 100);
    sums.set(order.currency, entry);
  }
  return sums;
}

async function measured<T>(run: (client: ReturnType<typeof benchClient>) => Promise<T>, url: string) {
  const counted = countingTransport();
  const client = benchClient(url, KEY, counted.transport);
  const started = performance.now();
  const value = await run(client);
  return { value, ms: performance.now() - started, requests: counted.requests() };
}

export async function salesSummaryCosts(): Promise<void> {
  for (const size of STORES) {
    const store = await startSandboxProcess({ size: size.orders, latencyMs: 0, apiKey: KEY });
    try {
      const probe = benchClient(store.url, KEY);
      const newest = (await probe.listOrders({ per_page: 1 })).items[0]?.date ?? '';
      const subscriptions = (await probe.listSubscriptions({ per_page: 1 })).total ?? 0;
      const last = newest;
      const first = new Date(Date.parse(`${last}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      const input = { period: 'custom', from: first, to: last };
      // One unmeasured pass, so no side pays for compilation or the store's first sort.
      await salesSummary(probe, input);
      await store.setLatency(LATENCY_MS);
      const full = await measured((client) => salesSummary(client, input), store.url);
      const sales = await measured((client) => salesSummary(client, { ...input, subscriptions: false }), store.url);
      const dayBefore = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const getMany = await measured(async (client) => {
        const orders = await collect(client.iterate((page) => client.listOrders({ ...page, date_after: dayBefore })));
        return { orders, sums: sumInCode(orders, first, last) };
      }, store.url);
      const getManyAll = await measured(async (client) => {
        const orders = await collect(client.iterate((page) => client.listOrders({ ...page, date_after: dayBefore })));
        const subs = await collect(client.iterate((page) => client.listSubscriptions(page)));
        return { orders, subs, sums: sumInCode(orders, first, last) };
      }, store.url);
      const usd = getMany.value.sums.get('USD');
      const same = full.value.currencies[0]?.gross === (usd?.gross ?? 0) / 100;
      console.log(
        `Sales Summary of 30 days (${first} to ${last}), ${size.label}: ${size.orders} orders, ${subscriptions} subscriptions, ` +
          `${full.value.orders_read} orders read, ${LATENCY_MS} ms/request:\n` +
          `  summary with MRR ${seconds(full.ms)} in ${full.requests} requests; sales only ${seconds(sales.ms)} in ${sales.requests} requests\n` +
          `  Get Many of the same orders + sum in code ${seconds(getMany.ms)} in ${getMany.requests} requests; ` +
          `+ Get Many of every subscription (for MRR) ${seconds(getManyAll.ms)} in ${getManyAll.requests} requests` +
          (same ? '' : '  [GROSS DIFFERS]'),
      );
    } finally {
      await store.close();
    }
  }
}
