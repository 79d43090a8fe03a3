/**
 * Issue 22 figures: the record pickers' list search (`searchRecords`, what n8n's From List asks) on a
 * store of about 5,000 customers at 100 ms per request: the first page, and a search by email that has
 * to walk the whole list (parallel, as shipped, against one page at a time); and the size of a
 * simplified Get Many of 1,000 orders against the raw records. The store runs in its own process.
 */
import { performance } from 'node:perf_hooks';
import { type Customer, collect, searchRecords, simplifyRecord } from '@commerce-service/shared';
import { startSandboxProcess } from './sandboxProcess';
import { benchClient, countingTransport } from './sharedClient';

const KEY = 'bench-locators-key';
/** Orders that seed about 5,000 customers (the sandbox makes about 0.225 customers per order). */
const ORDERS_FOR_5K_CUSTOMERS = 22_300;
const LATENCY_MS = 100;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

export async function locatorFigures(): Promise<void> {
  console.log('record pickers (From List) and Simplify:');
  const store = await startSandboxProcess({ size: ORDERS_FOR_5K_CUSTOMERS, latencyMs: 0, apiKey: KEY });
  try {
    const setup = benchClient(store.url, KEY);
    const customers = await collect(setup.iterate<Customer>((page) => setup.listCustomers(page)));
    const last = customers[customers.length - 1] as Customer;

    // Simplify: the same 1,000 orders, raw and simplified, as JSON (what n8n keeps per item).
    const orders = await collect(setup.iterate((page) => setup.listOrders(page), { limit: 1000 }));
    const raw = Buffer.byteLength(JSON.stringify(orders));
    const simplified = Buffer.byteLength(JSON.stringify(orders.map((order) => simplifyRecord('order', { ...order }))));
    console.log(
      `  Get Many of ${orders.length} orders: raw ${kib(raw)}, simplified ${kib(simplified)} -> ${(simplified / raw).toFixed(2)} of raw (${(raw / simplified).toFixed(1)}x smaller)`,
    );

    await store.setLatency(LATENCY_MS);
    const pages = Math.ceil(customers.length / 100);
    const first = countingTransport();
    const firstPage = await timed(() => searchRecords(benchClient(store.url, KEY, first.transport), 'customer'));
    console.log(
      `  ${customers.length} customers (${pages} pages), ${LATENCY_MS} ms/request: first page ${seconds(firstPage.ms)}, ${firstPage.value.results.length} entries in ${first.requests()} request(s)`,
    );
    for (const concurrency of [8, 1]) {
      const counted = countingTransport();
      const client = benchClient(store.url, KEY, counted.transport);
      const search = await timed(() =>
        searchRecords(client, 'customer', { filter: last.email.toUpperCase(), concurrency }),
      );
      const found = search.value.results.some((entry) => entry.id === String(last.id));
      console.log(
        `  search by email of the last customer, ${concurrency === 8 ? 'as shipped (8 pages at a time)' : 'one page at a time'}: ${seconds(search.ms)} in ${counted.requests()} requests${found ? '' : '  [NOT FOUND]'}`,
      );
    }
  } finally {
    await store.close();
  }
}
