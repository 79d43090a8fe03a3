/**
 * The labels a From List picker shows, built along the path a user takes: the list search runs through
 * the client against the sandbox over real HTTP, on both profiles (REST amounts in decimals and in
 * cents). Each order's amount is held to the store's own decimal from latest-orders; a subscription's
 * and a product's to the decimals the client hands on for the same record.
 */
import { searchRecords, type CommerceServiceClient } from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { labelAmount } from '../../../scripts/kit/labelAmount';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { startSandbox, type Sandbox, type SandboxProfile } from '../../../sandbox';

const KEY = 'labels-key-9a1e';
/** The unit the client says a record's amounts are in (docs/amounts.md). */
const unitOf = (record: object) => (record as Record<string, unknown>).amount_unit;

describe.each<SandboxProfile>(['spec', 'real'])('From List labels (%s profile)', (profile) => {
  let sandbox: Sandbox;
  let client: CommerceServiceClient;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, profile, apiKey: KEY, size: 120, seed: 11, quiet: true });
    client = createClient({ settings: { storeUrl: sandbox.url, apiKey: KEY }, transport: nodeTransport });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  test('each order label shows the order’s decimal amount from latest-orders', async () => {
    const latest = await client.latestOrders();
    const page = await searchRecords(client, 'order');
    const labels = new Map(page.results.map((entry) => [entry.id, entry.label]));
    const compared = latest.filter((order) => labels.has(String(order.order_id)));
    expect(compared.length).toBeGreaterThan(0);
    for (const order of compared) {
      const label = labels.get(String(order.order_id)) ?? '';
      expect({ label, amount: labelAmount(label) }).toEqual({ label, amount: Number(order.order_amount) });
    }
  });

  test('a subscription label shows its decimal amount per interval', async () => {
    const page = await searchRecords(client, 'subscription');
    const entry = page.results[0];
    expect(entry).toBeDefined();
    const subscription = await client.getSubscription(entry?.id ?? '');
    expect(unitOf(subscription)).toBe('decimal');
    expect(entry?.label).toContain(` / ${subscription.interval}`);
    expect(labelAmount(entry?.label ?? '')).toBe(subscription.amount || subscription.order_amount);
  });

  test('a product label shows its lowest plan price in decimals', async () => {
    const page = await searchRecords(client, 'product');
    const priced = await Promise.all(
      page.results.map(async (entry) => ({ entry, product: await client.getProduct(entry.id) })),
    );
    const withPlans = priced.filter(({ product }) =>
      (product.plans ?? []).some((plan) => typeof plan.price === 'number'),
    );
    expect(withPlans.length).toBeGreaterThan(0);
    for (const { entry, product } of withPlans) {
      expect(unitOf(product)).toBe('decimal');
      const lowest = Math.min(
        ...(product.plans ?? []).map((plan) => plan.price).filter((price) => typeof price === 'number'),
      );
      expect({ label: entry.label, amount: labelAmount(entry.label) }).toEqual({ label: entry.label, amount: lowest });
    }
  });
});
