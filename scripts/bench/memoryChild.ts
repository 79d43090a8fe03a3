/**
 * Run alone in a child process (`--expose-gc`), so nothing else lives in its heap: Return All of the
 * orders of BENCH_URL, sampling memory every 2 ms and after every answer. Prints one JSON line:
 * peak growth of V8 heap + external memory over the baseline, peak RSS growth, and bytes received.
 * BENCH_MODE=collect keeps every record (what Return All hands the platform); stream only counts them.
 */
import { allOrders, benchClient, countingTransport } from './sharedClient';

const gc = (globalThis as { gc?: () => void }).gc;

function used(): { heap: number; rss: number } {
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external, rss: m.rss };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_URL ?? '';
  const key = process.env.BENCH_KEY ?? '';
  const mode = process.env.BENCH_MODE === 'stream' ? 'stream' : 'collect';
  if (!gc) throw new Error('run with --expose-gc');
  // Warm up code paths and sockets so compilation is not counted as data.
  const warm = benchClient(url, key);
  await warm.listOrders({ per_page: 100 });
  gc();
  gc();
  const base = used();
  let peak = base;
  const sample = (): void => {
    const now = used();
    if (now.heap > peak.heap) peak = { heap: now.heap, rss: peak.rss };
    if (now.rss > peak.rss) peak = { heap: peak.heap, rss: now.rss };
  };
  const timer = setInterval(sample, 2);
  const counted = countingTransport(sample);
  const client = benchClient(url, key, counted.transport);
  const kept: unknown[] = [];
  let records = 0;
  for await (const order of allOrders(client)) {
    records += 1;
    if (mode === 'collect') kept.push(order);
  }
  sample();
  clearInterval(timer);
  gc();
  gc();
  // What stays once garbage is gone: the records themselves (0 when they were not kept).
  const retained = used().heap - base.heap;
  process.stdout.write(
    `${JSON.stringify({ mode, records, kept: kept.length, pages: counted.requests(), bytes: counted.bytes(), heapPeak: peak.heap - base.heap, rssPeak: peak.rss - base.rss, retained })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
