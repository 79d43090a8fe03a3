import {
  ConfigurationError,
  latestEvent,
  pollEvents,
  POLLABLE_EVENTS,
  type EventFilters,
} from '@commerce-service/shared';
import { clientFor } from '../support/shared';
import { serveRecords, type StoreRecords } from '../support/storeRecords';

type PollResult = Awaited<ReturnType<typeof pollEvents>>;
type PollLimits = NonNullable<Parameters<typeof pollEvents>[0]['limits']>;

const NOW = () => new Date('2026-03-01T12:00:00Z');

class Trigger {
  state: unknown = undefined;
  readonly logs: string[] = [];
  constructor(
    readonly store: StoreRecords,
    public filters: EventFilters,
    readonly limits: Partial<PollLimits> = {},
  ) {}

  /** One poll, the state persisted as JSON in between (as n8n's static data keeps it). */
  async poll(): Promise<PollResult> {
    const result = await pollEvents({
      client: clientFor(),
      filters: this.filters,
      state: this.state === undefined ? undefined : JSON.parse(JSON.stringify(this.state)),
      now: NOW,
      logger: { info: (m) => this.logs.push(`info: ${m}`), warn: (m) => this.logs.push(`warn: ${m}`) },
      limits: this.limits,
    });
    this.state = JSON.parse(JSON.stringify(result.state));
    return result;
  }

  async ids(): Promise<number[]> {
    return (await this.poll()).events.map((event) => Number(event.id));
  }
}

function seeded(orders = 30): StoreRecords {
  const store = serveRecords();
  for (let n = 0; n < orders; n += 1) store.order();
  return store;
}

describe('polling: first activation and a quiet store', () => {
  it('the first poll emits nothing from before it, and returns state only', async () => {
    const store = seeded();
    store.update('orders', 100, { status: 'refunded' });
    const trigger = new Trigger(store, { event: 'purchased' });
    const first = await trigger.poll();
    expect(first.events).toEqual([]);
    expect(first.state).toMatchObject({ version: 1, store: 'shop.example.com', since: '2026-03-01T12:00:00.000Z' });
    expect(first.state.resources.orders?.cursor).toBe(129);
    expect(trigger.logs).toEqual([expect.stringMatching(/^info: First poll of orders/)]);
    expect(await trigger.ids()).toEqual([]);
    const refunds = new Trigger(store, { event: 'refunded' });
    await refunds.poll();
    expect(await refunds.ids()).toEqual([]);
  });

  it('a poll with nothing new costs one request per resource read', async () => {
    const store = seeded(200);
    for (const event of ['purchased', 'refunded', 'canceled'] as const) {
      const trigger = new Trigger(store, { event });
      await trigger.poll();
      const before = store.requests.length;
      const result = await trigger.poll();
      expect(result.events).toEqual([]);
      expect(result.requests).toBe(1);
      expect(store.requests.length - before).toBe(1);
    }
  });

  it('a quiet poll gives back the state it was given, unchanged (n8n’s durable cursor then writes nothing); a change moves polledAt', async () => {
    const store = seeded();
    let clock = Date.parse('2026-03-01T12:00:00Z');
    const poll = (state: unknown) =>
      pollEvents({
        client: clientFor(),
        filters: { event: 'purchased' },
        state: JSON.parse(JSON.stringify(state ?? null)) as unknown,
        now: () => new Date((clock += 60_000)),
      });
    const first = await poll(undefined);
    const quiet = await poll(first.state);
    expect(quiet.events).toEqual([]);
    expect(quiet.state).toEqual(first.state);
    store.update('orders', 110, { status: 'refunded' }); // a change the purchase trigger does not emit
    const changed = await poll(quiet.state);
    expect(changed.events).toEqual([]);
    expect(changed.state.polledAt).toBe('2026-03-01T12:03:00.000Z');
    expect(changed.state.resources.orders?.seen[0]).toEqual([110, 'refunded', expect.any(String)]);
    const made = store.order();
    const bought = await poll(changed.state);
    expect(bought.events.map((event) => event.id)).toEqual([made]);
    expect(bought.state.polledAt).toBe('2026-03-01T12:04:00.000Z');
  });

  it('the newest record by id counts even when it is not among the most recently changed', async () => {
    const store = seeded(5);
    const trigger = new Trigger(store, { event: 'purchased' }, { pageSize: 2, firstPollPages: 1 });
    // Order 104 is the newest; 100 and 101 were changed after it.
    store.touch('orders', 100);
    store.touch('orders', 101);
    await trigger.poll();
    expect(trigger.state).toMatchObject({ resources: { orders: { cursor: 104 } } });
  });
});

describe('polling: amounts in decimals, their unit read once (docs/amounts.md)', () => {
  it('the first poll reads the unit and keeps it in the state: later polls make no reading', async () => {
    const store = serveRecords();
    for (let n = 0; n < 5; n += 1) store.order({ order_amount: 4900 + n, currency: 'USD' });
    const trigger = new Trigger(store, { event: 'purchased' });
    await trigger.poll();
    expect(store.latestRequests).toHaveLength(1);
    expect((trigger.state as { amountUnit?: string }).amountUnit).toBe('cents');
    store.order({ order_amount: 12950, currency: 'USD' });
    const { events } = await trigger.poll();
    expect(events.map((event) => [event.order_amount, event.order_amount_sent, event.amount_unit])).toEqual([
      [129.5, 12950, 'decimal'],
    ]);
    await trigger.poll();
    expect(store.latestRequests).toHaveLength(1);
  });

  it('a store whose unit cannot be told: amounts as sent, "unknown", asked again next poll, nothing emitted twice', async () => {
    const store = serveRecords();
    store.latestAmount = (amount) => amount / 7;
    for (let n = 0; n < 3; n += 1) store.order({ order_amount: 4900, currency: 'USD' });
    const trigger = new Trigger(store, { event: 'purchased' });
    await trigger.poll();
    expect((trigger.state as { amountUnit?: string }).amountUnit).toBeUndefined();
    store.order({ order_amount: 2500, currency: 'USD' });
    const first = await trigger.poll();
    expect(first.events.map((event) => [event.order_amount, event.amount_unit])).toEqual([[2500, 'unknown']]);
    // The store now answers so that the unit can be told: the records it showed before are not new.
    store.latestAmount = (amount) => amount / 100;
    const second = await trigger.poll();
    expect(second.events).toEqual([]);
    expect((trigger.state as { amountUnit?: string }).amountUnit).toBe('cents');
  });
});

describe('polling: every event since the last poll, exactly once, oldest first', () => {
  it('purchases made between polls', async () => {
    const store = seeded();
    const trigger = new Trigger(store, { event: 'purchased' });
    await trigger.poll();
    const made = [store.order(), store.order(), store.order()];
    const result = await trigger.poll();
    expect(result.events.map((event) => event.id)).toEqual(made);
    expect(result.events[0]).toMatchObject({ ...store.record('orders', made[0]!), trigger: 'purchased' });
    expect(await trigger.ids()).toEqual([]);
    const later = store.order();
    expect(await trigger.ids()).toEqual([later]);
  });

  it('a refund and a cancellation of records created before the first poll are found', async () => {
    const store = seeded();
    const { subscriptionId } = store.subscribe();
    for (let n = 0; n < 60; n += 1) store.order();
    const refunds = new Trigger(store, { event: 'refunded' });
    const cancellations = new Trigger(store, { event: 'canceled' });
    await refunds.poll();
    await cancellations.poll();
    store.update('orders', 101, { status: 'refunded' });
    store.update('subscriptions', subscriptionId, { status: 'canceled' });
    expect(await refunds.ids()).toEqual([101]);
    expect(await cancellations.ids()).toEqual([subscriptionId]);
    expect(await refunds.ids()).toEqual([]);
    expect(await cancellations.ids()).toEqual([]);
  });

  it('a refund of a record older than the memory reaches is found too', async () => {
    const store = seeded(300);
    const trigger = new Trigger(store, { event: 'refunded' }, { pageSize: 20, firstPollPages: 1, memory: 40 });
    await trigger.poll();
    store.update('orders', 102, { status: 'refunded' });
    expect(await trigger.ids()).toEqual([102]);
    expect(await trigger.ids()).toEqual([]);
  });

  it('oldest first across several changes, whatever their record ids', async () => {
    const store = seeded();
    const trigger = new Trigger(store, { event: 'refunded' });
    await trigger.poll();
    store.update('orders', 120, { status: 'refunded' });
    store.update('orders', 103, { status: 'refunded' });
    store.update('orders', 111, { status: 'refunded' });
    expect(await trigger.ids()).toEqual([120, 103, 111]);
  });

  it('a cash-on-delivery order paid later is a purchase then; a purchase refunded before the poll is still one', async () => {
    const store = seeded();
    const purchases = new Trigger(store, { event: 'purchased' });
    const pending = new Trigger(store, { event: 'pending' });
    await purchases.poll();
    await pending.poll();
    const cod = store.order({ status: 'pending-payment' });
    expect(await purchases.ids()).toEqual([]);
    expect(await pending.ids()).toEqual([cod]);
    store.update('orders', cod, { status: 'paid' });
    const quick = store.order();
    store.update('orders', quick, { status: 'refunded' });
    expect(await purchases.ids()).toEqual([cod, quick]);
    expect(await pending.ids()).toEqual([]);
  });

  it('a renewal is a renewal, not a purchase; the first payment of a plan is a purchase', async () => {
    const store = seeded();
    const purchases = new Trigger(store, { event: 'purchased' });
    const renewals = new Trigger(store, { event: 'renewal' });
    const failures = new Trigger(store, { event: 'failed' });
    await Promise.all([purchases.poll(), renewals.poll(), failures.poll()]);
    const { orderId, subscriptionId } = store.subscribe();
    expect(await purchases.ids()).toEqual([orderId]);
    expect(await renewals.ids()).toEqual([]);
    const renewal = store.renew(subscriptionId);
    const failed = store.renew(subscriptionId, 'failed');
    expect(await purchases.ids()).toEqual([]);
    expect(await renewals.ids()).toEqual([renewal]);
    expect(await failures.ids()).toEqual([failed]);
  });

  it('an order the subscription lookup cannot place is a purchase, with a warning, never a renewal', async () => {
    const store = seeded(3);
    // More recently changed subscriptions than the lookup reads (3 pages of 100), none listing the order.
    for (let n = 0; n < 300; n += 1) store.subscribe();
    const purchases = new Trigger(store, { event: 'purchased' });
    const renewals = new Trigger(store, { event: 'renewal' });
    await Promise.all([purchases.poll(), renewals.poll()]);
    const sale = store.order();
    expect(await purchases.ids()).toEqual([sale]);
    expect(purchases.logs).toContainEqual(
      expect.stringMatching(
        /^warn: 1 new orders on shop\.example\.com were not found among the recently changed subscriptions/,
      ),
    );
    expect(await renewals.ids()).toEqual([]);
  });

  it('subscriptions: started, trial started, paused, completed', async () => {
    const store = seeded(3);
    const triggers = Object.fromEntries(
      (['active', 'trialing', 'paused', 'completed'] as const).map((event) => [event, new Trigger(store, { event })]),
    );
    for (const trigger of Object.values(triggers)) await trigger.poll();
    const plain = store.subscribe().subscriptionId;
    const trial = store.subscribe({ trial_days: 14, status: 'trialing' }).subscriptionId;
    expect(await triggers.active!.ids()).toEqual([plain]);
    expect(await triggers.trialing!.ids()).toEqual([trial]);
    store.update('subscriptions', plain, { status: 'paused' });
    store.update('subscriptions', trial, { status: 'active' });
    expect(await triggers.paused!.ids()).toEqual([plain]);
    expect(await triggers.active!.ids()).toEqual([]);
    expect(await triggers.trialing!.ids()).toEqual([]);
    store.update('subscriptions', trial, { status: 'completed' });
    expect(await triggers.completed!.ids()).toEqual([trial]);
  });

  it('changes the store does not show (a renewal touching a subscription, an edited note) do not hide a cancellation', async () => {
    const store = seeded(3);
    const subscriptions = Array.from({ length: 30 }, () => store.subscribe().subscriptionId);
    const trigger = new Trigger(store, { event: 'canceled' }, { stopRun: 5 });
    await trigger.poll();
    store.update('subscriptions', subscriptions[3]!, { status: 'canceled' });
    for (const id of subscriptions.slice(10, 20)) store.renew(id);
    for (const id of subscriptions.slice(20, 24)) store.touch('subscriptions', id);
    expect(await trigger.ids()).toEqual([subscriptions[3]]);
  });
});

describe('polling: a long gap', () => {
  it('emits everything meanwhile exactly once, bounded per poll, the rest on the next poll with a log line', async () => {
    // The bound at a tenth of its default (1,000 events a poll): the same walk for a tenth of the CPU.
    const store = seeded(50);
    const trigger = new Trigger(store, { event: 'purchased' }, { maxEvents: 100 });
    await trigger.poll();
    const made = Array.from({ length: 250 }, () => store.order());
    const seen: number[] = [];
    const first = await trigger.poll();
    expect(first.events).toHaveLength(100);
    expect(first.more).toBe(true);
    expect(trigger.logs).toContainEqual(
      expect.stringMatching(/^info: Emitted 100 events; 150 more changes of orders follow on the next poll/),
    );
    seen.push(...first.events.map((event) => Number(event.id)));
    seen.push(...(await trigger.ids()));
    seen.push(...(await trigger.ids()));
    expect(seen).toEqual(made);
    expect(await trigger.ids()).toEqual([]);
  });

  it('a capped poll never loses a purchase whose record changed after a later one was made', async () => {
    const store = seeded();
    const trigger = new Trigger(store, { event: 'purchased' }, { maxEvents: 1 });
    await trigger.poll();
    const a = store.order();
    const b = store.order();
    store.touch('orders', a);
    store.update('orders', a, { status: 'refunded' });
    expect(await trigger.ids()).toEqual([b]);
    expect(await trigger.ids()).toEqual([a]);
    expect(await trigger.ids()).toEqual([]);
  });

  it('more changes than a poll may walk: the newest are kept and a warning says older ones are skipped', async () => {
    const store = seeded(10);
    const trigger = new Trigger(store, { event: 'purchased' }, { maxWalk: 100, pageSize: 50 });
    await trigger.poll();
    const made = Array.from({ length: 150 }, () => store.order());
    const result = await trigger.poll();
    expect(trigger.logs).toContainEqual(expect.stringMatching(/^warn: More than 100 orders changed/));
    expect(result.events.map((event) => event.id)).toEqual(made.slice(50));
  });
});

describe('polling: restarts, re-activation and edits never emit twice', () => {
  it('state kept over a restart (JSON round trip) continues where it was', async () => {
    const store = seeded();
    const trigger = new Trigger(store, { event: 'purchased' });
    await trigger.poll();
    const one = store.order();
    expect(await trigger.ids()).toEqual([one]);
    // n8n stopped; a sale made meanwhile; n8n started with the static data it had.
    const restarted = new Trigger(store, { event: 'purchased' });
    restarted.state = JSON.parse(JSON.stringify(trigger.state));
    const two = store.order();
    expect(await restarted.ids()).toEqual([two]);
    expect(await restarted.ids()).toEqual([]);
  });

  it('editing the filters or the event replays nothing already looked at', async () => {
    const store = seeded();
    const trigger = new Trigger(store, { event: 'purchased', productId: '12' });
    await trigger.poll();
    const other = store.order({ product_id: '77' });
    const mine = store.order({ product_id: '12' });
    expect(await trigger.ids()).toEqual([mine]);
    trigger.filters = { event: 'purchased', productId: '77' };
    expect(await trigger.ids()).toEqual([]);
    const next = store.order({ product_id: '77' });
    expect(await trigger.ids()).toEqual([next]);
    expect(other).toBeLessThan(next);
    store.update('orders', 110, { status: 'refunded' });
    expect(await trigger.ids()).toEqual([]);
    trigger.filters = { event: 'refunded' };
    expect(await trigger.ids()).toEqual([]);
    store.update('orders', 111, { status: 'refunded' });
    expect(await trigger.ids()).toEqual([111]);
  });

  it('a state from another store, or unreadable, starts afresh (emits nothing)', async () => {
    const store = seeded();
    const trigger = new Trigger(store, { event: 'purchased' });
    await trigger.poll();
    store.order();
    trigger.state = { ...(trigger.state as object), store: 'other.example.com' };
    expect(await trigger.ids()).toEqual([]);
    store.order();
    trigger.state = 'garbage';
    expect(await trigger.ids()).toEqual([]);
  });

  it('memory stays within its bound', async () => {
    const store = seeded(10);
    const trigger = new Trigger(store, { event: 'purchased' }, { memory: 25 });
    await trigger.poll();
    for (let n = 0; n < 60; n += 1) store.order();
    await trigger.poll();
    expect((trigger.state as { resources: { orders: { seen: unknown[] } } }).resources.orders.seen).toHaveLength(25);
  });
});

describe('polling: filters, events and the manual test', () => {
  it('Product and Plans filters as for the webhook trigger', async () => {
    const store = seeded();
    const trigger = new Trigger(store, { event: 'purchased', productId: '12', planIds: ['yearly'] });
    await trigger.poll();
    store.order({ product_id: '12', payment_plan_id: 'monthly' });
    const wanted = store.order({ product_id: '12', payment_plan_id: 'yearly' });
    store.order({ product_id: '13', payment_plan_id: 'yearly' });
    expect(await trigger.ids()).toEqual([wanted]);
  });

  it('Lead Captured cannot be polled; every other event can', async () => {
    seeded(1);
    await expect(
      pollEvents({ client: clientFor(), filters: { event: 'lead' }, state: undefined }),
    ).rejects.toBeInstanceOf(ConfigurationError);
    await expect(latestEvent({ client: clientFor(), filters: { event: 'lead' } })).rejects.toThrow(/API has no leads/);
    expect([...POLLABLE_EVENTS].sort()).toEqual([
      'active',
      'canceled',
      'completed',
      'failed',
      'paused',
      'pending',
      'purchased',
      'refunded',
      'renewal',
      'trialing',
    ]);
  });

  it('a manual test fetch returns the newest matching record (none: null)', async () => {
    const store = seeded();
    store.order({ product_id: '12' });
    const newest = store.order({ product_id: '12' });
    store.order({ product_id: '13' });
    await expect(
      latestEvent({ client: clientFor(), filters: { event: 'purchased', productId: '12' } }),
    ).resolves.toMatchObject({
      ...store.record('orders', newest),
      trigger: 'purchased',
    });
    store.update('orders', 105, { status: 'refunded' });
    await expect(latestEvent({ client: clientFor(), filters: { event: 'refunded' } })).resolves.toMatchObject({
      id: 105,
      trigger: 'refunded',
    });
    await expect(latestEvent({ client: clientFor(), filters: { event: 'canceled' } })).resolves.toBeNull();
  });
});
