import { EVENTS, type EventKind } from '@commerce-service/shared';
import { triggerKey } from '../../../zapier/src/triggers/event';
import {
  AUTH,
  HOOK_URL,
  KEY,
  type Seen,
  TRIGGERS,
  appTester,
  onStore,
  hookOf,
  plainInputs,
  plainOutputs,
  trigger,
  wpError,
} from '../support/zapier';

const KINDS = EVENTS.map((kind) => [kind.label, kind] as const);

describe('the event triggers', () => {
  it('are one instant trigger per catalogue event, named as a store owner says it', () => {
    const hooks = Object.values(TRIGGERS).filter((t) => !t.display.hidden);
    expect(hooks).toHaveLength(EVENTS.length);
    const labels = hooks.map((t) => t.display.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Product Purchased', 'Order Refunded', 'Subscription Canceled', 'Lead Captured']),
    );
    expect(Object.keys(TRIGGERS)).toEqual(
      expect.arrayContaining(['product_purchased', 'order_refunded', 'subscription_canceled', 'lead_captured']),
    );
    for (const hook of hooks) expect(hook.operation.type).toBe('hook');
  });

  it.each(KINDS)(
    '%s offers Product, Plans (several, depending on the product) and Amounts in cents',
    (_label, kind) => {
      const fields = plainInputs(trigger(triggerKey(kind)).operation.inputFields);
      expect(fields.map((f) => f.key)).toEqual(['product_id', 'plan_ids', 'prices_in_cents', 'verify_deliveries']);
      expect(fields[0]).toMatchObject({ label: 'Product', required: false, dynamic: 'product_list.id.name' });
      expect(fields[1]).toMatchObject({
        label: 'Plans',
        required: false,
        list: true,
        dynamic: 'plan_list.id.name',
        dependsOn: ['product_id'],
      });
      expect(fields[2]).toMatchObject({ label: 'Amounts in cents', type: 'boolean', required: false });
    },
  );

  it.each(KINDS)('%s has a realistic sample and a labelled output field for every sample value', (_label, kind) => {
    const { sample, outputFields } = trigger(triggerKey(kind)).operation;
    expect(sample).toMatchObject({ trigger: kind.key });
    const keys = new Set(plainOutputs(outputFields).map((f) => f.key));
    for (const field of plainOutputs(outputFields)) expect(field.label).toMatch(/^[A-Z]/);
    for (const [key, value] of Object.entries(sample ?? {})) {
      if (Array.isArray(value)) {
        for (const child of Object.keys(value[0] as object)) expect(keys).toContain(`${key}[]${child}`);
      } else {
        expect(keys).toContain(key);
      }
    }
  });
});

describe.each(KINDS)('%s', (_label, kind: EventKind) => {
  const op = hookOf(kind.key);

  it('subscribes with hook_url, product, plans, the event as status, source zapier and prices_in_cents', async () => {
    const seen: Seen[] = [];
    onStore('post', 'webhook/subscribe/', seen, 200, { id: 1732190400 });
    const result = await appTester(op.performSubscribe, {
      authData: AUTH,
      targetUrl: HOOK_URL,
      inputData: { product_id: '87', plan_ids: ['full', 'bump'], prices_in_cents: true },
    });
    expect(result).toEqual({ id: '1732190400', storeUrl: 'https://shop.example.com', apiRoot: '/wp-json/sc/v1' });
    expect(seen[0]?.query).toEqual({ api_key: KEY, product_id: '87' });
    expect(seen[0]?.body).toEqual({
      hook_url: HOOK_URL,
      plan_id: ['full', 'bump'],
      status: kind.key,
      source: 'zapier',
      prices_in_cents: 1,
    });
  });

  it('is the app trigger that runs these hook functions', () => {
    const { operation } = trigger(triggerKey(kind));
    if (operation.type !== 'hook') throw new Error('not a hook trigger');
    expect([
      operation.perform,
      operation.performSubscribe,
      operation.performUnsubscribe,
      operation.performList,
    ]).toEqual([op.perform, op.performSubscribe, op.performUnsubscribe, op.performList]);
  });

  it('unsubscribes through webhook/delete/', async () => {
    const seen: Seen[] = [];
    onStore('post', 'webhook/delete/', seen, 200, { id: 1732190400 });
    const result = await appTester(op.performUnsubscribe, { authData: AUTH, subscribeData: { id: '1732190400' } });
    expect(result).toMatchObject({ id: '1732190400', alreadyGone: false });
    expect(seen[0]?.body).toEqual({ id: 1732190400 });
  });

  it('takes the hook from each delivery of its event', async () => {
    const records = await appTester(op.perform, {
      authData: AUTH,
      inputData: { verify_deliveries: false },
      cleanedRequest: { ...kind.sample },
    });
    expect(records).toEqual([
      expect.objectContaining({ trigger: kind.key, customer_email: kind.sample.customer_email }),
    ]);
  });

  it('ignores a delivery of another event', async () => {
    const other = kind.key === 'purchased' ? 'refunded' : 'purchased';
    const records = await appTester(op.perform, {
      authData: AUTH,
      inputData: { verify_deliveries: false },
      cleanedRequest: { ...kind.sample, trigger: other },
    });
    expect(records).toEqual([]);
  });

  it('ignores an empty delivery (no field, no event)', async () => {
    const records = await appTester(op.perform, {
      authData: AUTH,
      inputData: { verify_deliveries: false },
      cleanedRequest: {},
    });
    expect(records).toEqual([]);
  });

  it('lists recent records of the event through latest-orders, or none when the store has no orders', async () => {
    if (!kind.recent) {
      // The store cannot list this event (leads): no request, no records; Zapier offers the sample.
      await expect(
        appTester(op.performList, { authData: AUTH, inputData: {}, meta: { isLoadingSample: true } }),
      ).resolves.toEqual([]);
      return;
    }
    const seen: Seen[] = [];
    onStore(
      'post',
      'webhook/latest-orders/',
      seen,
      404,
      wpError('no_orders', 'there are no orders for this product yet', 404),
    );
    const none = await appTester(op.performList, {
      authData: AUTH,
      inputData: { product_id: '87' },
      meta: { isLoadingSample: true },
    });
    expect(none).toEqual([]);
    expect(seen[0]?.query).toEqual({ api_key: KEY, product_id: '87' });
    expect(seen[0]?.body).toEqual(kind.recent.status ? { status: kind.recent.status } : undefined);
  });
});
