/** One unit for money (docs/amounts.md): the conversion read from the field tables, and how a client tells the REST unit. */
import type { Notice } from '../../../shared/src/platform/port';
import { handOnAmounts, withAmountsAsSent } from '@commerce-service/shared';
import { type UnitProbe, readRestAmountUnit } from '../../../shared/src/amountUnit';
import { DELIVERY_FIELDS } from '../../../shared/src/resources/tables';
import { ORDER_FIELDS } from '../../../shared/src/resources/tables/order';
import { PRODUCT_FIELDS } from '../../../shared/src/resources/tables/product';
import type { LatestOrder } from '@commerce-service/shared';
import { clientFor, KEY } from '../support/shared';
import { serveRecords, type StoreRecords } from '../support/storeRecords';
import { SiteFacts } from '../../../shared/src/siteFacts';

const REST_ORDER = {
  id: 1042,
  currency: 'USD',
  order_amount: 4950,
  tax_amount: 0,
  status: 'paid',
  items: [{ product_name: 'Kit', quantity: 2, unit_price: 1999, subtotal: 3998, sub_summary: '$19.99' }],
};

describe('handOnAmounts', () => {
  it('gives REST cents as decimals, nested items too, with the store value beside each amount', () => {
    const order = handOnAmounts(REST_ORDER, ORDER_FIELDS, { from: 'cents', to: 'decimal', sent: 'always' });
    expect(order).toEqual({
      id: 1042,
      currency: 'USD',
      order_amount: 49.5,
      order_amount_sent: 4950,
      tax_amount: 0,
      tax_amount_sent: 0,
      status: 'paid',
      items: [
        {
          product_name: 'Kit',
          quantity: 2,
          unit_price: 19.99,
          unit_price_sent: 1999,
          subtotal: 39.98,
          subtotal_sent: 3998,
          sub_summary: '$19.99',
        },
      ],
      amount_unit: 'decimal',
    });
  });

  it('converts plans of a product, which names no currency, in the store currency given', () => {
    const product = { id: 87, name: 'Bread', plans: [{ id: 'full', price: 14900, signup_fee: 0 }] };
    expect(handOnAmounts(product, PRODUCT_FIELDS, { from: 'cents', to: 'decimal', currency: 'USD' })).toEqual({
      id: 87,
      name: 'Bread',
      plans: [{ id: 'full', price: 149, price_sent: 14900, signup_fee: 0, signup_fee_sent: 0 }],
      amount_unit: 'decimal',
    });
    // The same store in yen: whole yen in either unit, nothing divided.
    const yen = handOnAmounts(product, PRODUCT_FIELDS, { from: 'cents', to: 'decimal', currency: 'JPY' });
    expect(yen.plans[0]?.price).toBe(14900);
  });

  it('leaves a zero-decimal currency as it is in either direction, and says the asked unit', () => {
    const record = { trigger: 'purchased', currency: 'jpy', order_amount: 1500 };
    expect(handOnAmounts(record, DELIVERY_FIELDS, { from: 'decimal', to: 'cents' })).toEqual({
      ...record,
      amount_unit: 'cents',
    });
    expect(handOnAmounts(record, DELIVERY_FIELDS, { from: null, to: 'decimal' })).toEqual({
      ...record,
      amount_unit: 'decimal',
    });
  });

  it('an unknown unit is never guessed: amounts as sent, amount_unit "unknown"', () => {
    const order: Record<string, unknown> = handOnAmounts(REST_ORDER, ORDER_FIELDS, {
      from: null,
      to: 'decimal',
      sent: 'always',
    });
    expect(order.order_amount).toBe(4950);
    expect(order.order_amount_sent).toBe(4950);
    expect(order.amount_unit).toBe('unknown');
  });

  it('decimals to cents rounds to whole cents; a delivery in the unit asked is not changed', () => {
    const delivery = { trigger: 'purchased', currency: 'EUR', order_amount: 19.999, items: [{ unit_price: 0.1 }] };
    expect(handOnAmounts(delivery, DELIVERY_FIELDS, { from: 'decimal', to: 'cents' })).toMatchObject({
      order_amount: 2000,
      order_amount_sent: 19.999,
      items: [{ unit_price: 10, unit_price_sent: 0.1 }],
    });
    expect(handOnAmounts(delivery, DELIVERY_FIELDS, { from: 'decimal', to: 'decimal' })).toEqual({
      ...delivery,
      amount_unit: 'decimal',
    });
  });

  it('a record without amounts (a lead) gets no unit; a second pass changes nothing', () => {
    const lead = { trigger: 'lead', customer_email: 'a@example.com' };
    expect(handOnAmounts(lead, DELIVERY_FIELDS, { from: 'decimal', to: 'decimal' })).toEqual(lead);
    const once = handOnAmounts(REST_ORDER, ORDER_FIELDS, { from: 'cents', to: 'decimal', sent: 'always' });
    expect(handOnAmounts(once, ORDER_FIELDS, { from: 'cents', to: 'decimal', sent: 'always' })).toEqual(once);
  });

  it('withAmountsAsSent gives the record as the store sent it back, whatever the unit reading was', () => {
    const converted = handOnAmounts(REST_ORDER, ORDER_FIELDS, { from: 'cents', to: 'decimal', sent: 'always' });
    const unknown = handOnAmounts(REST_ORDER, ORDER_FIELDS, { from: null, to: 'decimal', sent: 'always' });
    expect(withAmountsAsSent(converted, ORDER_FIELDS)).toEqual(REST_ORDER);
    expect(withAmountsAsSent(unknown, ORDER_FIELDS)).toEqual(REST_ORDER);
  });
});

function latest(order_id: number, order_amount: string, currency = 'USD'): LatestOrder {
  return {
    order_id,
    order_amount,
    currency,
    product_name: '',
    customer_email: '',
    customer_firstname: '',
    customer_lastname: '',
    customer_name: '',
    order_status: 'paid',
    product_id: '',
  };
}

function probe(records: LatestOrder[] | Error, rest: Record<number, unknown> = {}): UnitProbe & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    latestOrders: () => (records instanceof Error ? Promise.reject(records) : Promise.resolve(records)),
    restOrderAmount: (id) => {
      asked.push(id);
      return id in rest ? Promise.resolve(rest[id]) : Promise.reject(new Error(`no order ${id}`));
    },
  };
}

const NONE = { orderAmounts: new Map<number, number>(), amounts: [] };

describe('readRestAmountUnit', () => {
  it('a fractional amount proves decimals, with no request', async () => {
    const reading = await readRestAmountUnit(probe(new Error('not asked')), { ...NONE, amounts: [4900, 19.5] });
    expect(reading).toMatchObject({ unit: 'decimal' });
  });

  it('an order in hand, 100 times its latest-orders amount: cents, no REST read', async () => {
    const p = probe([latest(7, '0.00'), latest(5, '49.50')]);
    const reading = await readRestAmountUnit(p, { orderAmounts: new Map([[5, 4950]]), amounts: [4950] });
    expect(reading).toMatchObject({ unit: 'cents', currency: 'USD' });
    expect(p.asked).toEqual([]);
  });

  it('otherwise one order is read through the REST API: the same amount is decimals', async () => {
    const p = probe([latest(5, '49.00')], { 5: 49 });
    await expect(readRestAmountUnit(p, { ...NONE, amounts: [49] })).resolves.toMatchObject({ unit: 'decimal' });
    expect(p.asked).toEqual([5]);
  });

  it.each<[string, UnitProbe, RegExp]>([
    ['no recent order', probe([]), /no recent order/],
    ['only zero-decimal or free orders', probe([latest(5, '1500.00', 'JPY'), latest(6, '0.00')]), /no amount/],
    [
      'latest-orders refused',
      probe(new Error('the store refused the API key')),
      /could not be read: the store refused/,
    ],
    ['the order unreadable', probe([latest(5, '49.00')]), /a recent order could not be read/],
    [
      'neither the same nor 100 times',
      probe([latest(5, '49.00')], { 5: 490 }),
      /neither the same amount nor 100 times/,
    ],
  ])('cannot tell when %s, and says why', async (_, unitProbe, reason) => {
    const reading = await readRestAmountUnit(unitProbe, { ...NONE, amounts: [4900] });
    expect(reading.unit).toBeNull();
    expect(reading.unit === null ? reading.reason : '').toMatch(reason);
  });
});

describe('a client hands REST amounts on in decimals', () => {
  function realStore(): StoreRecords {
    const store = serveRecords();
    store.order({ order_amount: 4950, currency: 'USD' });
    store.order({ order_amount: 12900, currency: 'USD' });
    return store;
  }

  /** A real store whose latest-orders amounts are neither the REST amounts nor a hundredth of them, and a client logging into `notices`. */
  function storeOfUnknownUnit() {
    realStore().latestAmount = (amount) => amount / 7;
    const notices: Notice[] = [];
    return { notices, client: clientFor({}, { onNotice: (notice) => notices.push(notice) }) };
  }

  it('reads the unit once per client, from the orders in hand: one latest-orders request', async () => {
    const store = realStore();
    const client = clientFor();
    const page = await client.listOrders();
    const handed = page.items as Record<string, unknown>[];
    expect(handed.map((order) => [order.order_amount, order.order_amount_sent, order.amount_unit])).toEqual([
      [129, 12900, 'decimal'],
      [49.5, 4950, 'decimal'],
    ]);
    const one = await client.getOrder(page.items[1]!.id);
    expect(one.order_amount).toBe(49.5);
    expect(store.latestRequests).toHaveLength(1);
  });

  it('a Get of an order not among the recent ones reads one recent order to compare (2 requests, once)', async () => {
    const store = realStore();
    const old = store.order({ order_amount: 100, currency: 'USD' });
    for (let n = 0; n < 10; n += 1) store.order({ order_amount: 2500, currency: 'USD' });
    const before = store.requests.length;
    const order = await clientFor().getOrder(old);
    expect(order).toMatchObject({ order_amount: 1, order_amount_sent: 100, amount_unit: 'decimal' });
    expect(store.latestRequests).toHaveLength(1);
    expect(store.requests.length - before).toBe(2);
  });

  it('a store whose REST API sends decimals keeps them', async () => {
    const store = realStore();
    store.latestAmount = (amount) => amount;
    const order = await clientFor().getOrder(100);
    expect(order).toMatchObject({ order_amount: 4950, order_amount_sent: 4950, amount_unit: 'decimal' });
  });

  it('when it cannot tell, the records say "unknown", amounts stay as sent, and one notice says why', async () => {
    const { client, notices } = storeOfUnknownUnit();
    const page = await client.listOrders();
    await client.getOrder(100);
    const handed = page.items as Record<string, unknown>[];
    expect(handed.map((order) => [order.order_amount, order.amount_unit])).toEqual([
      [12900, 'unknown'],
      [4950, 'unknown'],
    ]);
    const warnings = notices.filter((notice) => /unit of the amounts/.test(notice.message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/shop\.example\.com.*neither the same amount nor 100 times.*"unknown"/);
    expect(warnings[0]?.message).not.toContain(KEY);
  });

  it('the notice names no order and no amount (notices hold no customer data)', async () => {
    const { client, notices } = storeOfUnknownUnit();
    const page = await client.listOrders();
    const [notice] = notices.map(({ message }) => message);
    expect(notice).toMatch(/unit of the amounts/);
    // "100 times" is the rule it names, not an amount.
    const message = notice?.replace('100 times', '');
    for (const order of page.items as Record<string, unknown>[]) {
      for (const shown of [order.id, order.order_amount, Number(order.order_amount) / 7]) {
        expect(message).not.toMatch(new RegExp(`\\b${String(shown).replace('.', '\\.')}\\b`));
      }
    }
  });

  it('reads the unit without building the records it reads: a fact never asks for a fact', async () => {
    realStore();
    const rule = jest.spyOn(SiteFacts.prototype, 'amountRule');
    try {
      await clientFor().getOrder(100);
      // Once for the order asked for; the latest orders and the order read to compare build none.
      expect(rule).toHaveBeenCalledTimes(1);
    } finally {
      rule.mockRestore();
    }
  });

  it('a caller that knows the unit (restAmountUnit) costs no comparison; verification reads amounts as sent', async () => {
    const store = realStore();
    const client = clientFor({}, { restAmountUnit: 'cents' });
    expect((await client.getOrder(100)).order_amount).toBe(49.5);
    expect((await clientFor().getOrder(100, { amounts: false })).order_amount).toBe(4950);
    expect(store.latestRequests).toHaveLength(0);
  });
});
