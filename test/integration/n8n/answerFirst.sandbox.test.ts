/**
 * The n8n webhook trigger answers the store's delivery first and verifies in the execution, so a
 * small host (few PHP workers) is never deadlocked: the store's worker sends the delivery from inside
 * the request that made the change and waits for the answer, while the verification read needs a
 * worker of its own. The trigger is served over real HTTP (servedTrigger.ts) against the
 * sandbox with 1 and with 2 workers; purchases are made through the sandbox's admin API, as a
 * checkout would make them. With the verify-first trigger this suite fails: the store logs "no answer
 * within 5000 ms" for every purchase on one worker.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox, type SandboxDelivery } from '../../../sandbox';
import { StoreClient, httpRequest } from '../support/httpClient';
import { serveTrigger, type ServedTrigger } from '../support/servedTrigger';

const ANSWER_WITHIN_MS = 1000;
// Long enough for a verify-first trigger to fail on what the store logged, not on jest's clock.
jest.setTimeout(30_000);
const PURCHASES = { event: 'purchased', productId: '', planIds: [], pricesInCents: false, verifyDeliveries: true };

interface Fired {
  event: { resource: string; id: number };
  deliveries: SandboxDelivery[];
}

describe.each([1, 2])('the trigger answers first, on a store with %i PHP worker(s)', (workers) => {
  let sandbox: Sandbox;
  let store: StoreClient;
  let served: ServedTrigger;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, size: 60, seed: 18, phpWorkers: workers });
    store = new StoreClient(sandbox.url, sandbox.apiKey);
    served = await serveTrigger({ url: sandbox.url, apiKey: sandbox.apiKey, apiRoot: sandbox.apiRoot }, PURCHASES);
    await store.subscribe({ hook_url: served.url, status: 'purchased' });
  });
  afterAll(async () => {
    await served.settled();
    await served.close();
    await sandbox.close();
  });
  beforeEach(() => {
    served.executions.length = 0;
    served.logs.length = 0;
    served.errors.length = 0;
  });

  /** A purchase made the way a checkout makes it: through the store, which delivers it before it is done. */
  async function purchase(): Promise<Fired> {
    const answer = await httpRequest({
      method: 'POST',
      url: `${sandbox.url}/sandbox/v1/events`,
      body: { type: 'purchased' },
      timeoutMs: 15_000,
    });
    expect(answer.status).toBe(200);
    return answer.json<Fired>();
  }

  it('a purchase is answered 200 within 1 s, logged as a success, and starts one verified execution', async () => {
    const { event, deliveries } = await purchase();

    expect(deliveries).toEqual([expect.objectContaining({ hookUrl: served.url, status: 200 })]);
    expect(deliveries[0]).not.toHaveProperty('error');
    expect(deliveries[0]!.durationMs).toBeLessThan(ANSWER_WITHIN_MS);
    // The store's own delivery log agrees.
    const log = (await store.admin('GET', '/deliveries')).json<SandboxDelivery[]>();
    expect(log.at(-1)).toMatchObject({ hookUrl: served.url, status: 200 });

    await served.settled();
    expect(served.errors).toEqual([]);
    expect(served.executions).toEqual([
      [
        expect.objectContaining({
          trigger: 'purchased',
          id: event.id,
          verification: { status: 'verified', method: 'store' },
        }),
      ],
    ]);
  });

  it('purchases made at the same time are each answered within 1 s, and each starts a verified execution', async () => {
    const fired = await Promise.all([purchase(), purchase(), purchase()]);

    for (const { deliveries } of fired) {
      expect(deliveries).toEqual([expect.objectContaining({ status: 200 })]);
      expect(deliveries[0]!.durationMs).toBeLessThan(ANSWER_WITHIN_MS);
    }
    await served.settled();
    expect(served.errors).toEqual([]);
    const started = served.executions.flat();
    expect(started.map((item) => item.id).sort()).toEqual(fired.map(({ event }) => event.id).sort());
    for (const item of started) expect(item.verification).toEqual({ status: 'verified', method: 'store' });
  });

  it('a forged delivery is answered 200 like any other, and its execution ends with no item', async () => {
    const { deliveries } = await purchase();
    await served.settled();
    served.executions.length = 0;
    const genuine = deliveries[0]!.payload as IDataObject;

    const reply = await httpRequest({
      method: 'POST',
      url: served.url,
      body: { ...genuine, id: 987654 },
      timeoutMs: ANSWER_WITHIN_MS,
    });

    expect({ status: reply.status, body: reply.json() }).toEqual({ status: 200, body: { received: 1 } });
    await served.settled();
    expect(served.errors).toEqual([]);
    expect(served.executions).toEqual([[]]);
    expect(served.logs).toEqual([expect.stringMatching(/dropped a "purchased" delivery .*\(unknown-record\)/)]);
  });

  it('a store that cannot answer the read: the delivery is still answered at once, the execution marked unverified', async () => {
    sandbox.setFaults({ serverError: true, onlyPaths: '^/sc/v1/orders/' });
    try {
      const { deliveries } = await purchase();

      expect(deliveries).toEqual([expect.objectContaining({ status: 200 })]);
      expect(deliveries[0]!.durationMs).toBeLessThan(ANSWER_WITHIN_MS);
      await served.settled();
      expect(served.executions).toEqual([
        [expect.objectContaining({ verification: expect.objectContaining({ status: 'unverified' }) })],
      ]);
    } finally {
      sandbox.setFaults(null);
    }
  });
});
