/**
 * Issue #18 figures: how long the store waits for each delivery to the n8n webhook trigger, with
 * verification on against off (goal: on at most 1.2× off), next to a receiver that verifies before it
 * answers (the old order); then a burst of 1,000 purchases, 8 at a time, with verification on: lost
 * executions, the slowest answer, and the rate.
 *
 * The store is the sandbox in its own process, 20 ms per API answer and 2 PHP workers (a small host).
 * The trigger is NOT a real n8n here: its `webhook()` is served over real HTTP on 127.0.0.1 the way the
 * integration test serves it (test/integration/n8n/servedTrigger.ts: n8n's onReceived handling around
 * a real ServerResponse). A real queue-mode n8n (Postgres, Redis, three n8n processes) is too heavy for
 * `npm run bench` on a shared 2-core machine; test/e2e/n8nAnswerFirstQueue.e2e.ts runs the trigger
 * there and checks the order of events (answer, then verification read), not how long they took.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { INodeType } from 'n8n-workflow';
import { performance } from 'node:perf_hooks';
import execa from 'execa';
import { readDelivery, verifyDelivery } from '../../shared/src';
import { REPO_ROOT } from '../toolchain';
import type { SandboxDelivery } from '../../sandbox';
import { serveTrigger, type ServedTrigger } from '../../test/integration/support/servedTrigger';
import { plainRequest, putJson } from './plainHttp';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';
import { benchClient } from './sharedClient';

const KEY = 'bench-answer-first-key';
const LATENCY_MS = 20;
const PHP_WORKERS = 2;
const SEQUENTIAL = 100;
const BURST = 1_000;
const AT_A_TIME = 8;
/** The store's own limit for an answer. */
const STORE_LIMIT_MS = 5_000;
const PURCHASES = { event: 'purchased', productId: '', planIds: [], pricesInCents: false };
/** The trigger as the package ships it (`npm run build:n8n`, run by this bench first). */
const BUNDLE = path.join(REPO_ROOT, 'n8n', 'dist', 'nodes', 'CommerceServiceTrigger');

function builtTrigger(): INodeType {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, loaded as n8n loads it
  const bundle = require(path.join(BUNDLE, 'CommerceServiceTrigger.node.js')) as {
    CommerceServiceTrigger: new () => INodeType;
  };
  return new bundle.CommerceServiceTrigger();
}

interface Fired {
  deliveries: SandboxDelivery[];
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function admin(store: SandboxProcess, method: string, path: string, body?: unknown): Promise<unknown> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const answer = await plainRequest(`${store.url}/sandbox/v1${path}`, {
    method,
    headers: text === undefined ? {} : { 'content-type': 'application/json' },
    ...(text === undefined ? {} : { body: text }),
  });
  if (answer.status !== 200) throw new Error(`${method} /sandbox/v1${path}: HTTP ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as unknown;
}

async function subscribe(store: SandboxProcess, hookUrl: string): Promise<void> {
  const subscribe = await plainRequest(
    `${store.url}/wp-json/sc/v1/webhook/subscribe/?api_key=${encodeURIComponent(KEY)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hook_url: hookUrl, status: 'purchased' }),
    },
  );
  if (subscribe.status !== 200) throw new Error(`subscribe: HTTP ${subscribe.status} ${subscribe.body}`);
}

/** A purchase made through the store, as a checkout makes it (it holds a PHP worker); its one delivery. */
async function purchase(store: SandboxProcess): Promise<SandboxDelivery> {
  const { deliveries } = (await admin(store, 'POST', '/events', { type: 'purchased' })) as Fired;
  const [delivery] = deliveries;
  if (!delivery || deliveries.length !== 1) throw new Error(`expected one delivery, got ${deliveries.length}`);
  return delivery;
}

/** A receiver in the old order: it reads the order back from the store, then answers. */
async function verifyFirstReceiver(storeUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const client = benchClient(storeUrl, KEY);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        for (const delivered of readDelivery(Buffer.concat(chunks)))
          await verifyDelivery(client, delivered, 'purchased');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Each purchase is delivered to every receiver at once (one hook each), so the three are measured on
 * the same events under the same load; the store times each delivery on its own.
 */
async function storeWaits(store: SandboxProcess, hookUrls: string[]): Promise<number[][]> {
  await admin(store, 'POST', '/reset');
  for (const hookUrl of hookUrls) await subscribe(store, hookUrl);
  const waits = hookUrls.map((): number[] => []);
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const { deliveries } = (await admin(store, 'POST', '/events', { type: 'purchased' })) as Fired;
    for (const delivery of deliveries) {
      if (delivery.status !== 200) throw new Error(`a delivery failed: ${delivery.error ?? delivery.status}`);
      waits[hookUrls.indexOf(delivery.hookUrl)]?.push(delivery.durationMs);
    }
  }
  return waits;
}

const line = (label: string, waits: number[]): string =>
  `  ${label.padEnd(44)} median ${ms(percentile(waits, 50)).padStart(6)}, p95 ${ms(percentile(waits, 95)).padStart(6)}, max ${ms(Math.max(...waits)).padStart(6)}`;

const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

function median(values: number[]): number {
  return percentile(values, 50);
}

async function burst(store: SandboxProcess, served: ServedTrigger): Promise<void> {
  // Back to the seeded store and no hooks (latency and workers stay), then only the trigger listens.
  await admin(store, 'POST', '/reset');
  await subscribe(store, served.url);
  served.executions.length = 0;
  const waits: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: AT_A_TIME }, async () => {
      while (next < BURST) {
        next += 1;
        const delivery = await purchase(store);
        if (delivery.status !== 200) failed += 1;
        waits.push(delivery.durationMs);
      }
    }),
  );
  const answeredMs = performance.now() - started;
  await served.settled();
  const doneMs = performance.now() - started;
  const items = served.executions.flat();
  const verified = items.filter(
    (item) => (item.verification as { status?: string } | undefined)?.status === 'verified',
  );
  const lost = BURST - items.length;
  const late = waits.filter((wait) => wait >= STORE_LIMIT_MS).length;
  console.log(
    `  burst of ${BURST.toLocaleString('en-US')} purchases, ${AT_A_TIME} at a time, verification on: ${lost} lost, ${failed} deliveries failed, ${late} answered after ${STORE_LIMIT_MS / 1000} s; store waited median ${ms(median(waits))}, p95 ${ms(percentile(waits, 95))}, max ${ms(Math.max(...waits))}`,
  );
  console.log(
    `    ${(BURST / (answeredMs / 1000)).toFixed(1)} purchases/s answered (${(answeredMs / 1000).toFixed(1)} s); ${items.length} executions, ${verified.length} verified, all started in ${(doneMs / 1000).toFixed(1)} s (${(items.length / (doneMs / 1000)).toFixed(1)}/s)${served.errors.length ? `; errors: ${served.errors.slice(0, 3).join(' | ')}` : ''}`,
  );
}

async function buildPackage(): Promise<void> {
  await execa('npm', ['run', 'build:n8n'], { cwd: REPO_ROOT, stdio: 'ignore' });
}

export async function answerFirst(): Promise<void> {
  const store = await startSandboxProcess({ size: 2_000, latencyMs: LATENCY_MS, apiKey: KEY });
  const access = { url: store.url, apiKey: KEY, apiRoot: '/wp-json/sc/v1' };
  await buildPackage();
  const on = await serveTrigger(access, { ...PURCHASES, verifyDeliveries: true }, builtTrigger());
  const off = await serveTrigger(access, { ...PURCHASES, verifyDeliveries: false }, builtTrigger());
  const old = await verifyFirstReceiver(store.url);
  try {
    await putJson(`${store.url}/sandbox/v1/config`, { phpWorkers: PHP_WORKERS });
    console.log(
      `\nthe store's wait per delivery (sandbox in its own process, ${LATENCY_MS} ms per API answer, ${PHP_WORKERS} PHP workers; n8n trigger served over HTTP as in test/integration/n8n, not a real n8n; ${SEQUENTIAL} purchases, each delivered to all three at once):`,
    );
    const [offWaits = [], onWaits = [], oldWaits = []] = await storeWaits(store, [off.url, on.url, old.url]);
    await on.settled();
    await off.settled();
    console.log(line('n8n trigger, verification off', offWaits));
    console.log(line('n8n trigger, verification on (answers first)', onWaits));
    console.log(line('a receiver that verifies first (old order)', oldWaits));
    // Means, not medians: the store's clock counts whole milliseconds, and these waits are a few of them.
    const ratio = mean(onWaits) / Math.max(1, mean(offWaits));
    const verified = on.executions
      .flat()
      .filter((item) => (item.verification as { status?: string } | undefined)?.status === 'verified').length;
    console.log(
      `  verification on / off (means ${mean(onWaits).toFixed(1)} / ${mean(offWaits).toFixed(1)} ms): ${ratio.toFixed(2)}× (goal ≤ 1.2×); verify first / off: ${(mean(oldWaits) / Math.max(1, mean(offWaits))).toFixed(2)}×; verified executions: ${verified} of ${SEQUENTIAL}`,
    );
    console.log(
      `\nburst to the n8n trigger (same store; trigger served as in test/integration/n8n, not a real queue-mode n8n):`,
    );
    await burst(store, on);
  } finally {
    await on.close();
    await off.close();
    await old.close();
    await store.close();
  }
}
