/**
 * What trusting events costs (issue: events you can trust): requests and time of a poll with nothing
 * new, of a poll after a few sales, and of checking one webhook delivery with the store, against a
 * sandbox answering every request after a fixed latency (the cost that matters on a real host).
 */
import { performance } from 'node:perf_hooks';
import { type EventFilters, pollEvents, readDelivery, verifyDelivery } from '@commerce-service/shared';
import { startSandbox } from '../../sandbox';
import { benchClient, countingTransport } from './sharedClient';

const LATENCY_MS = 20;
const DELIVERIES = 50;

const ms = (value: number): string => `${value.toFixed(0)} ms`;

export async function eventCosts(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, size: 5_000, seed: 3, latencyMs: LATENCY_MS, quiet: true });
  try {
    const counted = countingTransport();
    const client = benchClient(sandbox.url, sandbox.apiKey, counted.transport);
    console.log(`\nevents you can trust (sandbox, 5,000 orders, ${LATENCY_MS} ms per request):`);

    for (const filters of [{ event: 'purchased' }, { event: 'canceled' }] satisfies EventFilters[]) {
      const first = await pollEvents({ client, filters, state: undefined });
      const before = counted.requests();
      let started = performance.now();
      const quiet = await pollEvents({ client, filters, state: first.state });
      const quietMs = performance.now() - started;
      console.log(
        `  poll for "${filters.event}" with nothing new: ${counted.requests() - before} request(s), ${ms(quietMs)}, ${quiet.events.length} events (first poll: ${first.requests} requests)`,
      );
      if (filters.event !== 'purchased') continue;
      for (let i = 0; i < 5; i += 1) await sandbox.fireEvent({ type: 'purchased' });
      started = performance.now();
      const busy = await pollEvents({ client, filters, state: quiet.state });
      console.log(
        `  poll for "purchased" after 5 sales: ${busy.requests} request(s), ${ms(performance.now() - started)}, ${busy.events.length} events`,
      );
    }

    // Genuine deliveries as the store sends them (spec profile: no secret, so each is read back).
    const { items } = await client.listOrders({ per_page: DELIVERIES, orderby: 'id', order: 'desc' });
    const paid = items.filter((order) => order.status === 'paid');
    const before = counted.requests();
    const started = performance.now();
    let verified = 0;
    for (const order of paid) {
      for (const delivered of readDelivery({ ...order, trigger: 'purchased' })) {
        if ((await verifyDelivery(client, delivered, 'purchased')).status === 'verified') verified += 1;
      }
    }
    const perDelivery = (performance.now() - started) / Math.max(1, paid.length);
    console.log(
      `  verify a delivery with the store: ${((counted.requests() - before) / Math.max(1, paid.length)).toFixed(2)} request(s) and ${ms(perDelivery)} per delivery (${verified}/${paid.length} verified)`,
    );
  } finally {
    await sandbox.close();
  }
}
