/**
 * Issue "reads at scale" figures: parallel Return All against a plain sequential loop at 20 and 100 ms
 * of latency per request, and Find Customer by Email among about 20,000 customers. The store runs in
 * its own process (`sandboxProcess.ts`). Return All's memory is measured in a real n8n (`n8nMemory.ts`).
 */
import { performance } from 'node:perf_hooks';
import { collect } from '@commerce-service/shared';
import { rawSequentialOrders } from './plainHttp';
import { startSandboxProcess } from './sandboxProcess';
import { allOrders, benchClient, countingTransport } from './sharedClient';

const KEY = 'bench-reads-key';
const ORDERS = 20_000;
/** Orders that seed about 20,000 customers (the sandbox makes about 0.225 customers per order). */
const ORDERS_FOR_20K_CUSTOMERS = 89_000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

async function compareReturnAll(url: string, latencyMs: number): Promise<void> {
  // Both read the same pages (oldest first, 100 per page) of the same store, one after the other.
  const raw = await timed(() => rawSequentialOrders(url, KEY));
  const counted = countingTransport();
  const client = benchClient(url, KEY, counted.transport);
  const shared = await timed(() => collect(allOrders(client)));
  const sameRecords =
    shared.value.length === raw.value.records.length &&
    new Set(shared.value.map((o) => o.id)).size === shared.value.length;
  console.log(
    `  ${latencyMs} ms/request, ${raw.value.records.length} orders in ${raw.value.pages} pages: plain sequential GETs ${seconds(raw.ms)}, ` +
      `shared client (concurrency 4) ${seconds(shared.ms)} in ${counted.requests()} requests -> ratio ${(shared.ms / raw.ms).toFixed(2)} (goal <= 0.5)` +
      (sameRecords ? '' : '  [RECORD COUNTS DIFFER]'),
  );
}

async function emailSearch(): Promise<void> {
  const store = await startSandboxProcess({ size: ORDERS_FOR_20K_CUSTOMERS, latencyMs: 20, apiKey: KEY });
  try {
    const probe = benchClient(store.url, KEY);
    const first = await probe.listCustomers({ per_page: 100 });
    const pages = first.totalPages ?? 0;
    const middle = (await probe.listCustomers({ page: Math.ceil(pages / 2), per_page: 100 })).items[50];
    const last = (await probe.listCustomers({ page: pages, per_page: 100 })).items.at(-1);
    if (!middle || !last) throw new Error('the sandbox has fewer customers than the bench expects');
    console.log(
      `Find Customer by Email, ${first.total ?? '?'} customers in ${pages} pages (spec profile, paged), 20 ms/request:`,
    );
    const cases: [string, string, number | undefined][] = [
      ['on the middle page', ` ${middle.email.toUpperCase()} `, undefined],
      ['on the last page', last.email, undefined],
      ['unknown email (every page)', 'nobody@example.invalid', undefined],
      ['unknown email, concurrency 1 (for comparison)', 'nobody@example.invalid', 1],
    ];
    for (const [label, email, concurrency] of cases) {
      const counted = countingTransport();
      const client = benchClient(store.url, KEY, counted.transport);
      const result = await timed(() =>
        client.findCustomerByEmail(email, concurrency === undefined ? {} : { concurrency }),
      );
      console.log(
        `  ${label}: ${result.value ? `found #${result.value.id}` : 'null'} in ${seconds(result.ms)}, ${counted.requests()} requests`,
      );
    }
  } finally {
    await store.close();
  }
}

export async function readsAtScale(): Promise<void> {
  let started = performance.now();
  const store = await startSandboxProcess({ size: ORDERS, latencyMs: 20, apiKey: KEY });
  console.log(
    `Return All, sandbox in its own process (${ORDERS} orders, up in ${seconds(performance.now() - started)}):`,
  );
  try {
    // One unmeasured pass so neither side pays for compilation or the store's first sort.
    await collect(allOrders(benchClient(store.url, KEY)));
    await compareReturnAll(store.url, 20);
    await store.setLatency(100);
    await compareReturnAll(store.url, 100);
  } finally {
    await store.close();
  }
  started = performance.now();
  await emailSearch();
  console.log(`  (email search section ${seconds(performance.now() - started)} including the store's start)`);
}
