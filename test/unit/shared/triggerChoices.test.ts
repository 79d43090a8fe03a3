/** The trigger rules both adapters share: reading choices, plan choices, subscribe input and filters. */
import {
  type WebhookPlan,
  eventFiltersOf,
  isPurchaseKind,
  matchesFilters,
  parseDelivery,
  planChoices,
  productPlanChoices,
  readProductPlanChoices,
  recentOptionsOf,
  subscribeHookRecord,
} from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { KEY, ORIGIN, ROOT, clientFor, json, store, stubTransport } from '../support/shared';

/** What `subscribeHookRecord` asks the store for (operation 2), for a trigger of `event` with these choices. */
async function subscribeInputOf(
  choices: ReturnType<typeof readProductPlanChoices>,
  hook: { hookUrl: string; event: string; source: 'zapier' | 'n8n' },
) {
  const transport = stubTransport([json(200, { id: 1 })]);
  const client = createClient({ settings: { storeUrl: ORIGIN, apiKey: KEY }, transport });
  const subscribe = jest.spyOn(client, 'subscribeHook');
  const setup = { ...choices, event: hook.event, verify: true };
  await subscribeHookRecord(client, { hookUrl: hook.hookUrl, setup, source: hook.source });
  return subscribe.mock.calls[0][0];
}

describe('readProductPlanChoices', () => {
  it('reads a numeric or padded product id as trimmed text, and an empty one as "any product"', () => {
    expect(readProductPlanChoices({ productId: 87 }).productId).toBe('87');
    expect(readProductPlanChoices({ productId: ' 87 ' }).productId).toBe('87');
    expect(readProductPlanChoices({ productId: '' }).productId).toBeUndefined();
    expect(readProductPlanChoices({ productId: '  ' }).productId).toBeUndefined();
    expect(readProductPlanChoices({ productId: { id: 87 } }).productId).toBeUndefined();
    expect(readProductPlanChoices({}).productId).toBeUndefined();
  });

  it('reads plans from an array or a comma-separated string, dropping blanks', () => {
    const planIds = (value: unknown) => readProductPlanChoices({ planIds: value }).planIds;
    expect(planIds(['full', ' bump ', '', 3])).toEqual(['full', 'bump', '3']);
    expect(planIds('full, bump,,upsell')).toEqual(['full', 'bump', 'upsell']);
    expect(planIds(undefined)).toEqual([]);
    expect(planIds(null)).toEqual([]);
    expect(readProductPlanChoices({ planIds: 'a,b' }).planIds).toEqual(['a', 'b']);
  });

  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['YES', true],
    ['1', true],
    [1, true],
    ['on', true],
    ['false', false],
    ['no', false],
    [0, false],
    ['', false],
    [undefined, false],
  ])('reads the cents flag %p as %p', (raw, expected) => {
    expect(readProductPlanChoices({ pricesInCents: raw }).pricesInCents).toBe(expected);
  });
});

describe('subscribeInputOf and eventFiltersOf', () => {
  const choices = readProductPlanChoices({ productId: '87', planIds: ['full', 'bump'], pricesInCents: 'yes' });

  it('maps choices to operation 2 with the event as status and the given source', async () => {
    expect(
      await subscribeInputOf(choices, { hookUrl: 'https://hooks.example.com/1', event: 'purchased', source: 'n8n' }),
    ).toEqual({
      hook_url: 'https://hooks.example.com/1',
      product_id: '87',
      plan_id: ['full', 'bump'],
      status: 'purchased',
      source: 'n8n',
      prices_in_cents: true,
    });
  });

  it('sends no product when none was chosen', async () => {
    const any = readProductPlanChoices({});
    expect(
      await subscribeInputOf(any, { hookUrl: 'https://h.example.com', event: 'lead', source: 'zapier' }),
    ).toMatchObject({
      product_id: null,
      plan_id: [],
      prices_in_cents: false,
    });
    expect(eventFiltersOf('lead', any)).toEqual({ event: 'lead', productId: null, planIds: [] });
  });

  it('filters deliveries by event, product and plan', () => {
    const filters = eventFiltersOf('purchased', choices);
    expect(filters).toEqual({ event: 'purchased', productId: '87', planIds: ['full', 'bump'] });
    expect(matchesFilters({ trigger: 'purchased', product_id: '87', payment_plan_id: 'full' }, filters)).toBe(true);
    expect(matchesFilters({ trigger: 'purchased', product_id: '91', payment_plan_id: 'full' }, filters)).toBe(false);
    expect(matchesFilters({ trigger: 'refunded', product_id: '87', payment_plan_id: 'full' }, filters)).toBe(false);
  });

  it('gives recent examples the same product, plans and cents', () => {
    expect(recentOptionsOf(choices, 3)).toEqual({
      productId: '87',
      planIds: ['full', 'bump'],
      limit: 3,
      pricesInCents: true,
    });
  });
});

describe('plan choices', () => {
  const FULL: WebhookPlan = { id: 'full', name: 'Pay in full' };
  const BUMP: WebhookPlan = { id: 'bump', name: 'Purchased as a bump' };

  it('appends the missing purchase kinds after the plans, keeping those the store listed', () => {
    expect(planChoices([FULL, BUMP], { purchaseKinds: true })).toEqual([
      FULL,
      BUMP,
      { id: 'upsell', name: 'Purchased as an upsell' },
      { id: 'downsell', name: 'Purchased as a downsell' },
    ]);
  });

  it('leaves the purchase kinds out of a list of real plans', () => {
    expect(planChoices([FULL, BUMP], { purchaseKinds: false })).toEqual([FULL]);
  });

  it('tells purchase kinds from plan ids', () => {
    expect(['bump', 'upsell', 'downsell', 'full', 'Bump'].map(isPurchaseKind)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("asks the store for the product's plans (operation 5)", async () => {
    store().get(`${ROOT}/webhook/plans/`).query({ product_id: '87' }).reply(200, [FULL]);
    const plans = await productPlanChoices('87', () => clientFor(), { purchaseKinds: true });
    expect(plans.map((plan) => plan.id)).toEqual(['full', 'bump', 'upsell', 'downsell']);
  });

  it('without a product makes no client and asks nothing', async () => {
    const noClient = (): never => {
      throw new Error('no client expected');
    };
    await expect(productPlanChoices(undefined, noClient, { purchaseKinds: true })).resolves.toHaveLength(3);
    await expect(productPlanChoices(' ', noClient, { purchaseKinds: false })).resolves.toEqual([]);
  });
});

describe('parseDelivery and empty deliveries', () => {
  it('drops a record with nothing but a trigger field, for every trigger', () => {
    expect(parseDelivery({})).toEqual([]);
    expect(parseDelivery({ trigger: '' })).toEqual([]);
    expect(parseDelivery({ trigger: 'purchased' })).toEqual([]);
    const lead = { trigger: 'lead', customer_email: 'lead@example.com' };
    expect(parseDelivery([{}, { trigger: 'lead' }, lead])).toEqual([lead]);
  });
});
