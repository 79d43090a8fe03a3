import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { httpRequest } from '../support/httpClient';
import { useSandboxStore } from '../support/sandbox';

/**
 * `phpWorkers`: a small host. Each API request, and each store event with its deliveries, holds one
 * worker; the others queue. A receiver that reads the store back before it answers then waits for the
 * worker its own delivery holds, until the delivery's time is up (here 800 ms instead of 5 s).
 */
const DELIVERY_TIMEOUT_MS = 800;
const { sandbox, store } = useSandboxStore({ size: 40, seed: 3, deliveryTimeoutMs: DELIVERY_TIMEOUT_MS });
let orderIds: number[];

beforeAll(async () => {
  orderIds = (await store.rest('/orders', { query: { per_page: 2 } })).json<{ id: number }[]>().map(({ id }) => id);
});
beforeEach(() => {
  sandbox.setPhpWorkers(null);
  sandbox.setLatency(0);
});

/** A receiver that reads the delivered order back from the store, before or after answering. */
async function readingReceiver(order: 'read-then-answer' | 'answer-then-read') {
  const reads: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
      const read = async (): Promise<void> => {
        const answer = await store.rest(`/orders/${id}`);
        reads.push(answer.status);
      };
      const answer = (): void => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{}');
      };
      if (order === 'answer-then-read') {
        answer();
        void read();
      } else void read().then(answer, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, reads, close };
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached within 2 s');
}

interface Usage {
  workers: number | null;
  busy: number;
  waiting: number;
}
const usage = async (): Promise<Usage> => (await store.admin('GET', '/activity')).json<{ workers: Usage }>().workers;

describe('one PHP worker', () => {
  /** One purchase delivered to a receiver that reads the order back; its delivery once its read is served. */
  async function deliverToReadingReceiver(order: 'read-then-answer' | 'answer-then-read') {
    sandbox.setPhpWorkers(1);
    const receiver = await readingReceiver(order);
    try {
      await store.subscribe({ hook_url: receiver.url, status: 'purchased' });
      const [delivery] = await sandbox.fireEvent({ type: 'purchased' });
      await until(() => receiver.reads.length === 1);
      return { delivery, reads: receiver.reads };
    } finally {
      await receiver.close();
    }
  }

  it('a receiver that reads the store before answering holds up its own delivery until the time is up', async () => {
    const { delivery, reads } = await deliverToReadingReceiver('read-then-answer');

    expect(delivery).toMatchObject({ status: null, error: `no answer within ${DELIVERY_TIMEOUT_MS} ms` });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS);
    // The read got a worker only once the event gave its own back.
    expect(reads).toEqual([200]);
  });

  it('a receiver that answers first is logged as a success, and its read is served after', async () => {
    const { delivery, reads } = await deliverToReadingReceiver('answer-then-read');

    expect(delivery).toMatchObject({ status: 200 });
    expect(delivery).not.toHaveProperty('error');
    expect(reads).toEqual([200]);
  });

  it('API requests queue for the worker: the dashboard activity shows one busy and one waiting', async () => {
    sandbox.setPhpWorkers(1);
    sandbox.setLatency(400);
    const first = store.rest(`/orders/${orderIds[0]}`);
    const second = store.rest(`/orders/${orderIds[1]}`);

    await until(async () => (await usage()).waiting === 1);
    expect(await usage()).toEqual({ workers: 1, busy: 1, waiting: 1 });
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(await usage()).toEqual({ workers: 1, busy: 0, waiting: 0 });
  });
});

describe('the setting', () => {
  it('is unlimited by default, settable through the admin API, and checked', async () => {
    expect((await store.admin('GET', '/config')).json()).toMatchObject({ phpWorkers: null });

    const two = await store.admin('PUT', '/config', { phpWorkers: 2 });
    expect(two.status).toBe(200);
    expect(two.json()).toMatchObject({ phpWorkers: 2 });
    expect((await store.admin('GET', '/activity')).json()).toMatchObject({
      workers: { workers: 2, busy: 0, waiting: 0 },
    });

    for (const bad of [0, -1, 1.5, '2']) {
      const answer = await store.admin('PUT', '/config', { phpWorkers: bad });
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({ message: expect.stringMatching(/phpWorkers must be/) });
    }

    expect((await store.admin('PUT', '/config', { phpWorkers: null })).json()).toMatchObject({ phpWorkers: null });
  });

  it('stays across a reset', async () => {
    sandbox.setPhpWorkers(3);
    await store.admin('POST', '/reset');
    expect((await store.admin('GET', '/config')).json()).toMatchObject({ phpWorkers: 3 });
  });
});

describe('the admin API and the dashboard never wait for a worker', () => {
  it('answer while the only worker is busy', async () => {
    sandbox.setPhpWorkers(1);
    sandbox.setLatency(600);
    const slow = store.rest(`/orders/${orderIds[0]}`);
    await until(async () => (await usage()).busy === 1);

    const page = await httpRequest({ url: `${sandbox.url}/`, timeoutMs: 300 });
    expect(page.status).toBe(200);
    expect(await usage()).toMatchObject({ busy: 1 });
    expect((await slow).status).toBe(200);
  });
});
