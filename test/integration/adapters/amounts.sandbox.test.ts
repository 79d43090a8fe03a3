/**
 * One order shows the same amount on every path of both platforms (docs/amounts.md), against the
 * sandbox over real HTTP on both profiles (`spec`: REST decimals; `real`: REST cents): a live delivery
 * through Zapier's perform and n8n's webhook(), n8n's polling trigger, Zapier's Find Order, n8n's Get,
 * Get Many and Get Latest, nested items included; and cents where the hook asked for them.
 */
import type { IDataObject } from 'n8n-workflow';
import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { CommerceServicePollingTrigger } from '../../../n8n/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node';
import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import type { SandboxProfile } from '../../../sandbox';
import { fakeExecute, fakePoll } from '../../unit/support/n8n/context';
import { runDelivery } from '../../unit/support/n8n/delivery';
import {
  SEARCH_PERFORMS,
  hookByTriggerKey,
  run,
  startCatcher,
  useSandboxWithCatcher,
  type Catcher,
} from '../support/zapier';

type Row = Record<string, unknown>;

/** The amounts a user maps: the order's, and its items' unit prices. */
const amountsOf = (record: Row | undefined) => ({
  order_amount: Number(record?.order_amount),
  unit_prices: ((record?.items as Row[] | undefined) ?? []).map((item) => Number(item.unit_price)),
  amount_unit: record?.amount_unit,
});

describe.each<SandboxProfile>(['spec', 'real'])('the same amount on both platforms (%s profile)', (profile) => {
  const setup = useSandboxWithCatcher(profile, { size: 60, seed: 25 });
  let centsCatcher: Catcher;
  beforeAll(async () => {
    centsCatcher = await startCatcher();
  });
  afterAll(() => centsCatcher.close());

  async function n8nExecute(parameters: IDataObject): Promise<Row[]> {
    const { context } = fakeExecute({ credentials: setup.auth, parameters });
    const [output] = await new CommerceService().execute.call(context);
    return (output ?? []).map((item) => item.json as Row);
  }

  /** A purchase delivered to Zapier's hook perform (never verifying) and n8n's webhook trigger: the first record of each. */
  async function deliverToBoth(body: Row, options: { inCents: boolean; n8nVerifies: boolean }): Promise<Row[]> {
    const zapier = await run<Row[]>(hookByTriggerKey('product_purchased').perform, {
      authData: setup.auth,
      inputData: { verify_deliveries: false, ...(options.inCents ? { prices_in_cents: true } : {}) },
      cleanedRequest: body,
    });
    const n8n = await runDelivery(new CommerceServiceTrigger(), {
      credentials: setup.auth,
      parameters: {
        event: 'purchased',
        productId: '',
        planIds: [],
        pricesInCents: options.inCents,
        verifyDeliveries: options.n8nVerifies,
      },
      bodyData: body,
    });
    return [zapier[0] as Row, n8n.items[0] as Row];
  }

  test('a purchase through both webhook triggers, the polling trigger, Find Order, Get, Get Many and Get Latest', async () => {
    // The polling trigger's first poll remembers the store as it is.
    const polling = new CommerceServicePollingTrigger();
    const { sandbox, catcher, client, auth } = setup;
    // n8n's `this` for a poll, the workflow's static data kept apart as n8n keeps it (the durable poll cursor, docs/polling.md).
    const { context: pollContext } = fakePoll({
      credentials: auth,
      parameters: { event: 'purchased', productId: '', planIds: [] },
    });
    expect(await polling.poll.call(pollContext)).toBeNull();

    await client.subscribeHook({ hook_url: catcher.url, status: 'purchased', source: 'test' });
    await client.subscribeHook({ hook_url: centsCatcher.url, status: 'purchased', prices_in_cents: true });
    await sandbox.fireEvent({ type: 'purchased' });
    const decimal = (await catcher.waitFor(1))[0]?.body as Row;
    const cents = (await centsCatcher.waitFor(1))[0]?.body as Row;
    const id = Number(decimal.id);
    // What the store's REST API sends for it: decimals on the spec profile, cents on the real one.
    const sent = (await client.getOrder(id, { amounts: false })) as unknown as Row;
    const expected = { ...amountsOf(decimal), amount_unit: 'decimal' };
    expect(expected.order_amount).toBeGreaterThan(0);
    expect(Number(sent.order_amount)).toBe(profile === 'real' ? expected.order_amount * 100 : expected.order_amount);

    const [zapierDelivery, n8nDelivery] = await deliverToBoth(decimal, { inCents: false, n8nVerifies: true });
    const polled = ((await polling.poll.call(pollContext))?.[0] ?? []).map((item) => item.json as Row);
    const [found] = (await run(SEARCH_PERFORMS.find_order, {
      authData: auth,
      inputData: { order_id: String(id) },
    })) as unknown as Row[];
    const [got] = await n8nExecute({ resource: 'order', operation: 'get', orderId: String(id) });
    const many = await n8nExecute({ resource: 'order', operation: 'getAll', returnAll: false, limit: 5 });
    const latest = await n8nExecute({ resource: 'order', operation: 'getLatest', status: '' });

    expect(polled.map((record) => record.id)).toEqual([id]);
    for (const record of [zapierDelivery, n8nDelivery, polled[0], found, got, many.find((o) => o.id === id)])
      expect(amountsOf(record)).toEqual(expected);
    const latestRecord = latest.find((record) => record.order_id === id);
    expect([Number(latestRecord?.order_amount), latestRecord?.amount_unit]).toEqual([expected.order_amount, 'decimal']);
    // REST records keep the store's own number beside each amount.
    for (const record of [polled[0], found, got]) expect(record?.order_amount_sent).toBe(sent.order_amount);

    // Cents where the user asked: the hook with Amounts in Cents, through both platforms.
    for (const record of await deliverToBoth(cents, { inCents: true, n8nVerifies: false })) {
      expect(amountsOf(record)).toEqual({
        order_amount: Math.round(expected.order_amount * 100),
        unit_prices: expected.unit_prices.map((price) => Math.round(price * 100)),
        amount_unit: 'cents',
      });
    }
  });

  test('products, their plans and customers are in decimals too, the store’s number beside each', async () => {
    const products = await n8nExecute({ resource: 'product', operation: 'getAll', returnAll: false, limit: 3 });
    const plan = (products[0]?.plans as Row[])[0] as Row;
    expect(products[0]?.amount_unit).toBe('decimal');
    expect(plan.price_sent).toBe(profile === 'real' ? Math.round(Number(plan.price) * 100) : plan.price);
    const [customer] = await n8nExecute({ resource: 'customer', operation: 'getAll', returnAll: false, limit: 1 });
    expect(customer?.amount_unit).toBe('decimal');
    expect(customer?.lifetime_value_sent).toBe(
      profile === 'real' ? Math.round(Number(customer?.lifetime_value) * 100) : customer?.lifetime_value,
    );
  });
});
