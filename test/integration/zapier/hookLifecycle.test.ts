import type { SandboxProfile } from '../../../sandbox';
import { adminGet, hookByTriggerKey, listPlans, listProducts, run, useSandboxWithCatcher } from '../support/zapier';

import { type FieldTable, isMoment } from '../../../shared/src/resources/table';
import { DELIVERY_FIELDS } from '../../../shared/src/resources/tables';

type Row = Record<string, unknown>;

/** Live record and delivered payload agree on every field the store sent (types made reliable). */
function expectSameRecord(record: Row, payload: Row, amountUnit: 'decimal' | 'cents' = 'decimal'): void {
  // Plus the verification marker (the trigger checks deliveries by default); the store's key never.
  const { studiocart_secret: _key, ...sent } = payload;
  expect(record.verification).toMatchObject({ status: expect.stringMatching(/^(verified|unverified)$/) });
  // And, next to each timestamp the store sent, its instant (docs/dates.md), and nothing else.
  const instants = Object.keys(sent)
    .filter((key) => isMoment((DELIVERY_FIELDS as FieldTable)[key]))
    .map((key) => `${key}_iso`);
  // And, on a record with amounts, the unit the hook asked for them in (docs/amounts.md).
  const unit = 'order_amount' in sent || 'amount' in sent ? ['amount_unit'] : [];
  if (unit.length > 0) expect(record.amount_unit).toBe(amountUnit);
  expect(Object.keys(record).sort()).toEqual(
    [...new Set([...Object.keys(sent), ...instants, ...unit, 'trigger', 'verification'])].sort(),
  );
  for (const key of instants) expect(Date.parse(String(record[key]))).not.toBeNaN();
  for (const [key, value] of Object.entries(sent)) {
    if (typeof value === 'string' || typeof value === 'number') expect(String(record[key])).toBe(String(value));
  }
}

describe.each<SandboxProfile>(['spec', 'real'])('hook trigger lifecycle on the %s profile', (profile) => {
  const setup = useSandboxWithCatcher(profile);

  it('lists the sandbox products for the Product dropdown', async () => {
    await expect(run(listProducts, { authData: setup.auth })).resolves.not.toHaveLength(0);
  });

  it('Product Purchased: subscribe → purchase → delivery → perform → performList → unsubscribe', async () => {
    const trigger = hookByTriggerKey('product_purchased');
    // What a user picks in the two dropdowns.
    const products = await run<{ id: string; name: string }[]>(listProducts, { authData: setup.auth });
    const planChoices = await run<{ id: string }[]>(listPlans, {
      authData: setup.auth,
      inputData: { product_id: products[0]?.id },
    });
    const productId = products[0]?.id ?? '';
    const planId = planChoices[0]?.id ?? '';
    expect(planChoices.map((p) => p.id)).toEqual(expect.arrayContaining(['bump', 'upsell', 'downsell']));
    const inputData = { product_id: productId, plan_ids: [planId], prices_in_cents: true };

    const subscribeData = await run<{ id: string }>(trigger.performSubscribe, {
      authData: setup.auth,
      targetUrl: setup.catcher.url,
      inputData,
    });
    expect(subscribeData.id).toMatch(/^\d+$/);
    expect(setup.sandbox.hooks()).toEqual([
      expect.objectContaining({
        id: subscribeData.id,
        hookUrl: setup.catcher.url,
        productId: Number(productId),
        planIds: [planId],
        statuses: ['purchased'],
        source: 'zapier',
        pricesInCents: true,
      }),
    ]);

    const [delivery] = await setup.sandbox.fireEvent({
      type: 'purchased',
      product_id: Number(productId),
      plan_id: planId,
    });
    expect(delivery?.status).toBe(200);
    const [caught] = await setup.catcher.waitFor(1);
    expect(caught?.headers['content-type']).toMatch(/application\/json/);

    const records = await run<Row[]>(trigger.perform, {
      authData: setup.auth,
      inputData,
      cleanedRequest: caught?.body,
      rawRequest: { method: 'POST', headers: {}, querystring: '', content: caught?.content },
    });
    expect(records).toHaveLength(1);
    const live = records[0] ?? {};
    expect(live).toMatchObject({
      trigger: 'purchased',
      product_id: productId,
      payment_plan_id: planId,
      customer_email: expect.stringContaining('@'),
    });
    expect(Number.isInteger(live.order_amount)).toBe(true);
    // Asked with Amounts in cents.
    expectSameRecord(live, (delivery?.payload ?? {}) as Row, 'cents');

    // "Test trigger": the purchase just made is the newest record, with the live record's names and units.
    const recent = await run<Row[]>(trigger.performList, {
      authData: setup.auth,
      inputData,
      meta: { isLoadingSample: true },
    });
    expect(recent.length).toBeGreaterThanOrEqual(1);
    expect(recent.length).toBeLessThanOrEqual(3);
    const sample = recent[0] ?? {};
    expect(sample.id).toBe(live.id);
    // Live deliveries leave empty fields out (docs/service/events.md#delivery-shape); every field with a value has the live name and type.
    for (const [key, value] of Object.entries(sample)) {
      if (value === '' || value === null) continue;
      expect(Object.keys(live)).toContain(key);
      expect(typeof value).toBe(typeof live[key]);
    }
    expect(sample.order_amount).toBe(live.order_amount);

    await expect(run(trigger.performUnsubscribe, { authData: setup.auth, subscribeData })).resolves.toMatchObject({
      alreadyGone: false,
    });
    expect(setup.sandbox.hooks()).toEqual([]);
    await expect(adminGet(setup.sandbox, '/sandbox/v1/hooks')).resolves.toEqual([]);
    await expect(
      setup.sandbox.fireEvent({ type: 'purchased', product_id: Number(productId), plan_id: planId }),
    ).resolves.toEqual([]);
    // Zapier may unsubscribe twice: a hook already gone is success.
    await expect(run(trigger.performUnsubscribe, { authData: setup.auth, subscribeData })).resolves.toMatchObject({
      alreadyGone: true,
    });
  });

  it.each([
    ['subscription_canceled', 'canceled'],
    ['subscription_started', 'active'],
    ['order_refunded', 'refunded'],
    ['lead_captured', 'lead'],
  ])('%s: a delivery of the event gives its record; others are ignored', async (key, event) => {
    const trigger = hookByTriggerKey(key);
    const subscribeData = await run<{ id: string }>(trigger.performSubscribe, {
      authData: setup.auth,
      targetUrl: setup.catcher.url,
      inputData: {},
    });
    expect(setup.sandbox.hooks()).toEqual([
      expect.objectContaining({ statuses: [event], source: 'zapier', pricesInCents: false }),
    ]);

    const [delivery] = await setup.sandbox.fireEvent({ type: event });
    const [caught] = await setup.catcher.waitFor(1);
    const records = await run<Row[]>(trigger.perform, {
      authData: setup.auth,
      inputData: {},
      cleanedRequest: caught?.body,
    });
    expect(records).toHaveLength(1);
    expectSameRecord(records[0] ?? {}, (delivery?.payload ?? {}) as Row);

    // The same URL fed another event's payload (a shared or re-used hook URL) gives nothing.
    const other = hookByTriggerKey(key === 'order_refunded' ? 'product_purchased' : 'order_refunded');
    await expect(
      run(other.perform, { authData: setup.auth, inputData: {}, cleanedRequest: caught?.body }),
    ).resolves.toEqual([]);

    await run(trigger.performUnsubscribe, { authData: setup.auth, subscribeData });
    await expect(adminGet(setup.sandbox, '/sandbox/v1/hooks')).resolves.toEqual([]);
  });

  it('performList answers none for a product without orders of the event', async () => {
    const trigger = hookByTriggerKey('order_refunded');
    const products = await run<{ id: string }[]>(listProducts, { authData: setup.auth });
    const results = await Promise.all(
      products.map((product) =>
        run<Row[]>(trigger.performList, { authData: setup.auth, inputData: { product_id: product.id }, meta: {} }),
      ),
    );
    // Refunds are rare in the seeded store; every answer is a list of refunded orders of that product.
    for (const [i, records] of results.entries()) {
      for (const record of records)
        expect(record).toMatchObject({ trigger: 'refunded', status: 'refunded', product_id: products[i]?.id });
    }
  });
});
