/**
 * The polling engine against the sandbox store over real HTTP, and the sandbox's side of it: every
 * change an event makes moves its record to the top of `orderby=date_modified` (issue #10).
 */
import { pollEvents, type CommerceServiceClient, type EventFilters } from '@commerce-service/shared';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { startSandbox, type Sandbox, type SandboxProfile } from '../../../sandbox';
import { createClient } from '../../../scripts/kit/client';
import { useSandbox } from '../support/sandbox';

type PollResult = Awaited<ReturnType<typeof pollEvents>>;

const KEY = 'polling-key-51e0';

function clientFor(sandbox: Sandbox): CommerceServiceClient {
  return createClient({ settings: { storeUrl: sandbox.url, apiKey: KEY }, transport: nodeTransport, timeoutMs: 5000 });
}

describe.each<SandboxProfile>(['spec', 'real'])('polling the sandbox store (%s profile)', (profile) => {
  const sandbox = useSandbox({ profile, apiKey: KEY, size: 400, seed: 11, quiet: true });
  let client: CommerceServiceClient;

  beforeAll(async () => {
    client = clientFor(sandbox);
  });

  function trigger(filters: EventFilters): { poll(): Promise<PollResult> } {
    let state: unknown;
    return {
      async poll() {
        const result = await pollEvents({ client, filters, state });
        state = JSON.parse(JSON.stringify(result.state));
        return result;
      },
    };
  }

  test('purchases and a refund made between polls are each emitted once', async () => {
    const purchases = trigger({ event: 'purchased' });
    const refunds = trigger({ event: 'refunded' });
    expect((await purchases.poll()).events).toEqual([]);
    expect((await refunds.poll()).events).toEqual([]);

    const bought: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const answer = await sandbox.fireEvent({ type: 'purchased' });
      expect(answer).toEqual([]); // no hooks: the trigger only polls
    }
    const orders = await client.listOrders({ orderby: 'id', order: 'desc', per_page: 3 });
    bought.push(...orders.items.map((order) => order.id).reverse());
    // A refund of an order made long before the trigger's first poll (a product not bought just now).
    const older = (await client.listOrders({ orderby: 'id', order: 'asc', per_page: 100 })).items.find(
      (order) => order.status === 'paid' && order.product_id !== orders.items[0]?.product_id,
    );
    if (!older) throw new Error('no older paid order in the seed');
    await sandbox.fireEvent({ type: 'refunded', product_id: Number(older.product_id) });
    const refunded = (await client.listOrders({ orderby: 'date_modified', order: 'desc', per_page: 1 })).items[0];
    expect(refunded?.status).toBe('refunded');
    expect(refunded!.id).toBeLessThan(bought[0]!);

    const first = await purchases.poll();
    expect(first.events.map((event) => event.id)).toEqual(bought);
    expect(first.events.every((event) => event.trigger === 'purchased')).toBe(true);
    if (profile === 'real') expect(Number.isInteger(first.events[0]?.order_amount)).toBe(true);
    const refundsSeen = await refunds.poll();
    expect(refundsSeen.events.map((event) => [event.id, event.trigger, event.status])).toEqual([
      [refunded!.id, 'refunded', 'refunded'],
    ]);

    const quiet = await purchases.poll();
    expect(quiet.events).toEqual([]);
    expect(quiet.requests).toBe(1);
    expect((await refunds.poll()).events).toEqual([]);
  });

  test('renewals, cancellations and trials between polls, each on its own trigger, once', async () => {
    const triggers = {
      purchased: trigger({ event: 'purchased' }),
      renewal: trigger({ event: 'renewal' }),
      canceled: trigger({ event: 'canceled' }),
      trialing: trigger({ event: 'trialing' }),
      active: trigger({ event: 'active' }),
    };
    for (const one of Object.values(triggers)) await one.poll();

    await sandbox.fireEvent({ type: 'renewal' });
    const renewal = (await client.listOrders({ orderby: 'id', order: 'desc', per_page: 1 })).items[0]!;
    await sandbox.fireEvent({ type: 'canceled' });
    const canceled = (await client.listSubscriptions({ orderby: 'date_modified', order: 'desc', per_page: 1 }))
      .items[0]!;
    await sandbox.fireEvent({ type: 'trialing' });
    const trial = (await client.listSubscriptions({ orderby: 'id', order: 'desc', per_page: 1 })).items[0]!;

    expect((await triggers.renewal.poll()).events.map((event) => event.id)).toEqual([renewal.id]);
    const purchased = (await triggers.purchased.poll()).events.map((event) => event.id);
    expect(purchased).not.toContain(renewal.id);
    expect((await triggers.canceled.poll()).events.map((event) => event.id)).toEqual([canceled.id]);
    expect((await triggers.trialing.poll()).events.map((event) => event.id)).toEqual([trial.id]);
    expect((await triggers.active.poll()).events.map((event) => event.id)).not.toContain(trial.id);
    for (const one of Object.values(triggers)) expect((await one.poll()).events).toEqual([]);
  });

  test('40 one-off purchases whose items carry their price text are 40 purchases, 0 renewals', async () => {
    const purchases = trigger({ event: 'purchased' });
    const renewals = trigger({ event: 'renewal' });
    await purchases.poll();
    await renewals.poll();
    for (let n = 0; n < 40; n += 1) await sandbox.fireEvent({ type: 'purchased' });
    const bought = (await client.listOrders({ orderby: 'id', order: 'desc', per_page: 40 })).items;
    // The contract's shape: a one-off item's price text is its price alone.
    expect(bought.every((order) => order.items.every((item) => /^\D*[\d.,]+$/.test(item.sub_summary ?? '')))).toBe(
      true,
    );

    expect((await purchases.poll()).events.map((event) => event.id)).toEqual(bought.map((order) => order.id).reverse());
    expect((await renewals.poll()).events).toEqual([]);

    await sandbox.fireEvent({ type: 'renewal' });
    const renewal = (await client.listOrders({ orderby: 'id', order: 'desc', per_page: 1 })).items[0]!;
    expect((await renewals.poll()).events.map((event) => event.id)).toEqual([renewal.id]);
    expect((await purchases.poll()).events).toEqual([]);
  });
});

describe('sandbox fidelity: date_modified follows every change an event makes', () => {
  let sandbox: Sandbox;
  let client: CommerceServiceClient;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, profile: 'real', apiKey: KEY, size: 300, seed: 5, quiet: true });
    client = clientFor(sandbox);
  });
  afterAll(() => sandbox.close());

  async function newestChanged(resource: 'orders' | 'subscriptions', order: 'asc' | 'desc' = 'desc'): Promise<number> {
    const list = (params: { page: number; per_page: number; orderby: 'date_modified'; order: 'asc' | 'desc' }) =>
      resource === 'orders' ? client.listOrders(params) : client.listSubscriptions(params);
    if (order === 'desc') return (await list({ page: 1, per_page: 1, orderby: 'date_modified', order })).items[0]!.id;
    const { total } = await list({ page: 1, per_page: 1, orderby: 'date_modified', order });
    return (await list({ page: total!, per_page: 1, orderby: 'date_modified', order })).items[0]!.id;
  }

  test.each([
    ['purchased', 'orders'],
    ['refunded', 'orders'],
    ['pending', 'orders'],
    ['renewal', 'orders'],
    ['failed', 'orders'],
    ['active', 'subscriptions'],
    ['trialing', 'subscriptions'],
    ['paused', 'subscriptions'],
    ['canceled', 'subscriptions'],
    ['completed', 'subscriptions'],
    ['renewal', 'subscriptions'],
  ] as const)(
    '%s: the changed %s record is the newest by date_modified (desc first, asc last)',
    async (type, resource) => {
      // Move something else to the top first, so the event's own change must overtake it.
      await sandbox.fireEvent({ type: resource === 'orders' ? 'active' : 'purchased' });
      const { event } = await fireAndRead(sandbox, type);
      const id =
        resource === 'orders' || event.resource === 'subscription'
          ? event.id
          : await subscriptionOfOrder(client, event.id);
      expect(await newestChanged(resource)).toBe(id);
      expect(await newestChanged(resource, 'asc')).toBe(id);
    },
  );
});

async function fireAndRead(
  sandbox: Sandbox,
  type: string,
): Promise<{ event: { resource: string; id: number; status: string } }> {
  const response = await fetch(`${sandbox.url}/sandbox/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type }),
  });
  return (await response.json()) as { event: { resource: string; id: number; status: string } };
}

/** The subscription whose invoices list this order (a renewal changes its subscription too). */
async function subscriptionOfOrder(client: CommerceServiceClient, orderId: number): Promise<number> {
  const { items } = await client.listSubscriptions({ orderby: 'date_modified', order: 'desc', per_page: 20 });
  const owner = items.find((subscription) => subscription.invoices.some((invoice) => invoice.id === orderId));
  if (!owner) throw new Error(`no subscription lists order ${orderId}`);
  return owner.id;
}
