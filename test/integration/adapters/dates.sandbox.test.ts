/**
 * Both platforms' paths hand on instants that match the store's record (docs/dates.md), against the
 * sandbox over real HTTP on both profiles: a live delivery through the Zapier trigger's perform and the
 * n8n trigger's webhook(), the Zapier searches, and n8n's Get and Get Many with Created After.
 */
import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import type { Order } from '@commerce-service/shared';
import type { SandboxProfile } from '../../../sandbox';
import { fakeExecute } from '../../unit/support/n8n/context';
import { runDelivery } from '../../unit/support/n8n/delivery';
import { SEARCH_PERFORMS, hookByTriggerKey, run, useSandboxWithCatcher } from '../support/zapier';
import { siteZoneLabel } from '../../../scripts/kit/client';

type Row = Record<string, unknown>;

const zone = (profile: SandboxProfile) => (profile === 'real' ? 'America/New_York' : 'UTC');

describe.each<SandboxProfile>(['spec', 'real'])('instants on both platforms (%s profile)', (profile) => {
  const setup = useSandboxWithCatcher(profile, { size: 200, seed: 21 });

  /** A live purchase near the site's midnight, as the store delivers it, and its order read back. */
  async function livePurchase(): Promise<{ body: unknown; order: Order & Row }> {
    setup.sandbox.setClock('2026-11-24T04:58:30Z');
    await setup.client.subscribeHook({ hook_url: setup.catcher.url, status: 'purchased', source: 'test' });
    await setup.sandbox.fireEvent({ type: 'purchased' });
    const [caught] = await setup.catcher.waitFor(1);
    const id = Number((caught?.body as Row).id);
    return { body: caught?.body, order: (await setup.client.getOrder(id)) as Order & Row };
  }

  test('a delivery through Zapier and n8n carries the instant of the store record', async () => {
    const { body, order } = await livePurchase();
    expect(order.date_time_iso).toBe(`${order.date_time.replace(' ', 'T')}Z`);
    // 04:59 UTC is 23:59 of the day before in New York: `date` is the site's day, the instant is exact.
    expect(order.date).toBe(profile === 'real' ? '2026-11-23' : '2026-11-24');

    const zapier = await run<Row[]>(hookByTriggerKey('product_purchased').perform, {
      authData: setup.auth,
      inputData: { verify_deliveries: false },
      cleanedRequest: body as Record<string, unknown>,
    });
    expect(zapier).toHaveLength(1);
    expect(zapier[0]).toMatchObject({
      date: order.date,
      date_time: order.date_time,
      date_time_iso: order.date_time_iso,
    });

    const { items, logs } = await runDelivery(new CommerceServiceTrigger(), {
      credentials: setup.auth,
      parameters: { event: 'purchased', productId: '', planIds: [], pricesInCents: false, verifyDeliveries: true },
      bodyData: body,
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ date_time: order.date_time, date_time_iso: order.date_time_iso });
    expect(logs.filter((line) => line.includes('time zone'))).toEqual([]);
  });

  test('searches and Get show the same instants, nested invoices included', async () => {
    const subscription = (await setup.client.listSubscriptions({ per_page: 20 })).items.find(
      (record) => record.invoices.length > 0,
    ) as unknown as Row & { id: number; invoices: Row[] };
    const [found] = (await run(SEARCH_PERFORMS.find_subscription, {
      authData: setup.auth,
      inputData: { subscription_id: String(subscription.id) },
    })) as unknown as Row[];
    const { context } = fakeExecute({
      credentials: setup.auth,
      parameters: { resource: 'subscription', operation: 'get', subscriptionId: String(subscription.id) },
    });
    const [output] = await new CommerceService().execute.call(context);
    const fromN8n = output?.[0]?.json as Row;
    for (const record of [found, fromN8n]) {
      expect(record?.date_time_iso).toBe(subscription.date_time_iso);
      const invoices = record?.invoices as Row[];
      expect(invoices.map((invoice) => invoice.date_time_iso)).toEqual(
        subscription.invoices.map((invoice) => invoice.date_time_iso),
      );
      // Invoice times are site-local: written with the site's offset, not Z.
      for (const invoice of invoices) expect(String(invoice.date_time_iso)).toMatch(/[+-]\d{2}:\d{2}$/);
    }
    expect(await siteZoneLabel(setup.client)).toBe(zone(profile));
  });

  test("n8n's Created After sends the site's day of a moment, and the store keeps only later days", async () => {
    const all: Row[] = [];
    for await (const order of setup.client.iterate((page) =>
      setup.client.listOrders({ ...page, orderby: 'date_created', order: 'asc' }),
    ))
      all.push(order as unknown as Row);
    // 02:00 UTC on a day of the store's history: still the day before in New York.
    const utcDay = String(all[Math.floor(all.length / 2)]?.date_time).slice(0, 10);
    const moment = `${utcDay}T02:00:00.000Z`;
    const siteDay =
      profile === 'real' ? new Date(Date.parse(`${utcDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : utcDay;
    const expected = all.filter((order) => String(order.date) > siteDay).slice(0, 100);
    expect(expected.length).toBeGreaterThan(0);
    const { context } = fakeExecute({
      credentials: setup.auth,
      parameters: {
        resource: 'order',
        operation: 'getAll',
        returnAll: false,
        limit: 100,
        filters: { dateAfter: moment },
        sort: { orderBy: 'date_created', order: 'asc' },
      },
    });
    const [output] = await new CommerceService().execute.call(context);
    const orders = (output ?? []).map((item) => item.json as Row);
    // Exactly the orders of the site's days after that day: none of the day itself, none missing.
    expect(orders.map((order) => order.id)).toEqual(expected.map((order) => order.id));
  });
});
