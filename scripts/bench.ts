/**
 * Benchmarks: prints figures, asserts nothing (performance goals are read here, not in timed tests).
 * Runs the sandbox in-process on 127.0.0.1 with bounded request counts, then the reads-at-scale
 * figures against a sandbox in its own process (`bench/readsAtScale.ts`), then Return All's memory in
 * a real n8n (`bench/n8nMemory.ts`), then a burst of purchases into n8n's queue mode, n8n's own Webhook
 * node beside the trigger (`bench/burst.ts`); `trace`, what one warm read runs (`bench/readTrace.ts`). `npm run bench`, or some sections: `npm run bench -- memory`;
 * `--build <ref>` (repeatable) measures the package at those commits instead of this checkout.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { collect, EVENTS, matchesFilters, parseDelivery } from '@commerce-service/shared';
import { nodeTransport } from './kit/nodeTransport';
import { startSandbox } from '../sandbox';
import { burst } from './bench/burst';
import { dateCosts } from './bench/dates';
import { eventCosts } from './bench/events';
import { locatorFigures } from './bench/locators';
import { n8nMemory } from './bench/n8nMemory';
import { readsAtScale } from './bench/readsAtScale';
import { readTrace } from './bench/readTrace';
import { salesSummaryCosts } from './bench/salesSummary';
import { storeRequests } from './bench/storeRequests';
import { createClient } from './kit/client';

const REQUESTS = 300;
const DELIVERIES = 50_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

async function clientFigures(): Promise<void> {
  let started = performance.now();
  const big = await startSandbox({ port: 0, size: 100_000, seed: 1 });
  console.log(`sandbox start with 100,000 orders (goal < 10 s): ${ms(performance.now() - started)}`);
  const client = createClient({ settings: { storeUrl: big.url, apiKey: big.apiKey }, transport: nodeTransport });

  const { items } = await client.listOrders({ per_page: 100 });
  const ids = items.map((order) => order.id);
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const t = performance.now();
    await client.getOrder(ids[i % ids.length] ?? 1);
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `get an order, ${REQUESTS} sequential requests: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1) ?? 0)}`,
  );

  started = performance.now();
  const customers = await collect(client.iterate((page) => client.listCustomers(page)));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `return all customers: ${customers.length} records in ${Math.ceil(customers.length / 100)} pages, ${seconds.toFixed(2)} s (${Math.round(customers.length / seconds)} records/s)`,
  );
  await big.close();

  const bodies = EVENTS.map((kind) => JSON.stringify(kind.sample));
  started = performance.now();
  let kept = 0;
  for (let i = 0; i < DELIVERIES; i += 1) {
    const kind = EVENTS[i % EVENTS.length] ?? EVENTS[0];
    for (const record of parseDelivery(bodies[i % bodies.length])) {
      if (matchesFilters(record, { event: kind.key, productId: '87' })) kept += 1;
    }
  }
  const parseMs = performance.now() - started;
  console.log(
    `parse + match ${DELIVERIES} deliveries: ${ms(parseMs)} (${Math.round(DELIVERIES / (parseMs / 1000))}/s, ${kept} matched)`,
  );
}

const SECTIONS = {
  client: clientFigures,
  events: eventCosts,
  dates: dateCosts,
  requests: storeRequests,
  reads: readsAtScale,
  locators: locatorFigures,
  summary: salesSummaryCosts,
  memory: () => n8nMemory({ refs: build, runs }),
  burst: () => burst({ refs: build }),
  trace: readTrace,
} as const;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'string', multiple: true }, runs: { type: 'string' } },
});
const build = values.build ?? [];
const runs = values.runs === undefined ? 1 : Number(values.runs);

async function main(): Promise<void> {
  const unknown = positionals.filter((name) => !(name in SECTIONS));
  if (unknown.length > 0 || !Number.isInteger(runs) || runs < 1)
    throw new Error(
      `usage: npm run bench -- [${Object.keys(SECTIONS).join('|')} ...] [--build <git ref>]... [--runs N]` +
        (unknown.length > 0 ? ` (unknown section: ${unknown.join(', ')})` : ''),
    );
  const chosen = positionals.length > 0 ? positionals : Object.keys(SECTIONS);
  for (const name of chosen) await SECTIONS[name as keyof typeof SECTIONS]();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
