/**
 * What each path costs a store, and what that costs in time: requests per path before and after the
 * process kept each store's zone and unit (`shared/src/siteMemory.ts`), 100 Gets in a row against a
 * store answering in 150 ms, and Return All of 10,000 orders at 100 ms a request against a plain
 * sequential loop. The counts are held exactly by test/integration/shared/requestCosts.sandbox.test.ts.
 */
import { performance } from 'node:perf_hooks';
import { collect, pollEvents, takeDelivery, testConnection } from '@commerce-service/shared';
import { SiteMemory } from '../../shared/src/siteMemory';
import { resolveStore } from '../../shared/src/config';
import { startSandbox } from '../../sandbox';
import { nodeTransport } from '../kit/nodeTransport';
import { createClient } from '../kit/client';
import { setTimeout as sleep } from 'node:timers/promises';
import { rawSequentialOrders } from './plainHttp';
import { startSandboxProcess } from './sandboxProcess';
import { allOrders, countingTransport } from './sharedClient';

const KEY = 'bench-costs-key';

/**
 * Requests per path with a fresh client each time and nothing kept (commit 7d1b404, the wire-count
 * test's table then, real profile).
 */
const BEFORE = {
  'Get of a recent order': 3,
  'Get of an older order': 4,
  'Get Many, 3 pages': 5,
  'quiet poll': 2,
  'poll with news': 2,
  'delivery, verified': 2,
  'delivery, verification off': 1,
} as const;

/** Measured at 7d1b404 on the bench machine (2 cores, under varying load), same store and sizes. */
const RATIO_BEFORE = '0.30x to 0.36x at 7d1b404, four runs';
const GETS_BEFORE = '46.4 s to 49.0 s, 300 requests at 7d1b404';

function client(url: string, memory: SiteMemory, transport = nodeTransport) {
  return createClient({
    settings: { storeUrl: url, apiKey: KEY },
    transport,
    memory,
    retry: { budgetMs: 25_000, sleep: (ms) => sleep(Math.max(0, ms)) },
  });
}

/** Requests of one call on a fresh client, with what the process knows (`memory`). */
async function counted(url: string, memory: SiteMemory, call: (c: ReturnType<typeof client>) => Promise<unknown>) {
  const wire = countingTransport();
  await call(client(url, memory, wire.transport));
  return wire.requests();
}

async function pathCounts(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, profile: 'real', apiKey: KEY, size: 400, seed: 7, quiet: true });
  try {
    const probe = client(sandbox.url, new SiteMemory());
    const orders = (await probe.listOrders({ per_page: 100 })).items;
    const recent = orders[0]?.id ?? 1;
    const older = orders[50]?.id ?? 1;
    const rows: [keyof typeof BEFORE, number, number][] = [];
    const coldWarm = async (label: keyof typeof BEFORE, call: (c: ReturnType<typeof client>) => Promise<unknown>) => {
      const memory = new SiteMemory();
      rows.push([label, await counted(sandbox.url, memory, call), await counted(sandbox.url, memory, call)]);
    };
    await coldWarm('Get of a recent order', (c) => c.getOrder(recent));
    await coldWarm('Get of an older order', (c) => c.getOrder(older));
    await coldWarm('Get Many, 3 pages', (c) => collect(c.iterate((page) => c.listOrders(page), { limit: 300 })));

    // Polls: each in a fresh process (its own memory), the trigger's state kept.
    const first = await pollEvents({ client: probe, filters: { event: 'purchased' }, state: undefined });
    const poll = (state: unknown) => (c: ReturnType<typeof client>) =>
      pollEvents({ client: c, filters: { event: 'purchased' }, state });
    rows.push([
      'quiet poll',
      await counted(sandbox.url, new SiteMemory(), poll(first.state)),
      await counted(sandbox.url, new SiteMemory(), poll(first.state)),
    ]);
    // A poll with news keeps the zone its subscription lookup read in the state: the next one starts from it.
    await sandbox.fireEvent({ type: 'purchased' });
    let afterNews: unknown;
    const newsCold = await counted(sandbox.url, new SiteMemory(), async (c) => {
      afterNews = (await poll(first.state)(c)).state;
    });
    await sandbox.fireEvent({ type: 'purchased' });
    rows.push(['poll with news', newsCold, await counted(sandbox.url, new SiteMemory(), poll(afterNews))]);

    // A purchase as the store delivers it; the real profile carries the secret, so verification
    // compares it and reads nothing: the spec profile's delivery is read back.
    const spec = await startSandbox({ port: 0, profile: 'spec', apiKey: KEY, size: 50, seed: 7, quiet: true });
    try {
      // A hook nobody listens on: the store still records what it sent.
      await client(spec.url, new SiteMemory()).subscribeHook({
        hook_url: 'http://127.0.0.1:9/hook',
        status: 'purchased',
      });
      const [delivered] = await spec.fireEvent({ type: 'purchased' });
      const body: unknown = delivered?.payload;
      for (const [label, verify] of [
        ['delivery, verified', true],
        ['delivery, verification off', false],
      ] as const) {
        const memory = new SiteMemory();
        const setup = { event: 'purchased', verify, productId: undefined, planIds: [], pricesInCents: false };
        const deliver = (c: ReturnType<typeof client>) =>
          takeDelivery(body, setup, { client: () => c, log: { info: () => undefined, warn: () => undefined } });
        rows.push([label, await counted(spec.url, memory, deliver), await counted(spec.url, memory, deliver)]);
      }
    } finally {
      await spec.close();
    }
    console.log('requests per path (sandbox; before: a fresh client, nothing kept | after: cold process, then warm):');
    for (const [label, cold, warm] of rows)
      console.log(`  ${label.padEnd(28)} before ${BEFORE[label]} | after ${cold} cold, ${warm} warm`);
  } finally {
    await sandbox.close();
  }
}

async function timings(): Promise<void> {
  const store = await startSandboxProcess({ size: 10_000, latencyMs: 150, apiKey: KEY });
  try {
    const [order] = (await client(store.url, new SiteMemory()).listOrders({ per_page: 1 })).items;
    const id = order?.id ?? 1;
    console.log(`100 Gets in a row, a fresh client each, store answering in 150 ms, before: ${GETS_BEFORE}`);
    const oneProcess = new SiteMemory();
    for (const [label, memoryOf] of [
      ['a fresh process each', () => new SiteMemory()],
      ['one process', () => oneProcess],
    ] as const) {
      const wire = countingTransport();
      const started = performance.now();
      for (let i = 0; i < 100; i += 1) await client(store.url, memoryOf(), wire.transport).getOrder(id);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `100 Gets in a row, a fresh client each, store answering in 150 ms, ${label}: ${seconds.toFixed(2)} s, ${wire.requests()} requests`,
      );
    }

    await store.setLatency(100);
    // One unmeasured pass so neither side pays for compilation or the store's first sort.
    const memory = new SiteMemory();
    await collect(allOrders(client(store.url, memory)));
    let started = performance.now();
    const raw = await rawSequentialOrders(store.url, KEY);
    const plain = performance.now() - started;
    for (const [label, kept] of [
      ['cold', new SiteMemory()],
      ['warm', memory],
    ] as const) {
      const wire = countingTransport();
      started = performance.now();
      const records = await collect(allOrders(client(store.url, kept, wire.transport)));
      const shared = performance.now() - started;
      console.log(
        `Return All of ${records.length} orders at 100 ms/request (${label}): plain sequential ${(plain / 1000).toFixed(2)} s (${raw.pages} pages), ` +
          `shared client ${(shared / 1000).toFixed(2)} s in ${wire.requests()} requests -> ${(shared / plain).toFixed(2)}x (goal <= 0.3x; before: ${RATIO_BEFORE})`,
      );
    }
  } finally {
    await store.close();
  }
}

/**
 * Requests of the connection test, API Root left empty, the first time and with what was found kept.
 * Before (c6a7585, no discovery): one validate request, and on plain permalinks it failed there.
 */
const CONNECTION_BEFORE = { pretty: '1', plain: '1 (failed: API Root had to be typed)' } as const;

async function connectionCounts(): Promise<void> {
  console.log('first connection (sandbox, API Root empty; before | after: first, then kept for the store):');
  for (const permalinks of ['pretty', 'plain'] as const) {
    const sandbox = await startSandbox({
      port: 0,
      apiKey: KEY,
      size: 50,
      quiet: true,
      deviations: { plainPermalinks: permalinks === 'plain' },
    });
    try {
      const memory = new SiteMemory();
      const connect = async (): Promise<string> => {
        const wire = countingTransport();
        const c = createClient({
          settings: { storeUrl: sandbox.url, apiKey: KEY, apiRoot: '' },
          transport: wire.transport,
          memory,
        });
        const outcome = await testConnection(c).then(
          () => '',
          () => ' (failed)',
        );
        return `${wire.requests()}${outcome}`;
      };
      const first = await connect();
      const kept = await connect();
      // The clients below know where the API is, not the zone or the unit: a Get's own cold and warm costs.
      const typed = resolveStore({ storeUrl: sandbox.url, apiKey: KEY, apiRoot: '' });
      const knowingApi = (): SiteMemory => {
        const known = new SiteMemory();
        const found = memory.recall(typed, 'api');
        if (found) known.keep(typed, 'api', found);
        return known;
      };
      console.log(
        `  connection test, ${permalinks} permalinks`.padEnd(44) +
          ` before ${CONNECTION_BEFORE[permalinks]} | after ${first} first, ${kept} kept`,
      );
      const [order] = (
        await createClient({
          settings: { storeUrl: sandbox.url, apiKey: KEY, apiRoot: '' },
          transport: nodeTransport,
          memory: knowingApi(),
        }).listOrders({ per_page: 1 })
      ).items;
      const getMemory = knowingApi();
      const get = async (): Promise<number> => {
        const wire = countingTransport();
        await createClient({
          settings: { storeUrl: sandbox.url, apiKey: KEY, apiRoot: '' },
          transport: wire.transport,
          memory: getMemory,
        }).getOrder(order?.id ?? 1);
        return wire.requests();
      };
      console.log(
        `  Get of an order after it, ${permalinks} permalinks`.padEnd(44) + ` ${await get()} then ${await get()} warm`,
      );
    } finally {
      await sandbox.close();
    }
  }
}

export async function storeRequests(): Promise<void> {
  await pathCounts();
  await connectionCounts();
  await timings();
}
