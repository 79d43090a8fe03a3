/**
 * Zapier's "Test trigger" (performList) against the sandbox: Subscription Renewed shows renewal charges
 * only. Latest-orders' `paid` also brings first purchases; the store's subscriptions tell them apart.
 */
import type { EventRecord } from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { type Sandbox, type SandboxProfile, startSandbox } from '../../../sandbox';
import { adminPost, authFor, hookByTriggerKey, run } from '../support/zapier';

interface Fired {
  event: { resource: string; id: number; status: string };
}

describe.each<SandboxProfile>(['spec', 'real'])('Test trigger on the %s profile', (profile) => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, profile, quiet: true });
  });
  afterAll(() => sandbox.close());

  it('Subscription Renewed shows the new renewal and never the first purchase of a new subscription', async () => {
    const client = createClient({
      settings: { storeUrl: sandbox.url, apiKey: sandbox.apiKey, apiRoot: sandbox.apiRoot },
      transport: nodeTransport,
    });
    const renewal = await adminPost<Fired>(sandbox, '/sandbox/v1/events', { type: 'renewal' });
    const started = await adminPost<Fired>(sandbox, '/sandbox/v1/events', { type: 'active' });
    const subscription = await client.getSubscription(started.event.id);
    const firstPurchase = Math.min(...(subscription.invoices ?? []).map((invoice) => invoice.id));

    const auth = authFor(sandbox);
    const purchases = await run<EventRecord[]>(hookByTriggerKey('product_purchased').performList!, {
      authData: auth,
      inputData: {},
    });
    // Latest-orders' `paid` does bring the first purchase: without the rule it would show as a renewal.
    expect(purchases.map((record) => record.id)).toContain(firstPurchase);

    const renewals = await run<EventRecord[]>(hookByTriggerKey('subscription_renewed').performList!, {
      authData: auth,
      inputData: {},
    });
    const ids = renewals.map((record) => record.id);
    expect(ids).toContain(renewal.event.id);
    expect(ids).not.toContain(firstPurchase);
    expect(renewals.every((record) => record.trigger === 'renewal')).toBe(true);
    // Every record shown is a later invoice of some subscription, as the store itself lists them.
    const { items } = await client.listSubscriptions({ per_page: 100, orderby: 'date_modified', order: 'desc' });
    const later = new Set(
      items.flatMap((s) => {
        const invoices = (s.invoices ?? []).map((invoice) => invoice.id);
        return invoices.filter((id) => id !== Math.min(...invoices));
      }),
    );
    for (const id of ids) expect(later.has(Number(id))).toBe(true);
  });
});
