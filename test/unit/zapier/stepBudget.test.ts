/**
 * Zapier's 30 s: one budget, `ZAPIER_STEP_BUDGET_MS`, covers everything a perform asks of
 * the store, the site's zone read after the retries included. The store here answers on a fake clock
 * that honours each request's timeout: a request slower than its timeout moves the clock by the
 * timeout and fails as a timeout, as `z.request` would.
 */
import type { ZObject } from 'zapier-platform-core';
import {
  type HttpRequest,
  type Platform,
  TransportFailure,
  platformClient,
  takeDelivery,
  type CommerceServiceClient,
} from '@commerce-service/shared';
import { ZAPIER_LIMITS, ZAPIER_STEP_BUDGET_MS, zapierPlatform } from '../../../zapier/src/platform';
import { useTimerSleep } from '../support/sleep';

const sleeps = useTimerSleep({ clock: true });
const ZAPIER_ENDS_STEP_MS = 30_000;

interface Slow {
  /** How long the store takes for this request; longer than its timeout is a timeout. */
  tookMs(request: HttpRequest): number;
  body(request: HttpRequest): unknown;
}

/** Zapier's platform as the app builds it, over a store on the fake clock; the log lines and timeouts kept. */
function zapierClient(slow: Slow, options: { stepBudget: boolean; profile?: 'interactive' | 'verification' }) {
  const log: string[] = [];
  const sent: { url: string; timeoutMs: number; at: number }[] = [];
  const z = { console: { log: (line: string) => log.push(line) } } as unknown as ZObject;
  const platform: Platform = {
    ...zapierPlatform(z),
    transport: {
      sendsGetBody: false,
      send: async (request) => {
        sent.push({ url: request.url, timeoutMs: request.timeoutMs ?? Infinity, at: sleeps.now });
        const took = slow.tookMs(request);
        const timeout = request.timeoutMs ?? Infinity;
        if (took > timeout) {
          sleeps.advance(timeout);
          throw new TransportFailure('timeout', 'timed out');
        }
        sleeps.advance(took);
        return { status: 200, headers: {}, body: JSON.stringify(slow.body(request)) };
      },
    },
  };
  if (!options.stepBudget) delete platform.stepBudgetMs;
  const client: CommerceServiceClient = platformClient(
    { storeUrl: 'shop.example.com', apiKey: 'zap-budget-key-31' },
    platform,
    options.profile ?? 'interactive',
  );
  return { client, log, sent };
}

const isIndex = (request: HttpRequest) => request.url.endsWith('/wp-json/');

/** A customer: its date is site-local, so reading it takes the site's zone (an order's times are UTC). */
const CUSTOMER = { id: 1042, email: 'buyer@example.com', date_created: '2026-03-01 10:00:00' };

/** The customer read times out once, answers the second time after 10 s; the REST index never answers. */
function worstCase(): Slow {
  let customerReads = 0;
  return {
    tookMs: (request) => {
      if (isIndex(request)) return 60_000;
      customerReads += 1;
      return customerReads === 1 ? 60_000 : 10_000;
    },
    body: () => CUSTOMER,
  };
}

describe("Zapier's step budget", () => {
  it('is below the 30 s after which Zapier ends a step, and no call budget exceeds it', () => {
    expect(ZAPIER_STEP_BUDGET_MS).toBeLessThan(ZAPIER_ENDS_STEP_MS);
    expect(ZAPIER_LIMITS.budgetMs).toBeLessThanOrEqual(ZAPIER_STEP_BUDGET_MS);
  });

  it('holds the zone read after the retries: the worst case ends within 25 s, the customer still found', async () => {
    const { client, log, sent } = zapierClient(worstCase(), { stepBudget: true });
    const customer = await client.getCustomer(1042);
    expect(customer.id).toBe(1042);
    const index = sent.find((request) => request.url.endsWith('/wp-json/'));
    // 12 s, a wait of 0.5 to 1 s, 10 s: what is left of the 25 s for the zone, not another 12 s.
    expect(index?.timeoutMs).toBe(ZAPIER_STEP_BUDGET_MS - index!.at);
    expect(sleeps.now).toBeLessThanOrEqual(ZAPIER_STEP_BUDGET_MS);
    expect(log.join('\n')).toMatch(/time zone of shop\.example\.com could not be read .*did not answer in time/);
  });

  it('(without it, the same perform would outlast Zapier: the zone read took its own 12 s)', async () => {
    const { client } = zapierClient(worstCase(), { stepBudget: false });
    await client.getCustomer(1042);
    expect(sleeps.now).toBeGreaterThan(ZAPIER_ENDS_STEP_MS);
  });

  it('sends no zone read when less than a second is left, and says why in the log', async () => {
    let reads = 0;
    const slow: Slow = {
      // 12 s, a wait of 0.5 to 1 s, 11.6 s: 24.1 to 24.6 s spent.
      tookMs: (request) => (isIndex(request) ? 100 : (reads += 1) === 1 ? 60_000 : 11_600),
      body: () => CUSTOMER,
    };
    const { client, log, sent } = zapierClient(slow, { stepBudget: true });
    await client.getCustomer(1042);
    expect(sent.filter((request) => request.url.endsWith('/wp-json/'))).toEqual([]);
    expect(log.join('\n')).toMatch(/no time was left of the 25 seconds this step may spend on the store/);
    expect(sleeps.now).toBeLessThanOrEqual(ZAPIER_STEP_BUDGET_MS);
  });

  it.each([true, false])(
    'covers a delivery of three events on a store that never answers (step budget: %s)',
    async (stepBudget) => {
      const hung: Slow = { tookMs: () => 60_000, body: () => ({}) };
      const { client } = zapierClient(hung, { stepBudget, profile: 'verification' });
      const delivery = [1, 2, 3].map((n) => ({
        id: 2000 + n,
        customer_email: `buyer${n}@example.com`,
        product_id: '12',
        status: 'paid',
        // A site-local time, so the instants take the zone.
        invoices: [{ id: 2000 + n, date_time: '2026-03-01 10:00:00' }],
      }));
      const records = await takeDelivery(
        delivery,
        { event: 'purchased', verify: true, productId: undefined, planIds: [], pricesInCents: false },
        { client: () => client, log: { info: () => undefined, warn: () => undefined } },
      );
      // Each goes on unverified, as when the store is down; never dropped.
      expect(records.map((record) => (record.verification as { status?: string } | undefined)?.status)).toEqual([
        'unverified',
        'unverified',
        'unverified',
      ]);
      // With it, within 25 s; without, 3 × 10 s of verification and 5 s for the zone.
      if (stepBudget) expect(sleeps.now).toBeLessThanOrEqual(ZAPIER_STEP_BUDGET_MS);
      else expect(sleeps.now).toBeGreaterThan(ZAPIER_ENDS_STEP_MS);
    },
  );
});
