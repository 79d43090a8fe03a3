/**
 * What real stores answer (docs/service/real-stores.md) read into the documented shapes
 * (docs/service/shapes.md), through the client and the Node transport against nock.
 */
import { AuthenticationError, NotFoundError, ServerError, UnexpectedResponseError } from '@commerce-service/shared';
import { ROOT, clientFor, expectNoSecret, failure, recorder, store } from '../support/shared';
import { latestOrder } from '../support/deliveries';
import { PURCHASE_KINDS } from '../support/plans';
import { keyRefused } from '../support/wordpress';

const HOOK = 'https://hooks.zapier.com/hooks/standard/1/2/';

/** One 200 answer with a raw text body (nothing re-encoded). */
function answerText(method: 'get' | 'post', path: string, body: string, headers: Record<string, string> = {}) {
  return store()
    [method](path)
    .query(true)
    .reply(200, body, { 'content-type': 'application/json', ...headers });
}

describe('validate (1): any 2xx is success', () => {
  it.each([
    ['{}', '{}'],
    ['"" (real stores)', '""'],
    ['an empty body', ''],
    ['whitespace', ' \n'],
    ['a BOM and {}', '\uFEFF{}'],
  ])('answers %s -> resolves', async (_, body) => {
    answerText('post', `${ROOT}/webhook/validate/`, body);
    await expect(clientFor().validateKey()).resolves.toBeUndefined();
  });

  it('a 204 without body is success', async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(204);
    await expect(clientFor().validateKey()).resolves.toBeUndefined();
  });

  it('a PHP notice before "" is still success', async () => {
    answerText(
      'post',
      `${ROOT}/webhook/validate/`,
      '<br />\n<b>Notice</b>:  Undefined index: api_key in <b>/var/www/html/wp-content/plugins/studiocart/x.php</b> on line <b>12</b><br />\n""',
    );
    await expect(clientFor().validateKey()).resolves.toBeUndefined();
  });
});

describe('subscribe (2): the hook id is an opaque string', () => {
  it.each([
    ['a string (spec)', { id: '1732190400' }, '1732190400'],
    ['a number (real stores)', { id: 1732190400 }, '1732190400'],
    ['an array-wrapped record', [{ id: 77 }], '77'],
    ['extra fields', { id: '9', url: HOOK }, '9'],
  ])('id as %s', async (_, body, id) => {
    store()
      .post(`${ROOT}/webhook/subscribe/`)
      .query(true)
      .reply(200, body as object);
    await expect(clientFor().subscribeHook({ hook_url: HOOK })).resolves.toEqual({ id });
  });

  it.each([
    ['an empty body', ''],
    ['{}', '{}'],
    ['an id with spaces', '{"id": "a b"}'],
    ['null', 'null'],
  ])('rejects %s as an unexpected shape', async (_, body) => {
    answerText('post', `${ROOT}/webhook/subscribe/`, body);
    const error = await failure(clientFor().subscribeHook({ hook_url: HOOK }));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('Subscribe a webhook failed on shop.example.com');
    expect(error.message).toContain('does not have the expected shape');
    expect(error.message).toContain('webhook id');
    expectNoSecret(error);
  });
});

describe('unsubscribe (3): delete, fallback to zap-delete, "not found" is already deleted', () => {
  const invalidHandler = {
    code: 'rest_invalid_handler',
    message: 'The handler for the route is invalid.',
    data: { status: 500 },
  };
  const noRoute = {
    code: 'rest_no_route',
    message: 'No route was found matching the URL and request method.',
    data: { status: 404 },
  };
  const notFound = {
    code: 'rest_subscribe_error',
    message: 'no webhook with this ID found: 17',
    data: { status: 404 },
  };

  it('answers {id}: deleted, no fallback', async () => {
    store().post(`${ROOT}/webhook/delete/`).reply(200, { id: 17 });
    await expect(clientFor().deleteHook(17)).resolves.toEqual({ id: '17', alreadyGone: false });
  });

  it('500 rest_invalid_handler -> zap-delete with the same body; its [{url, id}] answer is a deletion', async () => {
    const first = recorder();
    const second = recorder();
    store().post(`${ROOT}/webhook/delete/`).reply(first.reply(500, invalidHandler));
    store()
      .post(`${ROOT}/webhook/zap-delete/`)
      .reply(second.reply(200, [{ url: HOOK, id: '17' }]));
    await expect(clientFor().deleteHook('17')).resolves.toEqual({ id: '17', alreadyGone: false });
    expect(second.last().pathname).toBe('/wp-json/sc/v1/webhook/zap-delete/');
    expect(second.last().method).toBe('POST');
    expect(JSON.parse(second.last().rawBody)).toEqual({ id: 17 });
    expect(JSON.parse(first.last().rawBody)).toEqual({ id: 17 });
    expect(second.last().query).toEqual({});
    expect(second.last().headers['x-api-key']).toBeUndefined();
  });

  it('404 rest_no_route -> zap-delete', async () => {
    store().post(`${ROOT}/webhook/delete/`).reply(404, noRoute);
    store()
      .post(`${ROOT}/webhook/zap-delete/`)
      .reply(200, [{ url: HOOK, id: '17' }]);
    await expect(clientFor().deleteHook('17')).resolves.toEqual({ id: '17', alreadyGone: false });
  });

  it('404 rest_subscribe_error on delete -> already gone, no fallback request', async () => {
    store().post(`${ROOT}/webhook/delete/`).reply(404, notFound);
    await expect(clientFor().deleteHook('17')).resolves.toEqual({ id: '17', alreadyGone: true });
  });

  it('404 rest_subscribe_error on zap-delete -> already gone', async () => {
    store().post(`${ROOT}/webhook/delete/`).reply(500, invalidHandler);
    store().post(`${ROOT}/webhook/zap-delete/`).reply(404, notFound);
    await expect(clientFor().deleteHook(17)).resolves.toEqual({ id: '17', alreadyGone: true });
  });

  it('zap-delete missing as well -> the NotFoundError of the API root', async () => {
    store().post(`${ROOT}/webhook/delete/`).reply(404, noRoute);
    store().post(`${ROOT}/webhook/zap-delete/`).reply(404, noRoute);
    const error = await failure(clientFor().deleteHook(17));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe('rest_no_route');
    expect(error.message).toContain('/wp-json/sc/v1');
  });

  it('zap-delete failing -> its ServerError', async () => {
    store().post(`${ROOT}/webhook/delete/`).reply(500, invalidHandler);
    store().post(`${ROOT}/webhook/zap-delete/`).reply(503, '');
    const error = await failure(clientFor().deleteHook(17));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(503);
    expect(error.operation).toBe('Delete a webhook');
  });

  it('401 on delete is not a reason to fall back', async () => {
    store().post(`${ROOT}/webhook/delete/`).reply(401, keyRefused(401));
    await expect(clientFor().deleteHook(17)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('a non-numeric id is sent as it is', async () => {
    const rec = recorder();
    store().post(`${ROOT}/webhook/delete/`).reply(rec.reply(200, {}));
    await expect(clientFor().deleteHook('hook-abc')).resolves.toEqual({ id: 'hook-abc', alreadyGone: false });
    expect(JSON.parse(rec.last().rawBody)).toEqual({ id: 'hook-abc' });
  });
});

describe('webhook products (4) and plans (5)', () => {
  it('null -> []', async () => {
    answerText('get', `${ROOT}/webhook/products/`, 'null');
    answerText('get', `${ROOT}/webhook/plans/`, 'null');
    await expect(clientFor().listWebhookProducts()).resolves.toEqual([]);
    await expect(clientFor().listWebhookPlans(87)).resolves.toEqual([]);
  });

  it('coerces ids: product id to an integer, plan id to a string; fills a missing name', async () => {
    store()
      .get(`${ROOT}/webhook/products/`)
      .reply(200, [{ id: '87', name: 'Sourdough Masterclass' }, { id: 91 }]);
    store()
      .get(`${ROOT}/webhook/plans/`)
      .query(true)
      .reply(200, [{ id: 3, name: 'Monthly' }, ...PURCHASE_KINDS]);
    await expect(clientFor().listWebhookProducts()).resolves.toEqual([
      { id: 87, name: 'Sourdough Masterclass' },
      { id: 91, name: '' },
    ]);
    await expect(clientFor().listWebhookPlans(87)).resolves.toEqual([{ id: '3', name: 'Monthly' }, ...PURCHASE_KINDS]);
  });

  it('reads a PHP associative array {"0": {...}, "1": {...}} as a list', async () => {
    store()
      .get(`${ROOT}/webhook/plans/`)
      .query(true)
      .reply(200, { '0': { id: 'full', name: 'Pay in full' }, '1': { id: 'bump', name: 'Purchased as a bump' } });
    await expect(clientFor().listWebhookPlans(87)).resolves.toEqual([
      { id: 'full', name: 'Pay in full' },
      { id: 'bump', name: 'Purchased as a bump' },
    ]);
  });

  it('reads a single record where a list belongs as a list of one; drops non-records', async () => {
    store().get(`${ROOT}/webhook/products/`).reply(200, { id: 87, name: 'Only' });
    store()
      .get(`${ROOT}/webhook/products/`)
      .reply(200, [{ id: 1, name: 'A' }, 'junk', null, 7]);
    await expect(clientFor().listWebhookProducts()).resolves.toEqual([{ id: 87, name: 'Only' }]);
    await expect(clientFor().listWebhookProducts()).resolves.toEqual([{ id: 1, name: 'A' }]);
  });

  it('an empty body or "" is an empty list', async () => {
    answerText('get', `${ROOT}/webhook/products/`, '');
    answerText('get', `${ROOT}/webhook/products/`, '""');
    await expect(clientFor().listWebhookProducts()).resolves.toEqual([]);
    await expect(clientFor().listWebhookProducts()).resolves.toEqual([]);
  });
});

describe('latest orders (6)', () => {
  const specRecord = latestOrder(1042);

  it('keeps a spec record as it is, saying its amounts are decimals (docs/amounts.md)', async () => {
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).reply(200, [specRecord]);
    await expect(clientFor().latestOrders()).resolves.toEqual([{ ...specRecord, amount_unit: 'decimal' }]);
  });

  it('404 no_orders -> []', async () => {
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(404, { code: 'no_orders', message: 'there are no orders for this product yet', data: { status: 404 } });
    await expect(clientFor().latestOrders({ product_id: 87 })).resolves.toEqual([]);
  });

  it('any other 404 is still an error', async () => {
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
    await expect(clientFor().latestOrders()).rejects.toBeInstanceOf(NotFoundError);
  });

  it('formats a numeric order_amount as a two-decimal string, and coerces ids', async () => {
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(200, [
        { ...specRecord, order_id: '1042', product_id: 87, order_amount: 49 },
        { ...specRecord, order_amount: '1,299.5' },
        { ...specRecord, order_amount: 19.999 },
      ]);
    const records = await clientFor().latestOrders();
    expect(records.map((r) => r.order_amount)).toEqual(['49.00', '1299.50', '20.00']);
    expect(records[0]?.order_id).toBe(1042);
    expect(records[0]?.product_id).toBe('87');
  });

  it('reads rich records (id/status instead of order_id/order_status) and keeps their extra fields', async () => {
    const rich = {
      trigger: 'purchased',
      id: 1042,
      customer_email: 'maya.lopez@example.com',
      product_id: '87',
      product_name: 'Sourdough Masterclass',
      order_amount: 49,
      currency: 'USD',
      status: 'paid',
      items: [{ product_name: 'Sourdough Masterclass', quantity: 1 }],
    };
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).reply(200, [rich]);
    const [record] = await clientFor().latestOrders();
    expect(record).toEqual({
      ...rich,
      order_id: 1042,
      order_status: 'paid',
      order_amount: '49.00',
      customer_firstname: '',
      customer_lastname: '',
      customer_name: '',
      amount_unit: 'decimal',
    });
  });

  it('fills a sparse record with empty values', async () => {
    store()
      .post(`${ROOT}/webhook/latest-orders/`)
      .query(true)
      .reply(200, { '0': { order_id: 5 } });
    await expect(clientFor().latestOrders()).resolves.toEqual([
      {
        order_id: 5,
        product_name: '',
        customer_email: '',
        customer_firstname: '',
        customer_lastname: '',
        customer_name: '',
        order_status: '',
        product_id: '',
        order_amount: '0.00',
        currency: '',
        amount_unit: 'decimal',
      },
    ]);
  });

  it('null -> []', async () => {
    answerText('post', `${ROOT}/webhook/latest-orders/`, 'null');
    await expect(clientFor().latestOrders()).resolves.toEqual([]);
  });
});

describe('REST resources (7 to 15)', () => {
  it('customer: numbers sent as strings are coerced, missing fields filled', async () => {
    store().get(`${ROOT}/customers/12`).reply(200, {
      id: '12',
      first_name: 'Maya',
      email: 'maya@example.com',
      lifetime_value: '1,299.50',
      total_orders: '3',
      last_order_date: null,
    });
    await expect(clientFor().getCustomer(12)).resolves.toEqual({
      id: 12,
      first_name: 'Maya',
      last_name: '',
      email: 'maya@example.com',
      date_created: '',
      date_created_iso: '',
      lifetime_value: 1299.5,
      lifetime_value_sent: 1299.5,
      total_orders: 3,
      last_order_date: '',
      last_order_date_iso: '',
      // 1299.5 is not whole cents: the store sends decimals, nothing to convert (docs/amounts.md).
      amount_unit: 'decimal',
    });
  });

  it('retrieve: an array-wrapped single record is the record', async () => {
    store()
      .get(`${ROOT}/customers/12`)
      .reply(200, [{ id: 12, email: 'a@example.com' }]);
    const customer = await clientFor().getCustomer(12);
    expect(customer.id).toBe(12);
    expect(customer.email).toBe('a@example.com');
  });

  it.each([
    ['[]', '[]'],
    ['null', 'null'],
    ['an empty body', ''],
    ['a JSON string', '"ok"'],
    ['a number', '42'],
    ['an object without id', '{}'],
    ['a record with a null id', '{"id": null, "status": "paid"}'],
  ])('retrieve answered with %s -> UnexpectedResponseError', async (_, body) => {
    answerText('get', `${ROOT}/orders/1042`, body);
    const error = await failure(clientFor().getOrder(1042));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toContain('Get an order failed on shop.example.com');
    expect(error.message).toContain('expected one record');
    expect(error.hint).toMatch(/Store URL/);
  });

  it('order: items coerced, missing fields filled, extra fields kept', async () => {
    store()
      .get(`${ROOT}/orders/1042`)
      .reply(200, {
        id: '1042',
        customer_email: 'maya@example.com',
        product_id: 87,
        order_amount: '168.00',
        tax_rate: '0.2',
        coupon_code: 'BREAD10',
        items: [{ product_name: 'Kit', quantity: '2', unit_price: '9.50', subtotal: 19, extra: true }, 'junk'],
      });
    const order = await clientFor().getOrder(1042);
    expect(order).toEqual({
      id: 1042,
      customer_firstname: '',
      customer_lastname: '',
      customer_name: '',
      customer_email: 'maya@example.com',
      product_id: '87',
      product_name: '',
      gateway: '',
      shipping_amount: 0,
      shipping_amount_sent: 0,
      date: '',
      date_time: '',
      date_time_iso: '',
      payment_plan: '',
      payment_plan_id: '',
      order_amount: 168,
      order_amount_sent: 168,
      tax_amount: 0,
      tax_amount_sent: 0,
      pre_tax_amount: 0,
      pre_tax_amount_sent: 0,
      tax_rate: 0.2,
      tax_type: '',
      currency: '',
      transaction_id: '',
      status: '',
      items: [
        {
          product_name: 'Kit',
          quantity: 2,
          subtotal: 19,
          subtotal_sent: 19,
          total_amount: 0,
          total_amount_sent: 0,
          tax_amount: 0,
          tax_amount_sent: 0,
          unit_price: 9.5,
          unit_price_sent: 9.5,
          sub_summary: '',
          extra: true,
        },
      ],
      invoice_total: 0,
      invoice_total_sent: 0,
      invoice_subtotal: 0,
      invoice_subtotal_sent: 0,
      website_url: '',
      order_url: '',
      link: '',
      coupon_code: 'BREAD10',
      // An item's 9.50 is not whole cents: decimals, as sent (docs/amounts.md).
      amount_unit: 'decimal',
    });
  });

  it('orders: items null or not a list become [], a non-numeric amount 0', async () => {
    store()
      .get(`${ROOT}/orders`)
      .reply(200, [
        { id: 1, items: null, order_amount: 'n/a' },
        { id: 2, items: 'n/a' },
      ]);
    const page = await clientFor().listOrders();
    expect(page.items.map((o) => o.items)).toEqual([[], []]);
    expect(page.items[0]?.order_amount).toBe(0);
  });

  it('subscription: invoices as an object of records, trial_days from a string, frequency kept a string', async () => {
    store()
      .get(`${ROOT}/subscriptions/2051`)
      .reply(200, {
        id: 2051,
        status: 'active',
        amount: '29',
        frequency: 1,
        trial_days: '7',
        sign_up_fee: '10.00',
        invoices: { '0': { id: '2052', order_amount: '39.00', status: 'paid' }, '1': { id: 2060, date: '2026-12-20' } },
      });
    const sub = await clientFor().getSubscription(2051);
    expect(sub.amount).toBe(29);
    expect(sub.frequency).toBe('1');
    expect(sub.trial_days).toBe(7);
    expect(sub.sign_up_fee).toBe(10);
    expect(sub.next_bill_date).toBe('');
    expect(sub.invoices).toEqual([
      {
        id: 2052,
        status: 'paid',
        order_amount: 39,
        order_amount_sent: 39,
        date: '',
        date_time: '',
        date_time_iso: '',
        link: '',
      },
      {
        id: 2060,
        status: '',
        order_amount: 0,
        order_amount_sent: 0,
        date: '2026-12-20',
        date_time: '',
        date_time_iso: '',
        link: '',
      },
    ]);
  });

  it('subscription: missing trial_days is 0 (an integer in the spec)', async () => {
    store().get(`${ROOT}/subscriptions/2051`).reply(200, { id: 2051 });
    const sub = await clientFor().getSubscription(2051);
    expect(sub.trial_days).toBe(0);
    expect(sub.invoices).toEqual([]);
  });

  it('product: plans null -> []; is_on_sale from a string or boolean', async () => {
    store().get(`${ROOT}/products/87`).reply(200, { id: 87, name: 'Masterclass', is_on_sale: '1', plans: null });
    store().get(`${ROOT}/products/88`).reply(200, { id: 88, is_on_sale: true });
    const product = await clientFor().getProduct(87);
    expect(product).toEqual({
      id: 87,
      name: 'Masterclass',
      status: '',
      description: '',
      date_created: '',
      date_created_iso: '',
      date_updated: '',
      date_updated_iso: '',
      url: '',
      image_url: '',
      is_on_sale: 1,
      plans: [],
    });
    expect((await clientFor().getProduct(88)).is_on_sale).toBe(1);
  });

  it('product plans: trial_days null stays null, missing or "" is null, digits an integer', async () => {
    store()
      .get(`${ROOT}/products`)
      .reply(200, [
        {
          id: 87,
          plans: [
            {
              id: 'full',
              name: 'Pay in full',
              price_type: 'fixed',
              price: '149.00',
              installments: -1,
              trial_days: null,
            },
            {
              id: 3,
              name: 'Monthly',
              price_type: 'recurring',
              price: 29,
              interval: 'month',
              frequency: '1',
              trial_days: '14',
              signup_fee: '10',
            },
            { id: 'x', trial_days: '' },
          ],
        },
      ]);
    const page = await clientFor().listProducts();
    expect(page.items[0]?.plans).toEqual([
      {
        id: 'full',
        name: 'Pay in full',
        price_type: 'fixed',
        price: 149,
        price_sent: 149,
        installments: '-1',
        interval: '',
        frequency: 0,
        trial_days: null,
        signup_fee: 0,
        signup_fee_sent: 0,
      },
      {
        id: '3',
        name: 'Monthly',
        price_type: 'recurring',
        price: 29,
        price_sent: 29,
        installments: '',
        interval: 'month',
        frequency: 1,
        trial_days: 14,
        signup_fee: 10,
        signup_fee_sent: 10,
      },
      {
        id: 'x',
        name: '',
        price_type: '',
        price: 0,
        price_sent: 0,
        installments: '',
        interval: '',
        frequency: 0,
        trial_days: null,
        signup_fee: 0,
        signup_fee_sent: 0,
      },
    ]);
  });

  it('lists: null, "" and an empty body are empty pages', async () => {
    answerText('get', `${ROOT}/products`, 'null');
    answerText('get', `${ROOT}/customers`, '');
    answerText('get', `${ROOT}/subscriptions`, '""');
    await expect(clientFor().listProducts()).resolves.toEqual({ items: [] });
    await expect(clientFor().listCustomers()).resolves.toEqual({ items: [] });
    await expect(clientFor().listSubscriptions()).resolves.toEqual({ items: [] });
  });

  it('lists: a PHP associative array is a list; a single record is a list of one', async () => {
    store()
      .get(`${ROOT}/customers`)
      .reply(200, { '0': { id: 1 }, '1': { id: '2' } });
    store().get(`${ROOT}/customers`).reply(200, { id: 3, email: 'c@example.com' });
    expect((await clientFor().listCustomers()).items.map((c) => c.id)).toEqual([1, 2]);
    expect((await clientFor().listCustomers()).items.map((c) => c.email)).toEqual(['c@example.com']);
  });
});

describe('noise before the JSON', () => {
  const products = [{ id: 87, name: 'Sourdough Masterclass' }];

  it('a byte-order mark', async () => {
    answerText('get', `${ROOT}/webhook/products/`, `\uFEFF${JSON.stringify(products)}`);
    await expect(clientFor().listWebhookProducts()).resolves.toEqual(products);
  });

  it('an HTML PHP notice', async () => {
    answerText(
      'get',
      `${ROOT}/webhook/products/`,
      `<br />\n<b>Notice</b>:  Undefined variable: post in <b>/var/www/html/wp-content/themes/x/functions.php</b> on line <b>12</b><br />\n${JSON.stringify(products)}`,
    );
    await expect(clientFor().listWebhookProducts()).resolves.toEqual(products);
  });

  it('an HTML PHP warning and a deprecation, then a BOM', async () => {
    answerText(
      'get',
      `${ROOT}/customers/1`,
      '\uFEFF<br />\n<b>Warning</b>:  Cannot modify header information in <b>/x.php</b> on line <b>3</b><br />\n<br />\n<b>Deprecated</b>:  Function create_function() is deprecated in <b>/y.php</b> on line <b>9</b><br />\n{"id":"1","email":"a@example.com"}',
    );
    const customer = await clientFor().getCustomer(1);
    expect(customer.id).toBe(1);
    expect(customer.email).toBe('a@example.com');
  });

  it('a plain-text PHP Warning line', async () => {
    answerText(
      'get',
      `${ROOT}/webhook/products/`,
      `PHP Warning:  Undefined array key "x" in /var/www/html/wp-content/plugins/p.php on line 7\n${JSON.stringify(products)}`,
    );
    await expect(clientFor().listWebhookProducts()).resolves.toEqual(products);
  });

  it('a plain-text notice before the subscribe answer {id}', async () => {
    answerText(
      'post',
      `${ROOT}/webhook/subscribe/`,
      'Notice: Undefined index: status in /x.php on line 4\n{"id": 1732190400}',
    );
    await expect(clientFor().subscribeHook({ hook_url: HOOK })).resolves.toEqual({ id: '1732190400' });
  });
});

describe('pagination headers', () => {
  it('X-WP-Total and X-WP-TotalPages go into the Page', async () => {
    store()
      .get(`${ROOT}/orders`)
      .query(true)
      .reply(200, [{ id: 1 }], {
        'X-WP-Total': '42',
        'X-WP-TotalPages': '5',
        Link: '<https://shop.example.com/wp-json/sc/v1/orders?page=2>; rel="next"',
      });
    const page = await clientFor().listOrders({ per_page: 10 });
    expect(page.total).toBe(42);
    expect(page.totalPages).toBe(5);
    expect(page.items).toHaveLength(1);
  });

  it('absent or unreadable headers leave total and totalPages out', async () => {
    store().get(`${ROOT}/customers`).reply(200, []);
    store().get(`${ROOT}/customers`).reply(200, [], { 'X-WP-Total': 'many', 'X-WP-TotalPages': '' });
    for (let i = 0; i < 2; i += 1) {
      const page = await clientFor().listCustomers();
      expect(Object.keys(page)).toEqual(['items']);
    }
  });

  it('total 0 is kept', async () => {
    store().get(`${ROOT}/subscriptions`).reply(200, [], { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' });
    await expect(clientFor().listSubscriptions()).resolves.toEqual({ items: [], total: 0, totalPages: 0 });
  });
});
