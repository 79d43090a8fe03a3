/**
 * What each path costs the store, counted on the wire against the sandbox over real HTTP: every
 * request sent, the WordPress REST index read for the site's zone included, in a fresh process
 * (`cold`) and once the same process served that store (`warm`). Through the shared client, and
 * through the n8n nodes and the Zapier app (the sandbox's request log). The docs' numbers are
 * `STORE_REQUESTS` (scripts/kit/requestCosts.ts), which `npm run docs:check` holds them to.
 */
import * as http from 'node:http';
import type { IDataObject } from 'n8n-workflow';
import type * as ActionNode from '../../../n8n/nodes/CommerceService/CommerceService.node';
import type * as PollingNode from '../../../n8n/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node';
import type * as WebhookNode from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import {
  pollEvents,
  takeDelivery,
  type CommerceServiceClient,
  type HttpRequest,
  type Transport,
  type TriggerSetup,
} from '@commerce-service/shared';
import { SiteMemory } from '../../../shared/src/siteMemory';
import { createClient } from '../../../scripts/kit/client';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { STORE_REQUESTS, UNIT_READS, ZONE_READ } from '../../../scripts/kit/requestCosts';
import { startSandbox, type Sandbox, type SandboxProfile } from '../../../sandbox';
import { fakeExecute, fakePoll } from '../../unit/support/n8n/context';
import { runDelivery } from '../../unit/support/n8n/delivery';
import type * as ZapierSupport from '../support/zapier';
import { authFor } from '../support/zapier';

const KEY = 'costs-key-4c2d';
const silent = { info: () => undefined, warn: () => undefined };

/**
 * The n8n nodes and the Zapier app as a fresh process loads them: each adapter makes its own memory of
 * the stores' sites when it is loaded, so nothing is kept yet.
 */
function freshProcess() {
  let loaded: {
    CommerceService: typeof ActionNode.CommerceService;
    CommerceServicePollingTrigger: typeof PollingNode.CommerceServicePollingTrigger;
    CommerceServiceTrigger: typeof WebhookNode.CommerceServiceTrigger;
    zapier: typeof ZapierSupport;
  };
  jest.isolateModules(() => {
    loaded = {
      CommerceService: (require('../../../n8n/nodes/CommerceService/CommerceService.node') as typeof ActionNode)
        .CommerceService,
      CommerceServicePollingTrigger: (
        require('../../../n8n/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node') as typeof PollingNode
      ).CommerceServicePollingTrigger,
      CommerceServiceTrigger: (
        require('../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node') as typeof WebhookNode
      ).CommerceServiceTrigger,
      zapier: require('../support/zapier') as typeof ZapierSupport,
    };
  });
  return loaded!;
}

interface Counted {
  client: CommerceServiceClient;
  /** Store requests (latest-orders for the unit of amounts included), then index reads (the site's zone). */
  count(): { store: number; index: number; total: number };
  /** Of the store requests, those to latest-orders (how the client tells the unit of REST amounts). */
  latest(): number;
}

/**
 * A client over a transport that counts, as each poll, delivery and node run makes one. `memory`: what
 * the process knows of the store's site; a new one (the default) is a fresh process.
 */
function countedClient(sandbox: Sandbox, memory = new SiteMemory()): Counted {
  const sent: HttpRequest[] = [];
  const transport: Transport = {
    sendsGetBody: nodeTransport.sendsGetBody,
    send: (request) => {
      sent.push(request);
      return nodeTransport.send(request);
    },
  };
  const client = createClient({
    settings: { storeUrl: sandbox.url, apiKey: KEY },
    transport,
    timeoutMs: 5000,
    memory,
  });
  return {
    client,
    count() {
      const index = sent.filter(
        (request) => /\/wp-json\/$/.test(request.url) || request.query.rest_route === '/',
      ).length;
      return { store: sent.length - index, index, total: sent.length };
    },
    latest: () => sent.filter((request) => request.url.includes('/webhook/latest-orders/')).length,
  };
}

/** Every amount of a record, as the store sent it (`<field>_sent`, nested items too), is whole. */
function wholeAmountsAsSent(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(wholeAmountsAsSent);
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(([key, field]) =>
    key.endsWith('_sent') ? typeof field !== 'number' || Number.isInteger(field) : wholeAmountsAsSent(field),
  );
}

async function startCatcher(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const setupOf = (verify: boolean): TriggerSetup => ({
  event: 'purchased',
  verify,
  productId: undefined,
  planIds: [],
  pricesInCents: false,
});

describe.each<SandboxProfile>(['spec', 'real'])('what each path costs the store (%s profile)', (profile) => {
  let sandbox: Sandbox;
  let catcher: Awaited<ReturnType<typeof startCatcher>>;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, profile, apiKey: KEY, size: 400, seed: 7, quiet: true });
    catcher = await startCatcher();
  });
  afterEach(() => {
    sandbox.reset();
    catcher.bodies.length = 0;
  });
  afterAll(async () => {
    await catcher.close();
    await sandbox.close();
  });

  /** A poll in a fresh process (its own memory), with the trigger's state as the last poll left it. */
  async function poll(state: unknown) {
    const counted = countedClient(sandbox);
    const result = await pollEvents({ client: counted.client, filters: { event: 'purchased' }, state, logger: silent });
    const kept = JSON.parse(JSON.stringify(result.state)) as { amountUnit?: string };
    const cost = counted.count();
    return { state: kept, events: result.events.length, pages: result.requests, cost, latest: counted.latest() };
  }

  test('a first poll, a quiet poll and a poll with news, each in a fresh process', async () => {
    const first = await poll(undefined);
    expect(first.events).toBe(0);
    // The first poll (its pages, to remember them) tells the unit of REST amounts and keeps it in the
    // state: one latest-orders read, or none when the store sent a fractional amount (decimals proved).
    expect(first.state.amountUnit).toBe(profile === 'real' ? 'cents' : 'decimal');
    expect(first.latest).toBeLessThanOrEqual(UNIT_READS.recentOrderInHand);
    // Real stores send whole cents: the reading is always made there.
    expect({ profile, latest: first.latest }).toEqual({
      profile,
      latest: profile === 'real' ? UNIT_READS.recentOrderInHand : expect.any(Number),
    });
    // Orders hold UTC times only: no zone read.
    expect(first.cost).toEqual({ store: first.pages + first.latest, index: 0, total: first.pages + first.latest });
    const quiet = await poll(first.state);
    expect(quiet.events).toBe(0);
    expect(quiet.latest).toBe(0);
    expect(quiet.cost).toEqual({ store: 1, index: 0, total: STORE_REQUESTS.quietPoll.cold });

    await sandbox.fireEvent({ type: 'purchased' });
    const news = await poll(quiet.state);
    expect(news.events).toBe(1);
    expect(news.latest).toBe(0);
    expect(news.cost).toEqual({ store: 2, index: ZONE_READ, total: STORE_REQUESTS.pollWithNews.cold });

    // The zone read for the subscriptions' invoices is kept in the state: a later poll with news skips it.
    await sandbox.fireEvent({ type: 'purchased' });
    const more = await poll(news.state);
    expect(more.events).toBe(1);
    expect(more.cost).toEqual({ store: 2, index: 0, total: STORE_REQUESTS.pollWithNews.warm });
  });

  /** One store event delivered to a hook, as the trigger receives it. */
  async function delivery(): Promise<string> {
    const subscriber = countedClient(sandbox).client;
    const hook = await subscriber.subscribeHook({ hook_url: catcher.url, status: 'purchased' });
    await sandbox.fireEvent({ type: 'purchased' });
    await subscriber.deleteHook(hook.id);
    const body = catcher.bodies.at(-1);
    if (!body) throw new Error('no delivery');
    return body;
  }

  /** One delivery admitted by the trigger (verification on or off): the one record it hands on, and what it cost. */
  async function admitOne(verify: boolean, memory?: SiteMemory) {
    const body = await delivery();
    const counted = countedClient(sandbox, memory);
    const records = await takeDelivery(JSON.parse(body), setupOf(verify), {
      client: () => counted.client,
      log: silent,
    });
    expect(records).toHaveLength(1);
    return { record: records[0], cost: counted.count() };
  }

  test(
    profile === 'real'
      ? 'a delivery of one event proved by its secret (verification on): no request, cold or warm'
      : 'a delivery of one event verified with the store: the read, cold or warm',
    async () => {
      const memory = new SiteMemory();
      for (const temperature of ['cold', 'warm'] as const) {
        const { record, cost } = await admitOne(true, memory);
        // Amounts as the hook sent them: no reading of the REST unit; a purchase's times are UTC: no zone.
        expect(record).toMatchObject({ amount_unit: 'decimal' });
        if (profile === 'real') {
          expect(record).toMatchObject({ verification: { status: 'verified', method: 'secret' } });
          expect(cost).toEqual({ store: 0, index: 0, total: STORE_REQUESTS.deliveryProvedBySecret[temperature] });
        } else {
          expect(record).toMatchObject({ verification: { status: 'verified', method: 'store' } });
          expect(cost).toEqual({ store: 1, index: 0, total: STORE_REQUESTS.deliveryVerified[temperature] });
        }
      }
    },
  );

  test(
    profile === 'real'
      ? 'a delivery of one event proved by its secret, verification off: no request'
      : 'a delivery of one event with verification off (no secret on the wire): no request',
    async () => {
      const { record, cost } = await admitOne(false);
      if (profile === 'real') expect(record).toMatchObject({ verification: { method: 'secret' } });
      else expect(record).not.toHaveProperty('verification');
      expect(cost).toEqual({
        store: 0,
        index: 0,
        total: profile === 'real' ? STORE_REQUESTS.deliveryProvedBySecret.cold : STORE_REQUESTS.deliveryUnverified.cold,
      });
    },
  );

  test('a Get of a recent order and of an older one, and a Get Many of 3 pages, cold then warm', async () => {
    const get = countedClient(sandbox);
    const [order] = (await get.client.listOrders({ per_page: 1 })).items;
    // The newest order in hand: latest-orders alone tells the unit.
    expect({ ...get.count(), latest: get.latest() }).toEqual({ store: 2, index: 0, total: 2, latest: 1 });
    const memory = new SiteMemory();
    const fresh = countedClient(sandbox, memory);
    const read = await fresh.client.getOrder(order!.id);
    expect((read as Record<string, unknown>).amount_unit).toBe('decimal');
    expect(fresh.latest()).toBe(1);
    expect(fresh.count()).toEqual({ store: 2, index: 0, total: STORE_REQUESTS.get.cold });
    const warm = countedClient(sandbox, memory);
    await warm.client.getOrder(order!.id);
    expect(warm.count()).toEqual({ store: 1, index: 0, total: STORE_REQUESTS.get.warm });

    const many = countedClient(sandbox);
    const records = [];
    for await (const record of many.client.iterate((params) => many.client.listOrders(params), { limit: 250 })) {
      records.push(record);
    }
    expect(records).toHaveLength(250);
    // A fractional amount as sent proves decimals with no request (the spec profile's sandbox may send
    // one); real stores send whole cents, and the docs' figure is theirs.
    const unitReads = records.every(wholeAmountsAsSent) ? UNIT_READS.recentOrderInHand : 0;
    expect(many.latest()).toBe(unitReads);
    expect(many.count()).toEqual({
      store: 3 + unitReads,
      index: 0,
      total: STORE_REQUESTS.getManyOfPages(3).cold - UNIT_READS.recentOrderInHand + unitReads,
    });
    const manyWarm = countedClient(sandbox, memory);
    await manyWarm.client.listOrders({ per_page: 100 });
    await manyWarm.client.listOrders({ page: 2, per_page: 100 });
    await manyWarm.client.listOrders({ page: 3, per_page: 100 });
    expect(manyWarm.count()).toEqual({ store: 3, index: 0, total: STORE_REQUESTS.getManyOfPages(3).warm });

    // An order not among the 10 most recent, in whole units as sent (a fractional amount would prove
    // decimals without a request): latest-orders, then one recent order to compare with.
    const whole = records
      .slice(10)
      .find(
        (record) => Number((record as Record<string, unknown>).order_amount_sent) > 0 && wholeAmountsAsSent(record),
      );
    const olderMemory = new SiteMemory();
    const older = countedClient(sandbox, olderMemory);
    await older.client.getOrder(whole!.id);
    expect(older.latest()).toBe(1);
    expect(older.count()).toEqual({ store: 3, index: 0, total: STORE_REQUESTS.getOlder.cold });
    const olderWarm = countedClient(sandbox, olderMemory);
    await olderWarm.client.getOrder(whole!.id);
    expect(olderWarm.count()).toEqual({ store: 1, index: 0, total: STORE_REQUESTS.getOlder.warm });
  });

  test('a customer (site-local dates) reads the zone once per process', async () => {
    const memory = new SiteMemory();
    const [customer] = (await countedClient(sandbox).client.listCustomers({ per_page: 1 })).items;
    const cold = countedClient(sandbox, memory);
    await cold.client.getCustomer(customer!.id);
    // A customer's amounts also take the unit: latest-orders, then a recent order (none is in hand).
    expect(cold.count()).toEqual({
      store: 1 + UNIT_READS.otherwise,
      index: ZONE_READ,
      total: 1 + ZONE_READ + UNIT_READS.otherwise,
    });
    const warm = countedClient(sandbox, memory);
    await warm.client.getCustomer(customer!.id);
    expect(warm.count()).toEqual({ store: 1, index: 0, total: 1 });
  });

  describe('through the n8n nodes and the Zapier app (the sandbox request log)', () => {
    const auth = () => authFor(sandbox, KEY);
    /** What one step sent the site: every request the sandbox logged while it ran. */
    async function requestsOf(step: () => Promise<unknown>): Promise<string[]> {
      sandbox.clearRequests();
      await step();
      return sandbox.requests();
    }
    const n8nGet = (process: ReturnType<typeof freshProcess>, parameters: IDataObject) => async () => {
      const { context } = fakeExecute({ credentials: auth(), parameters });
      return new process.CommerceService().execute.call(context);
    };
    const isIndex = (line: string) => /^GET \/wp-json\/(\?|$)/.test(line);

    test('n8n Get and Zapier Find Order: cold, then warm in the same process', async () => {
      const [order] = (await countedClient(sandbox).client.listOrders({ per_page: 1 })).items;
      const unitReads = wholeAmountsAsSent(order) ? UNIT_READS.recentOrderInHand : 0;
      const parameters = { resource: 'order', operation: 'get', orderId: String(order!.id) };
      const find =
        ({ zapier }: ReturnType<typeof freshProcess>) =>
        () =>
          zapier.run(zapier.SEARCH_PERFORMS.find_order, {
            authData: auth(),
            inputData: { order_id: String(order!.id) },
          });

      const process = freshProcess();
      const cold = await requestsOf(n8nGet(process, parameters));
      expect(cold).toHaveLength(STORE_REQUESTS.get.cold - UNIT_READS.recentOrderInHand + unitReads);
      expect(cold.filter(isIndex)).toEqual([]);
      expect(await requestsOf(n8nGet(process, parameters))).toHaveLength(STORE_REQUESTS.get.warm);
      // The Zapier app keeps its own memory: its first step in this process is cold.
      expect(await requestsOf(find(process))).toHaveLength(
        STORE_REQUESTS.get.cold - UNIT_READS.recentOrderInHand + unitReads,
      );
      expect(await requestsOf(find(process))).toHaveLength(STORE_REQUESTS.get.warm);
    });

    test('n8n polling trigger: quiet polls and a poll with news, in a fresh process', async () => {
      // A poll knows the site by its own state (n8n's static data, kept), never by what the process
      // keeps: each poll costs what it would in a fresh process.
      const polling = new (freshProcess().CommerceServicePollingTrigger)();
      const staticData: IDataObject = {};
      const pollOnce = () => {
        const { context } = fakePoll({
          credentials: auth(),
          parameters: { event: 'purchased', productId: '', planIds: [] },
          staticData,
        });
        return polling.poll.call(context);
      };
      await requestsOf(pollOnce);
      expect(await requestsOf(pollOnce)).toHaveLength(STORE_REQUESTS.quietPoll.cold);
      await sandbox.fireEvent({ type: 'purchased' });
      let emitted: unknown;
      const news = await requestsOf(async () => (emitted = await pollOnce()));
      expect((emitted as unknown[][] | null)?.[0]).toHaveLength(1);
      expect(news).toHaveLength(STORE_REQUESTS.pollWithNews.cold);
      await sandbox.fireEvent({ type: 'purchased' });
      expect(await requestsOf(pollOnce)).toHaveLength(STORE_REQUESTS.pollWithNews.warm);
    });

    test('n8n webhook trigger: a delivery verified with the store or proved by its secret, cold then warm', async () => {
      const body = JSON.parse(await delivery()) as unknown;
      const webhook = () =>
        runDelivery(new process.CommerceServiceTrigger(), {
          credentials: auth(),
          parameters: { event: 'purchased', productId: '', planIds: [], pricesInCents: false, verifyDeliveries: true },
          bodyData: body,
        });
      const process = freshProcess();
      const verified = profile === 'real' ? STORE_REQUESTS.deliveryProvedBySecret : STORE_REQUESTS.deliveryVerified;
      expect(await requestsOf(webhook)).toHaveLength(verified.cold);
      expect(await requestsOf(webhook)).toHaveLength(verified.warm);
    });
  });
});
