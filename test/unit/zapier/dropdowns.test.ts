import { listPlans } from '../../../zapier/src/triggers/plans';
import { listProducts } from '../../../zapier/src/triggers/products';
import { AUTH, ROOT, type Seen, appTester, seenRequest, store, failure, trigger } from '../support/zapier';
import { useTimerSleep } from '../support/sleep';
import { BUMP, PURCHASE_KINDS, UPSELL } from '../support/plans';

/** Retries wait on Node's timers: recorded here instead of slept. */
const sleeps = useTimerSleep();

const products = trigger('product_list');
const plans = trigger('plan_list');

describe('Product dropdown (hidden trigger, operation 4)', () => {
  it("is hidden and lists the store's products by id and name, without a key", async () => {
    expect(products.display.hidden).toBe(true);
    const seen: Seen[] = [];
    store()
      .get(`${ROOT}/webhook/products/`)
      .reply(function (uri, body) {
        seen.push(seenRequest(uri, body, this.req.headers));
        return [
          200,
          [
            { id: 91, name: 'Bread Club' },
            { id: '87', name: 'Sourdough Masterclass' },
          ],
        ];
      });
    const result = await appTester(listProducts, { authData: AUTH, meta: { isFillingDynamicDropdown: true } });
    expect(result).toEqual([
      { id: '91', name: 'Bread Club' },
      { id: '87', name: 'Sourdough Masterclass' },
    ]);
    expect(seen[0]?.query).toEqual({});
    expect(seen[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('a store that is down is asked 3 times, then gives a clear error', async () => {
    let requests = 0;
    store()
      .get(`${ROOT}/webhook/products/`)
      .times(3)
      .reply(() => {
        requests += 1;
        return [502, '<html><head><title>502 Bad Gateway</title></head></html>'];
      });
    const error = await failure(appTester(listProducts, { authData: AUTH }));
    expect(error.text).toMatch(/List products failed on shop\.example\.com after 3 attempts: .*502 Bad Gateway/);
    expect(requests).toBe(3);
    expect(sleeps.waits).toHaveLength(2);
  });
});

describe('Plans dropdown (hidden trigger, operation 5)', () => {
  it("is hidden and lists the chosen product's plans with bump, upsell and downsell", async () => {
    expect(plans.display.hidden).toBe(true);
    store()
      .get(`${ROOT}/webhook/plans/`)
      .query({ product_id: '87' })
      .reply(200, [{ id: 'full', name: 'Pay in full' }, BUMP, UPSELL]);
    const result = await appTester(listPlans, { authData: AUTH, inputData: { product_id: '87' } });
    expect(result).toEqual([{ id: 'full', name: 'Pay in full' }, ...PURCHASE_KINDS]);
  });

  it("keeps a real store's own purchase-kind entries without repeating them", async () => {
    store()
      .get(`${ROOT}/webhook/plans/`)
      .query({ product_id: '87' })
      .reply(200, [{ id: 'full', name: 'Pay in full' }, ...PURCHASE_KINDS]);
    const result = await appTester(listPlans, { authData: AUTH, inputData: { product_id: 87 } });
    expect(result.map((plan) => plan.id)).toEqual(['full', 'bump', 'upsell', 'downsell']);
  });

  it('without a product offers only how the product was bought, asking the store nothing', async () => {
    const result = await appTester(listPlans, { authData: AUTH, inputData: {} });
    expect(result.map((plan) => plan.id)).toEqual(['bump', 'upsell', 'downsell']);
  });

  it('a store answering `null` for a product has no plans of its own', async () => {
    store().get(`${ROOT}/webhook/plans/`).query(true).reply(200, 'null', { 'content-type': 'application/json' });
    const result = await appTester(listPlans, { authData: AUTH, inputData: { product_id: '5' } });
    expect(result.map((plan) => plan.id)).toEqual(['bump', 'upsell', 'downsell']);
  });
});
