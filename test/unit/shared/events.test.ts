/** Store events: the catalogue, reading deliveries, matching trigger filters, recent examples. */
import {
  AuthenticationError,
  EVENTS,
  type EventKind,
  type EventRecord,
  matchesFilters,
  parseDelivery,
  recentEvents,
} from '@commerce-service/shared';
import { PURCHASE_KINDS, eventKind } from '../../../shared/src/events/catalogue';
import { latestOrderAsEvent } from '../../../shared/src/events/parse';
import { createClient } from '../../../scripts/kit/client';
import { KEY, ROOT, clientFor, json, recorder, store, storeFor, stubTransport, UTC_ZONE } from '../support/shared';
import { MAYA, latestOrder } from '../support/deliveries';
import { keyRefused } from '../support/wordpress';

const KEYS = [
  'purchased',
  'refunded',
  'pending',
  'active',
  'trialing',
  'paused',
  'canceled',
  'completed',
  'lead',
  'renewal',
  'failed',
];

function kind(key: string): EventKind {
  const found = eventKind(key);
  if (!found) throw new Error(`no event ${key}`);
  return found;
}

describe('EVENTS catalogue', () => {
  it('has exactly the 11 events of docs/service/events.md#catalogue', () => {
    expect(EVENTS).toHaveLength(11);
    expect([...EVENTS.map((e) => e.key)].sort()).toEqual([...KEYS].sort());
  });

  it('has unique, non-empty labels and descriptions', () => {
    const labels = EVENTS.map((e) => e.label);
    expect(new Set(labels).size).toBe(11);
    for (const event of EVENTS) {
      expect(event.label.trim()).not.toBe('');
      expect(event.description).toMatch(/^Triggers when /);
    }
  });

  it.each([
    ['purchased', 'order'],
    ['refunded', 'order'],
    ['pending', 'order'],
    ['active', 'subscription'],
    ['trialing', 'subscription'],
    ['paused', 'subscription'],
    ['canceled', 'subscription'],
    ['completed', 'subscription'],
    ['renewal', 'order'],
    ['failed', 'order'],
    ['lead', 'lead'],
  ])('%s is about a %s, and its sample is a delivery of that event', (key, noun) => {
    const event = kind(key);
    expect(event.noun).toBe(noun);
    expect(event.sample.trigger).toBe(key);
    if (noun === 'order') expect(Array.isArray(event.sample.items)).toBe(true);
    if (noun === 'subscription') expect(Array.isArray(event.sample.invoices)).toBe(true);
    if (noun !== 'lead') {
      expect(typeof event.sample.id).toBe('number');
      expect(typeof event.sample.order_amount).toBe('number');
      expect(typeof event.sample.product_id).toBe('string');
    }
  });

  it('the lead sample carries customer fields only, no id and no amounts', () => {
    const lead = kind('lead').sample;
    expect(lead.customer_email).toMatch(/@/);
    expect(lead).not.toHaveProperty('id');
    expect(lead).not.toHaveProperty('order_amount');
    expect(lead).not.toHaveProperty('amount');
    expect(kind('lead').recent).toBeNull();
  });

  it('samples read back unchanged through parseDelivery (they are deliveries)', () => {
    for (const event of EVENTS) expect(parseDelivery(JSON.stringify(event.sample))).toEqual([event.sample]);
  });

  it('eventKind finds by key, nothing for an unknown key', () => {
    expect(eventKind('purchased')?.label).toBe(kind('purchased').label);
    expect(eventKind('shipped')).toBeUndefined();
    expect(eventKind('')).toBeUndefined();
  });

  it('purchase kinds are bump, upsell and downsell', () => {
    expect([...PURCHASE_KINDS]).toEqual(['bump', 'upsell', 'downsell']);
  });
});

describe('parseDelivery', () => {
  const delivery = {
    trigger: 'purchased',
    id: 123,
    customer_email: 'maya@example.com',
    product_id: '12',
    product_name: 'Masterclass',
    order_amount: 49,
    currency: 'USD',
    status: 'paid',
  };

  it('reads a parsed JSON object', () => {
    expect(parseDelivery(delivery)).toEqual([delivery]);
  });

  it('reads an array of objects and drops what is not one', () => {
    const lead = { trigger: 'lead', customer_email: 'lead@example.com' };
    expect(parseDelivery([delivery, 'x', null, 3, lead])).toEqual([delivery, lead]);
  });

  it('reads a JSON string, a double-encoded one, and a BOM before it', () => {
    expect(parseDelivery(JSON.stringify(delivery))).toEqual([delivery]);
    expect(parseDelivery(JSON.stringify(JSON.stringify(delivery)))).toEqual([delivery]);
    expect(parseDelivery(`\uFEFF  ${JSON.stringify(delivery)}\n`)).toEqual([delivery]);
  });

  it('reads a Buffer and a Uint8Array', () => {
    expect(parseDelivery(Buffer.from(JSON.stringify(delivery)))).toEqual([delivery]);
    expect(parseDelivery(new TextEncoder().encode(JSON.stringify([delivery])))).toEqual([delivery]);
  });

  it('reads a form-encoded body with PHP brackets into nested items', () => {
    const body =
      'trigger=purchased&id=123&customer_email=maya%40example.com&order_amount=49.00&product_id=12' +
      '&items[0][product_name]=Sourdough+Masterclass&items[0][quantity]=1&items[0][unit_price]=49' +
      '&items[1][product_name]=Starter%20Kit&items[1][quantity]=2&meta[source]=checkout&tags[]=a&tags[]=b';
    expect(parseDelivery(body)).toEqual([
      {
        trigger: 'purchased',
        id: 123,
        customer_email: 'maya@example.com',
        order_amount: 49,
        product_id: '12',
        items: [
          { product_name: 'Sourdough Masterclass', quantity: 1, unit_price: 49 },
          { product_name: 'Starter Kit', quantity: 2 },
        ],
        meta: { source: 'checkout' },
        tags: ['a', 'b'],
      },
    ]);
  });

  it('does not let a form body write to Object.prototype', () => {
    const records = parseDelivery(
      'trigger=purchased&id=7&__proto__[polluted]=yes&constructor[prototype][polluted2]=yes',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted2).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(records).toHaveLength(1);
    expect(records[0]?.trigger).toBe('purchased');
  });

  it.each([
    ['garbage text', 'this is not a delivery'],
    ['an empty string', ''],
    ['whitespace and a BOM', '\uFEFF \n'],
    ['a JSON number', '42'],
    ['a JSON array of numbers', '[1,2]'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 7],
    ['a boolean', true],
    ['an empty Buffer', Buffer.alloc(0)],
  ])('%s -> []', (_, body) => {
    expect(parseDelivery(body)).toEqual([]);
  });

  it('coerces numbers sent as strings, ids to the spec types, inside items and invoices too', () => {
    const [record] = parseDelivery({
      trigger: 'renewal',
      id: '2051',
      product_id: 91,
      payment_plan_id: 3,
      order_amount: '29.00',
      tax_rate: '0',
      trial_days: '7',
      frequency: 1,
      amount: '1,029.5',
      invoices: [{ id: '2052', order_amount: '39.00', status: 'paid' }],
      items: { '0': { quantity: '2', subtotal: '58' } },
    });
    expect(record).toEqual({
      trigger: 'renewal',
      id: 2051,
      product_id: '91',
      payment_plan_id: '3',
      order_amount: 29,
      tax_rate: 0,
      trial_days: 7,
      frequency: '1',
      amount: 1029.5,
      invoices: [{ id: 2052, order_amount: 39, status: 'paid' }],
      items: [{ quantity: 2, subtotal: 58 }],
    });
  });

  it('coerces the cents amounts docs/service/events.md#amounts-in-cents lists', () => {
    const [record] = parseDelivery({
      trigger: 'purchased',
      discount: '500',
      discount_amount: '250',
      subscription_amount: '2900',
      sign_up_fee: '1000',
      shipping_amount: '0',
      pre_tax_amount: '4900',
      invoice_total: '4900',
      invoice_subtotal: '4900',
    });
    expect(record).toEqual({
      trigger: 'purchased',
      discount: 500,
      discount_amount: 250,
      subscription_amount: 2900,
      sign_up_fee: 1000,
      shipping_amount: 0,
      pre_tax_amount: 4900,
      invoice_total: 4900,
      invoice_subtotal: 4900,
    });
  });

  it('does not fill a lead with amounts or ids', () => {
    const lead = {
      trigger: 'lead',
      customer_firstname: 'Maya',
      customer_email: 'maya@example.com',
      product_id: '87',
      product_name: 'Masterclass',
    };
    expect(parseDelivery(lead)).toEqual([lead]);
    expect(Object.keys(parseDelivery(lead)[0] ?? {}).sort()).toEqual(Object.keys(lead).sort());
  });

  it('keeps unknown fields, leaves null fields alone, and gives an empty trigger when the store sent none', () => {
    const [record] = parseDelivery({ id: 5, coupon: 'BREAD10', order_amount: null, trigger: null });
    expect(record).toEqual({ id: 5, coupon: 'BREAD10', order_amount: null, trigger: '' });
  });

  it('reads a numeric trigger as text', () => {
    expect(parseDelivery({ trigger: 1, id: 7 })[0]?.trigger).toBe('1');
  });

  // The plugin's `sc_webhook_order_body` sends `subscription_id: 0` for a one-off order: no subscription.
  it.each([0, '0', ''])('a subscription_id of %j is no subscription: absent from the record', (none) => {
    const [record] = parseDelivery({ trigger: 'purchased', id: 1042, subscription_id: none, order_amount: 168 });
    expect(record).toEqual({ trigger: 'purchased', id: 1042, order_amount: 168 });
    expect(record).not.toHaveProperty('subscription_id');
  });

  it('a real subscription_id stays, as text', () => {
    const [record] = parseDelivery({ trigger: 'subscription_renewed', id: 2051, subscription_id: 'sub_1QAbCd' });
    expect(record?.subscription_id).toBe('sub_1QAbCd');
  });

  it('a latest-order record (polling) with subscription_id 0 has none either', () => {
    const polled = { ...latestOrder(1042), order_amount: '49.00', subscription_id: 0 };
    const event = latestOrderAsEvent(polled, 'purchased');
    expect(event).not.toHaveProperty('subscription_id');
  });
});

describe('matchesFilters', () => {
  const order = parseDelivery({
    trigger: 'purchased',
    id: 1,
    product_id: '91',
    payment_plan_id: 'monthly',
    items: [
      { product_name: 'Main', product_id: '91' },
      { product_name: 'Kit', product_id: 87, purchase_type: 'bump' },
    ],
  })[0]!;

  it('rejects a delivery of another event; accepts one without a trigger', () => {
    expect(matchesFilters(order, { event: 'refunded' })).toBe(false);
    expect(matchesFilters(order, { event: 'purchased' })).toBe(true);
    expect(matchesFilters({ trigger: '', product_id: '91' }, { event: 'refunded' })).toBe(true);
  });

  it('matches the main product or a product bought with it, as number or string', () => {
    expect(matchesFilters(order, { event: 'purchased', productId: 91 })).toBe(true);
    expect(matchesFilters(order, { event: 'purchased', productId: '87' })).toBe(true);
    expect(matchesFilters(order, { event: 'purchased', productId: ' 87 ' })).toBe(true);
    expect(matchesFilters(order, { event: 'purchased', productId: 12 })).toBe(false);
  });

  it('an empty product filter means any product', () => {
    expect(matchesFilters(order, { event: 'purchased', productId: null })).toBe(true);
    expect(matchesFilters(order, { event: 'purchased', productId: '' })).toBe(true);
  });

  it('matches plan ids; an empty plan list means any plan', () => {
    expect(matchesFilters(order, { event: 'purchased', planIds: ['monthly'] })).toBe(true);
    expect(matchesFilters(order, { event: 'purchased', planIds: ['full', 'monthly'] })).toBe(true);
    expect(matchesFilters(order, { event: 'purchased', planIds: ['full'] })).toBe(false);
    expect(matchesFilters(order, { event: 'purchased', planIds: [] })).toBe(true);
    expect(matchesFilters(order, { event: 'purchased', planIds: [' ', ''] })).toBe(true);
  });

  it('matches a numeric plan id sent as a number', () => {
    const [record] = parseDelivery({ trigger: 'active', payment_plan_id: 3 });
    expect(matchesFilters(record!, { event: 'active', planIds: ['3'] })).toBe(true);
    expect(matchesFilters(record!, { event: 'active', planIds: ['4'] })).toBe(false);
  });

  it.each([
    ['order_type', { order_type: 'bump' }, 'bump'],
    ['purchase_type', { purchase_type: 'upsell' }, 'upsell'],
    ['items[].purchase_type', { items: [{ purchase_type: 'downsell' }] }, 'downsell'],
    ['items[].item_type', { items: [{ item_type: 'bump' }] }, 'bump'],
  ])('reads the purchase kind from %s', (_, fields, planId) => {
    const record = { trigger: 'purchased', payment_plan_id: 'full', ...fields } as unknown as EventRecord;
    expect(matchesFilters(record, { event: 'purchased', planIds: [planId] })).toBe(true);
    const other = PURCHASE_KINDS.find((k) => k !== planId)!;
    expect(matchesFilters(record, { event: 'purchased', planIds: [other] })).toBe(false);
  });

  it('ignores item types that are not purchase kinds', () => {
    const record = {
      trigger: 'purchased',
      payment_plan_id: 'full',
      items: [{ item_type: 'main' }],
    } as unknown as EventRecord;
    expect(matchesFilters(record, { event: 'purchased', planIds: ['main'] })).toBe(false);
  });

  it('a field the record does not carry does not rule it out (a lead has no plan, no items)', () => {
    const [lead] = parseDelivery({ trigger: 'lead', customer_email: 'a@example.com' });
    expect(matchesFilters(lead!, { event: 'lead', productId: 87, planIds: ['monthly', 'bump'] })).toBe(true);
  });

  it('a record whose items are not a list still matches on its own product', () => {
    const record = { trigger: 'purchased', product_id: '5', items: 'n/a' } as unknown as EventRecord;
    expect(matchesFilters(record, { event: 'purchased', productId: 5 })).toBe(true);
    expect(matchesFilters(record, { event: 'purchased', productId: 6 })).toBe(false);
  });
});

describe('recentEvents through latest-orders (6)', () => {
  it('asks with the event status, keeps the statuses of the event, shapes records as deliveries', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(rec.reply(200, [latestOrder(3, 'paid'), latestOrder(2, 'refunded'), latestOrder(1, 'completed', 19)]));
    const events = await recentEvents(clientFor(), kind('purchased'), { productId: 87, planIds: ['full'] });
    expect(rec.last().query).toEqual({ api_key: KEY, product_id: '87' });
    expect(JSON.parse(rec.last().rawBody)).toEqual({ plan_id: 'full', status: 'paid' });
    expect(events.map((e) => e.id)).toEqual([3, 1]);
    const delivered = parseDelivery({
      trigger: 'purchased',
      id: 3,
      status: 'paid',
      ...MAYA,
      order_amount: 49,
      currency: 'USD',
    })[0];
    // As a trigger hands a decimal delivery on: `amount_unit` says so (docs/amounts.md).
    expect(events[0]).toEqual({ ...delivered, amount_unit: 'decimal' });
    expect(events[0]).not.toHaveProperty('order_id');
    expect(events[0]).not.toHaveProperty('order_status');
    expect(events[1]?.order_amount).toBe(19);
    expect(events[1]?.status).toBe('completed');
  });

  it('keeps the extra fields of rich records', async () => {
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(200, [
        {
          trigger: 'active',
          id: 2051,
          status: 'active',
          order_amount: 29,
          currency: 'USD',
          invoices: [{ id: '2052', order_amount: '39' }],
          next_bill_date: '2026-12-20',
        },
      ]);
    const [event] = await recentEvents(clientFor(), kind('active'));
    expect(event).toMatchObject({
      trigger: 'active',
      id: 2051,
      status: 'active',
      order_amount: 29,
      next_bill_date: '2026-12-20',
      invoices: [{ id: 2052, order_amount: 39 }],
    });
    expect(event).not.toHaveProperty('order_id');
    expect(event).not.toHaveProperty('order_status');
  });

  it('retries without status when the store refuses it (400), and selects here', async () => {
    const rec = recorder();
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(
        rec.reply(400, {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): status',
          data: { status: 400, params: { status: 'bad' } },
        }),
      );
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(rec.reply(200, [latestOrder(5, 'paused'), latestOrder(4, 'active'), latestOrder(3, 'paused')]));
    const events = await recentEvents(clientFor(), kind('paused'));
    expect(rec.seen).toHaveLength(2);
    expect(JSON.parse(rec.seen[0]!.rawBody)).toEqual({ status: 'paused' });
    expect(rec.seen[1]!.rawBody).toBe('');
    expect(events.map((e) => [e.id, e.status, e.trigger])).toEqual([
      [5, 'paused', 'paused'],
      [3, 'paused', 'paused'],
    ]);
  });

  it('does not retry other failures', async () => {
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).reply(401, keyRefused(401));
    await expect(recentEvents(clientFor(), kind('purchased'))).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('an event without a store status is asked without status and selected here', async () => {
    const transport = stubTransport([json(200, [latestOrder(9, 'refunded'), latestOrder(8, 'paid')])]);
    const events = await recentEvents(
      createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }),
      kind('refunded'),
    );
    expect(transport.requests).toHaveLength(1);
    expect(transport.requests[0]?.body).toBeUndefined();
    expect(events.map((e) => e.id)).toEqual([9]);
    expect(events[0]?.trigger).toBe('refunded');
  });

  it('lead -> [] without any request', async () => {
    const transport = stubTransport([]);
    await expect(
      recentEvents(createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }), kind('lead')),
    ).resolves.toEqual([]);
    expect(transport.requests).toHaveLength(0);
  });

  it('no orders (404 no_orders) -> []', async () => {
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(404, { code: 'no_orders', message: 'there are no orders for this product yet', data: { status: 404 } });
    await expect(recentEvents(clientFor(), kind('canceled'), { productId: 87 })).resolves.toEqual([]);
  });

  it('returns at most limit records, newest first as the store sent them', async () => {
    const transport = stubTransport([
      json(200, [latestOrder(5, 'paid'), latestOrder(4, 'paid'), latestOrder(3, 'paid')]),
    ]);
    const events = await recentEvents(
      createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport }),
      kind('purchased'),
      {
        limit: 2,
      },
    );
    expect(events.map((e) => e.id)).toEqual([5, 4]);
  });

  describe('Subscription Renewed: only orders a subscription lists as a later charge', () => {
    const subscription = (id: number, invoices: number[]) => ({
      id,
      status: 'active',
      invoices: invoices.map((n) => ({ id: n })),
    });

    it('drops first purchases and orders no recent subscription lists, then applies the limit', async () => {
      const transport = stubTransport([
        json(200, [
          latestOrder(14, 'paid'),
          latestOrder(13, 'paid'),
          latestOrder(12, 'paid'),
          latestOrder(11, 'paid'),
          latestOrder(10, 'paid'),
          latestOrder(9, 'completed'),
        ]),
        json(200, [subscription(3, [5, 12, 14]), subscription(4, [11]), subscription(6, [8, 13])]),
      ]);
      const client = createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport });
      const events = await recentEvents(client, kind('renewal'), { limit: 2 });
      // 11 started subscription 4 (a first purchase), 10 is in no subscription, 9 is not `paid`.
      expect(events.map((e) => [e.id, e.trigger])).toEqual([
        [14, 'renewal'],
        [13, 'renewal'],
      ]);
      expect(transport.requests.map((r) => r.url.replace(/.*\/sc\/v1\//, ''))).toEqual([
        'webhook/latest-orders/',
        'subscriptions',
      ]);
      expect(transport.requests[1]?.query).toMatchObject({
        orderby: 'date_modified',
        order: 'desc',
        page: '1',
        per_page: '100',
      });
    });

    it('a store whose paid orders are all first purchases shows none (not a purchase passed off as a renewal)', async () => {
      const transport = stubTransport([
        json(200, [latestOrder(21, 'paid'), latestOrder(20, 'paid')]),
        json(200, [subscription(7, [21]), subscription(8, [20])]),
      ]);
      const client = createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport });
      await expect(recentEvents(client, kind('renewal'))).resolves.toEqual([]);
    });

    it('reads further pages of subscriptions only while an order is unplaced, at most 3', async () => {
      const unrelated = (page: number) =>
        Array.from({ length: 100 }, (_, i) => subscription(1000 * page + i, [1000 * page + i]));
      const transport = stubTransport([
        json(200, [latestOrder(31, 'paid')]),
        json(200, unrelated(1)),
        json(200, unrelated(2)),
        json(200, unrelated(3)),
      ]);
      const client = createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport });
      await expect(recentEvents(client, kind('renewal'))).resolves.toEqual([]);
      expect(transport.requests.map((r) => r.query.page)).toEqual([undefined, '1', '2', '3']);
    });

    it('no paid orders: no subscription is read', async () => {
      const transport = stubTransport([json(200, [latestOrder(41, 'refunded')])]);
      const client = createClient({ settings: storeFor(), siteZone: UTC_ZONE, transport });
      await expect(recentEvents(client, kind('renewal'))).resolves.toEqual([]);
      expect(transport.requests).toHaveLength(1);
    });

    it('Product Purchased keeps every paid order, as before', () => {
      expect(kind('purchased').recent?.only).toBeUndefined();
      expect(kind('renewal').recent?.only).toBe('renewals');
    });
  });

  it('latestOrderAsEvent maps a spec record on its own', () => {
    expect(latestOrderAsEvent({ ...latestOrder(7, 'paid'), order_amount: '12.50' }, 'purchased')).toEqual({
      trigger: 'purchased',
      id: 7,
      status: 'paid',
      ...MAYA,
      order_amount: 12.5,
      currency: 'USD',
    });
  });
});
