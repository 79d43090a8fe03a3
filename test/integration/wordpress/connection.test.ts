/**
 * The shared client against a real WordPress (Debian's package, the real Studiocart plugin, the sc/v1
 * mu-plugin), behind nginx and behind Apache, over real HTTP: the connection test both adapters run,
 * one read per resource, and the webhook operations. Under CI=true a WordPress that cannot be had
 * fails here with the reason (test/e2e/support/probe.ts).
 */
import { type CommerceServiceClient, CommerceServiceError, testConnection } from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { startWordPress, type WordPressServer, type WordPressSite } from '../../../scripts/services/wordpress';
import { describeIf, probe } from '../../e2e/support/probe';

const describeWordPress = describeIf(probe(['wordpress']), 'the shared client against a real WordPress');

function clientOf(site: WordPressSite, apiKey = site.apiKey): CommerceServiceClient {
  return createClient({
    settings: { storeUrl: site.url, apiKey, apiRoot: '' },
    transport: nodeTransport,
    timeoutMs: 10000,
  });
}

describeWordPress.each<WordPressServer>(['nginx', 'apache'])('a real WordPress behind %s', (server) => {
  let site: WordPressSite;
  let client: CommerceServiceClient;

  beforeAll(async () => {
    site = await startWordPress({ server });
    client = clientOf(site);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('passes the connection test at the address a user types', async () => {
    const report = await testConnection(client);
    expect(report.storeUrl).toBe(site.url);
    expect(report.apiRoot).toBe('/wp-json/sc/v1');
  });

  it('refuses a wrong key (the store answers 401)', async () => {
    const failure = await testConnection(clientOf(site, `${site.apiKey}-wrong`)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CommerceServiceError);
    expect((failure as CommerceServiceError).status).toBe(401);
    expect(JSON.stringify([(failure as Error).message, (failure as CommerceServiceError).toJSON()])).not.toContain(
      site.apiKey,
    );
  });

  it('reads orders, one order and a subscription’s orders', async () => {
    const page = await client.listOrders({ per_page: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(site.records.orders.length);
    expect(page.totalPages).toBe(Math.ceil(site.records.orders.length / 2));
    const id = site.records.orders[0];
    const order = await client.getOrder(id);
    expect(order).toMatchObject({ id, customer_email: 'ada@example.test', product_name: 'Course', status: 'paid' });
    const [subscriptionId] = site.records.subscriptions;
    const charges = await client.listSubscriptionOrders(subscriptionId);
    expect(charges.items.map((o) => o.product_name)).toEqual(['Club Membership']);
  });

  it('reads subscriptions and one subscription', async () => {
    const page = await client.listSubscriptions();
    expect(page.items.map((s) => s.id)).toEqual(site.records.subscriptions);
    const subscription = await client.getSubscription(site.records.subscriptions[0]);
    expect(subscription).toMatchObject({ status: 'active', interval: 'month', product_name: 'Club Membership' });
  });

  it('reads products and one product with its plans', async () => {
    const page = await client.listProducts();
    expect(page.items.map((p) => p.name).sort()).toEqual(['Club Membership', 'Course']);
    const product = await client.getProduct(site.records.products[1]);
    expect(product.plans.map((plan) => plan.id)).toEqual(['monthly']);
  });

  it('reads customers and one customer', async () => {
    const page = await client.listCustomers();
    expect(page.items.map((c) => c.email).sort()).toEqual(['ada@example.test', 'grace@example.test']);
    const ada = await client.getCustomer(site.records.customers[0]);
    expect(ada).toMatchObject({ email: 'ada@example.test', total_orders: 2 });
  });

  it('lists the webhook products and plans, and the latest orders', async () => {
    const products = await client.listWebhookProducts();
    expect(products.map((p) => p.name)).toEqual(['Club Membership', 'Course']);
    const plans = await client.listWebhookPlans(site.records.products[0]);
    expect(plans.map((p) => p.id)).toEqual(['full', 'bump', 'upsell', 'downsell']);
    const latest = await client.latestOrders();
    expect(latest.length).toBe(site.records.orders.length);
  });

  it('subscribes a hook and deletes it through the zap-delete fallback', async () => {
    const { id } = await client.subscribeHook({ hook_url: 'https://hooks.example.test/1' });
    expect(id).toMatch(/^\d+$/);
    await expect(client.deleteHook(id)).resolves.toEqual({ id, alreadyGone: false });
    await expect(client.deleteHook(id)).resolves.toEqual({ id, alreadyGone: true });
  });
});
