/**
 * Reads at scale against the sandbox over real HTTP: Return All in parallel rides out a few 429s and
 * 500s with every record exactly once; Find Customer by Email on both profiles; the latency setting.
 * Nothing here is timed beyond "at least the latency asked for".
 */
import {
  type CommerceServiceClient,
  type HttpRequest,
  type Order,
  type Transport,
  collect,
} from '@commerce-service/shared';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { startSandbox, type Sandbox, type SandboxProfile } from '../../../sandbox';
import { createClient } from '../../../scripts/kit/client';
import { httpRequest } from '../support/httpClient';
import { useSandbox } from '../support/sandbox';

const KEY = 'reads-at-scale-key-91';

/** nodeTransport, counting requests and keeping the highest number at once. */
function countingTransport(): Transport & { requests: HttpRequest[]; maxInFlight: () => number } {
  const requests: HttpRequest[] = [];
  let inFlight = 0;
  let most = 0;
  return {
    requests,
    maxInFlight: () => most,
    sendsGetBody: nodeTransport.sendsGetBody,
    async send(request) {
      requests.push(request);
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await nodeTransport.send(request);
      } finally {
        inFlight -= 1;
      }
    },
  };
}

/** The waits the client asked for, in ms: each returns at once (the faults clear by count, not by time). */
let waits: number[] = [];
const recordedSleep = (ms: number): Promise<void> => {
  waits.push(ms);
  return Promise.resolve();
};
beforeEach(() => {
  waits = [];
});

function retryingClient(sandbox: Sandbox, transport: Transport = nodeTransport): CommerceServiceClient {
  return createClient({
    settings: { storeUrl: sandbox.url, apiKey: KEY },
    transport,
    timeoutMs: 5000,
    retry: { budgetMs: 25_000, sleep: recordedSleep },
    // The zone is known: these tests count the list's own requests (docs/dates.md has the zone read).
    siteZone: { kind: 'named', name: 'UTC' },
  });
}

async function adminConfig(sandbox: Sandbox): Promise<{ faults: unknown; latencyMs: number }> {
  return (await httpRequest({ url: `${sandbox.url}/sandbox/v1/config` })).json();
}

const ascending = (client: CommerceServiceClient) => (page: { page?: number; per_page?: number }) =>
  client.listOrders({ ...page, orderby: 'id', order: 'asc' });

function expectEveryOrderOnce(orders: Order[], total: number): void {
  const ids = orders.map((order) => order.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(total);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
}

describe('Return All in parallel under faults limited to a few requests', () => {
  const sandbox = useSandbox({ apiKey: KEY, size: 3000, seed: 11 });
  let total: number;

  beforeAll(async () => {
    total = (await retryingClient(sandbox).listOrders({ per_page: 1 })).total ?? 0;
    expect(total).toBe(3000);
  });

  test('without faults: every order once, in order, 4 requests at a time', async () => {
    const transport = countingTransport();
    const client = retryingClient(sandbox, transport);
    expectEveryOrderOnce(await collect(client.iterate(ascending(client), { perPage: 100 })), total);
    expect(transport.requests).toHaveLength(30);
    expect(transport.maxInFlight()).toBe(4);
  });

  test('two 429s in the middle of the walk: waited out, then one request at a time; every order once', async () => {
    const transport = countingTransport();
    const client = retryingClient(sandbox, transport);
    const walk = client.iterate(ascending(client), { perPage: 100 });
    const first = await walk.next();
    sandbox.setFaults({ rateLimit: { retryAfterSeconds: 1 }, onlyPaths: 'orders', times: 2 });
    const rest = await collect({ [Symbol.asyncIterator]: () => walk });
    expectEveryOrderOnce([first.value as Order, ...rest], total);
    // Both 429s were served (the fault cleared itself), waited out for their Retry-After, and retried:
    // 30 pages + 2 retries.
    expect((await adminConfig(sandbox)).faults).toBeNull();
    expect(waits).toEqual([1000, 1000]);
    expect(transport.requests).toHaveLength(32);
  });

  test('a 429 on the very first page is waited out too', async () => {
    sandbox.setFaults({ rateLimit: { retryAfterSeconds: 1 }, onlyPaths: 'orders', times: 1 });
    const client = retryingClient(sandbox);
    expectEveryOrderOnce(await collect(client.iterate(ascending(client))), total);
    expect((await adminConfig(sandbox)).faults).toBeNull();
    expect(waits).toEqual([1000]);
  });

  test('a 500 in the middle of the walk is retried once; every order once', async () => {
    const transport = countingTransport();
    const client = retryingClient(sandbox, transport);
    const walk = client.iterate(ascending(client), { perPage: 100 });
    const first = await walk.next();
    sandbox.setFaults({ serverError: true, onlyPaths: 'orders', times: 1 });
    const rest = await collect({ [Symbol.asyncIterator]: () => walk });
    expectEveryOrderOnce([first.value as Order, ...rest], total);
    expect((await adminConfig(sandbox)).faults).toBeNull();
    expect(transport.requests).toHaveLength(31);
  });

  test('without retries the same 429 still ends the walk with a RateLimitError (the adapter decides)', async () => {
    const client = createClient({ settings: { storeUrl: sandbox.url, apiKey: KEY }, transport: nodeTransport });
    sandbox.setFaults({ rateLimit: { retryAfterSeconds: 7 }, onlyPaths: 'orders', times: 1 });
    await expect(collect(client.iterate(ascending(client)))).rejects.toMatchObject({
      name: 'RateLimitError',
      retryAfterSeconds: 7,
    });
  });
});

describe.each<SandboxProfile>(['spec', 'real'])('Find Customer by Email (%s profile)', (profile) => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, apiKey: KEY, profile, size: 8000, seed: 5 });
  });
  afterAll(() => sandbox.close());

  test('finds a customer deep in the list by email, trimmed and in another case, without reading past the window', async () => {
    const plain = retryingClient(sandbox);
    const { items, totalPages } = await plain.listCustomers({ page: 3, per_page: 100 });
    expect(totalPages).toBeGreaterThan(8);
    const wanted = items[40]!;
    const transport = countingTransport();
    const client = retryingClient(sandbox, transport);
    const found = await client.findCustomerByEmail(`  ${wanted.email.toUpperCase()} `);
    expect(found).toEqual(wanted);
    // Page 1, then a window of 4 pages kept ahead of the consumer: found on page 3, nothing past page 3 + 4.
    // The customers list's pages (the unit of amounts is read once besides, docs/amounts.md).
    const asked = transport.requests.filter((r) => /customers/.test(r.url)).map((r) => Number(r.query.page));
    expect(Math.max(...asked)).toBeLessThanOrEqual(7);
    expect(new Set(asked).size).toBe(asked.length);
  });

  test('an unknown email reads every page once and is null', async () => {
    const transport = countingTransport();
    const client = retryingClient(sandbox, transport);
    const { totalPages } = await client.listCustomers({ per_page: 100 });
    transport.requests.length = 0;
    await expect(client.findCustomerByEmail('nobody-at-all@example.invalid')).resolves.toBeNull();
    expect(transport.requests.map((r) => Number(r.query.page)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: totalPages ?? 0 }, (_, i) => i + 1),
    );
  });
});

describe('sandbox latency setting', () => {
  test('start option, setLatency and the config admin API; the admin API itself is never slowed', async () => {
    const sandbox = await startSandbox({ port: 0, apiKey: KEY, size: 20, latencyMs: 60 });
    try {
      const client = retryingClient(sandbox);
      let started = Date.now();
      await client.listProducts();
      expect(Date.now() - started).toBeGreaterThanOrEqual(55);
      expect((await adminConfig(sandbox)).latencyMs).toBe(60);

      const put = await httpRequest({
        method: 'PUT',
        url: `${sandbox.url}/sandbox/v1/config`,
        body: { latencyMs: 120 },
      });
      expect(put.status).toBe(200);
      expect(put.json<{ latencyMs: number }>().latencyMs).toBe(120);
      started = Date.now();
      await client.listProducts();
      expect(Date.now() - started).toBeGreaterThanOrEqual(115);

      const bad = await httpRequest({
        method: 'PUT',
        url: `${sandbox.url}/sandbox/v1/config`,
        body: { latencyMs: -1 },
      });
      expect(bad.status).toBe(400);

      sandbox.setLatency(0);
      expect((await adminConfig(sandbox)).latencyMs).toBe(0);
      expect(() => sandbox.setLatency(Number.NaN)).toThrow(/latencyMs/);
    } finally {
      await sandbox.close();
    }
  });
});
