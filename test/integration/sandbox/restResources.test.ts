/** Operations 7 to 15: fields and types of docs/service/shapes.md, keys, ids and links (spec profile). */
import { API_ROOT, expectRestError, httpRequest } from '../support/httpClient';
import { useSandboxStore } from '../support/sandbox';
import { CUSTOMER, INVOICE, ORDER, ORDER_ITEM, PLAN, PRODUCT, shapeProblems, SUBSCRIPTION } from './specShapes';

const { sandbox, store } = useSandboxStore({ size: 200, seed: 3 });

type Json = Record<string, unknown>;
const list = async (path: string, query: Record<string, string | number> = {}): Promise<Json[]> => {
  const response = await store.rest(path, { query });
  expect(response.status).toBe(200);
  return response.json<Json[]>();
};

describe('7 and 8 customers', () => {
  it('lists and retrieves customers with exactly the spec fields', async () => {
    const customers = await list('/customers', { per_page: 100 });
    expect(customers.length).toBeGreaterThan(10);
    for (const customer of customers) expect(shapeProblems(customer, CUSTOMER)).toEqual([]);
    const one = await store.rest(`/customers/${String(customers[0].id)}`);
    expect(one.status).toBe(200);
    expect(one.json()).toEqual(customers[0]);
  });

  it("agrees with the customer's orders: count, latest date, value", async () => {
    const orders = [
      ...(await list('/orders', { per_page: 100, page: 1 })),
      ...(await list('/orders', { per_page: 100, page: 2 })),
    ];
    const customers = await list('/customers', { per_page: 100 });
    for (const customer of customers.slice(0, 20)) {
      const own = orders.filter((order) => order.customer_email === customer.email);
      expect(own.length).toBeGreaterThan(0);
      expect(customer.total_orders as number).toBeLessThanOrEqual(own.length);
      expect(customer.last_order_date).toBe(
        own
          .map((order) => String(order.date_time))
          .sort()
          .pop(),
      );
      const paidSum = own.reduce((sum, order) => sum + (order.order_amount as number), 0);
      expect(customer.lifetime_value as number).toBeLessThanOrEqual(paidSum + 0.001);
    }
  });
});

describe('9 and 10 orders', () => {
  it('lists and retrieves orders with exactly the spec fields, items included', async () => {
    const orders = await list('/orders', { per_page: 100 });
    expect(orders).toHaveLength(100);
    for (const order of orders) {
      expect(shapeProblems(order, ORDER)).toEqual([]);
      expect((order.items as unknown[]).length).toBeGreaterThan(0);
      for (const item of order.items as unknown[]) expect(shapeProblems(item, ORDER_ITEM)).toEqual([]);
    }
    const one = await store.rest(`/orders/${String(orders[0].id)}`);
    expect(one.json()).toEqual(orders[0]);
  });

  it('builds links from the address it was reached at', async () => {
    const [order] = await list('/orders');
    expect(order.link).toBe(`${sandbox.url}${API_ROOT}/orders/${String(order.id)}`);
    expect(order.website_url).toBe(sandbox.url);
    expect(order.order_url).toMatch(/^\/[^/]/);
    const followed = await httpRequest({ url: String(order.link), headers: { 'x-api-key': sandbox.apiKey } });
    expect(followed.json()).toEqual(order);
  });

  it('adds up: pre-tax + tax + shipping = order_amount = invoice_total; items sum to the pre-tax amount', async () => {
    const orders = await list('/orders', { per_page: 100 });
    for (const order of orders) {
      const [preTax, tax, shipping, total] = ['pre_tax_amount', 'tax_amount', 'shipping_amount', 'order_amount'].map(
        (key) => order[key] as number,
      );
      expect(preTax + tax + shipping).toBeCloseTo(total, 2);
      expect(order.invoice_total).toBeCloseTo(total, 2);
      const items = order.items as Json[];
      expect(items.reduce((sum, item) => sum + (item.subtotal as number), 0)).toBeCloseTo(preTax, 2);
    }
  });

  it('has orders with several items (a bump) and with taxes and shipping', async () => {
    const orders = await list('/orders', { per_page: 100, order: 'asc' });
    expect(orders.some((order) => (order.items as unknown[]).length > 1)).toBe(true);
    expect(orders.some((order) => (order.tax_amount as number) > 0)).toBe(true);
    expect(orders.some((order) => (order.shipping_amount as number) > 0)).toBe(true);
    expect(new Set(orders.map((order) => order.status))).toContain('paid');
  });
});

describe('11, 12 and 13 subscriptions', () => {
  it('lists and retrieves subscriptions with exactly the spec fields, invoices included', async () => {
    const subscriptions = await list('/subscriptions', { per_page: 100 });
    expect(subscriptions.length).toBeGreaterThan(5);
    for (const subscription of subscriptions) {
      expect(shapeProblems(subscription, SUBSCRIPTION)).toEqual([]);
      for (const invoice of subscription.invoices as unknown[]) expect(shapeProblems(invoice, INVOICE)).toEqual([]);
    }
    const one = await store.rest(`/subscriptions/${String(subscriptions[0].id)}`);
    expect(one.json()).toEqual(subscriptions[0]);
    expect(subscriptions[0].link).toBe(`${sandbox.url}${API_ROOT}/subscriptions/${String(subscriptions[0].id)}`);
  });

  it('has invoices that are real orders, the same ones orders/subscription/{id} lists', async () => {
    const subscriptions = await list('/subscriptions', { per_page: 20, orderby: 'id', order: 'asc' });
    const renewed = subscriptions.filter((subscription) => (subscription.invoices as unknown[]).length > 1);
    expect(renewed.length).toBeGreaterThan(0);
    for (const subscription of renewed.slice(0, 5)) {
      const invoices = subscription.invoices as Json[];
      for (const invoice of invoices) {
        expect(invoice.link).toBe(`${sandbox.url}${API_ROOT}/orders/${String(invoice.id)}`);
        const order = (await store.rest(`/orders/${String(invoice.id)}`)).json<Json>();
        expect(order).toMatchObject({
          id: invoice.id,
          status: invoice.status,
          order_amount: invoice.order_amount,
          date_time: invoice.date_time,
        });
        expect(order.product_id).toBe(subscription.product_id);
      }
      const orders = await list(`/orders/subscription/${String(subscription.id)}`, { per_page: 100, page: 1 });
      for (const order of orders) expect(shapeProblems(order, ORDER)).toEqual([]);
      expect(orders.map((order) => order.id).sort()).toEqual(invoices.map((invoice) => invoice.id).sort());
    }
  });
});

describe('14 and 15 products', () => {
  it('lists and retrieves products with exactly the spec fields and plans', async () => {
    const products = await list('/products', { per_page: 100 });
    for (const product of products) {
      expect(shapeProblems(product, PRODUCT)).toEqual([]);
      expect(product.status).toBe('publish');
      expect([0, 1]).toContain(product.is_on_sale);
      for (const plan of product.plans as unknown[]) expect(shapeProblems(plan, PLAN)).toEqual([]);
    }
    const one = await store.rest(`/products/${String(products[0].id)}`);
    expect(one.json()).toEqual(products[0]);
  });

  it('covers one-off, recurring (installments -1), installment, trial and sign-up-fee plans, a sale and a product without image', async () => {
    const products = await list('/products', { per_page: 100 });
    const plans = products.flatMap((product) => product.plans as Json[]);
    expect(plans.some((plan) => plan.price_type === 'recurring' && plan.installments === '-1')).toBe(true);
    expect(plans.some((plan) => plan.price_type === 'recurring' && Number(plan.installments) > 1)).toBe(true);
    expect(plans.some((plan) => plan.price_type !== 'recurring')).toBe(true);
    expect(plans.some((plan) => plan.trial_days === null)).toBe(true);
    expect(plans.some((plan) => (plan.trial_days as number) > 0)).toBe(true);
    expect(plans.some((plan) => (plan.signup_fee as number) > 0)).toBe(true);
    expect(products.some((product) => product.is_on_sale === 1)).toBe(true);
    expect(products.some((product) => product.image_url === '')).toBe(true);
    expect(products.some((product) => String(product.image_url).startsWith('http'))).toBe(true);
  });
});

describe('keys and ids', () => {
  const paths = [
    '/customers',
    '/customers/1',
    '/orders',
    '/orders/subscription/1',
    '/subscriptions',
    '/products',
    '/products/1',
  ];

  it.each(paths)('%s answers 401 rest_forbidden_context without x-api-key or with a wrong one', async (path) => {
    for (const key of [null, 'wrong-key']) {
      const response = await store.rest(path, { key });
      expectRestError(response, 401, 'rest_forbidden_context');
    }
  });

  it('answers 403 instead when a logged-in WordPress cookie comes along', async () => {
    const response = await store.rest('/orders', { key: 'wrong', headers: { Cookie: 'wordpress_logged_in_abc=x' } });
    expect(response.status).toBe(403);
  });

  it.each(['/customers', '/orders', '/subscriptions', '/products', '/orders/subscription'])(
    '%s/{id} answers 404 for an unknown id',
    async (path) => {
      const response = await store.rest(`${path}/987654`);
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String), data: { status: 404 } });
    },
  );

  it('does not give an order for a subscription id, nor a subscription for an order id', async () => {
    const [subscription] = await list('/subscriptions');
    const [order] = await list('/orders', { per_page: 1 });
    expect((await store.rest(`/orders/${String(subscription.id)}`)).status).toBe(404);
    expect((await store.rest(`/subscriptions/${String(order.id)}`)).status).toBe(404);
  });

  it('answers 404 rest_no_route for an id that is not a number', async () => {
    const response = await store.rest('/orders/abc');
    expect(response.status).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('rest_no_route');
  });
});
