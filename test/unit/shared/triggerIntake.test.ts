/**
 * The seam's read side (`shared/src/triggers/choices.ts`, `intake.ts`, `polling/setup.ts`,
 * `platform/client.ts`): a trigger's settings read through a platform's parameter reader, a delivery
 * received and admitted, a poll set-up checked, and a client made for a retry profile.
 */
import {
  type ParameterReader,
  type Platform,
  admitReceived,
  platformClient,
  SiteMemory,
  readDelivery,
  readPollSetup,
  readTriggerSetup,
  receiveDelivery,
  takeDelivery,
} from '@commerce-service/shared';
import { VERIFICATION_LIMITS } from '../../../shared/src/platformClient';
import { KEY, ORIGIN, ROOT, UTC_ZONE, clientFor, json, store, stubTransport } from '../support/shared';
import { wpError } from '../support/wordpress';

const reader =
  (values: Record<string, unknown>): ParameterReader =>
  (name, fallback) =>
    name in values ? values[name] : fallback;

describe('readTriggerSetup', () => {
  it('reads the event, choices and the verify option by their shared names', () => {
    expect(
      readTriggerSetup(
        reader({
          event: 'refunded',
          productId: 87,
          planIds: 'full, bump',
          pricesInCents: 'yes',
          verifyDeliveries: 'false',
        }),
      ),
    ).toEqual({ event: 'refunded', productId: '87', planIds: ['full', 'bump'], pricesInCents: true, verify: false });
  });

  it.each([undefined, null, ''])('verifies when the option reads %p (a trigger saved before it existed)', (value) => {
    expect(readTriggerSetup(reader({ event: 'purchased', verifyDeliveries: value })).verify).toBe(true);
  });
});

describe('receiveDelivery and admitReceived', () => {
  const setup = readTriggerSetup(reader({ event: 'purchased', productId: '87', verifyDeliveries: false }));
  const log = () => {
    const lines: string[] = [];
    return { lines, info: (m: string) => lines.push(`info: ${m}`), warn: (m: string) => lines.push(`warn: ${m}`) };
  };

  it('counts every record, keeps those for the trigger, and needs no store with the option off', () => {
    const received = receiveDelivery(
      readDelivery([
        { trigger: 'purchased', id: 1, product_id: 87 },
        { trigger: 'refunded', id: 2, product_id: 87 },
        { trigger: 'purchased', id: 3, product_id: 91 },
      ]),
      setup,
    );
    expect(received.total).toBe(3);
    expect(received.matching.map(({ record }) => record.id)).toEqual([1]);
    expect(received.needsStore).toBe(false);
  });

  it('needs the store to verify, or to check a delivered secret even with the option off', () => {
    const body = { trigger: 'purchased', id: 1, product_id: 87 };
    expect(receiveDelivery(readDelivery(body), { ...setup, verify: true }).needsStore).toBe(true);
    expect(receiveDelivery(readDelivery({ ...body, studiocart_secret: 'x' }), setup).needsStore).toBe(true);
    expect(receiveDelivery(readDelivery({ ...body, trigger: 'refunded' }), { ...setup, verify: true }).needsStore).toBe(
      false,
    );
  });

  it('admits nothing and makes no client when nothing matched', async () => {
    const client = jest.fn();
    const received = receiveDelivery(readDelivery({ trigger: 'refunded', id: 2 }), setup);
    await expect(admitReceived(received, setup, { client, log: log() })).resolves.toEqual([]);
    expect(client).not.toHaveBeenCalled();
  });

  it('verifies with the store, drops a forgery and logs why', async () => {
    const paid = 1042;
    store()
      .get(`${ROOT}/orders/${paid}`)
      .reply(200, { id: paid, status: 'paid', customer_email: 'maya@example.com', product_id: '87' });
    store()
      .get(`${ROOT}/orders/999999`)
      .reply(404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    const lines = log();
    const verifying = { ...setup, verify: true };
    const records = await takeDelivery(
      [
        { trigger: 'purchased', id: paid, customer_email: 'maya@example.com', product_id: '87' },
        { trigger: 'purchased', id: 999999, customer_email: 'maya@example.com', product_id: '87' },
      ],
      verifying,
      { client: () => clientFor({}, { siteZone: UTC_ZONE }), log: lines },
    );
    expect(records).toEqual([
      expect.objectContaining({ id: paid, verification: { status: 'verified', method: 'store' } }),
    ]);
    expect(lines.lines).toEqual([expect.stringMatching(/^warn: dropped a "purchased" delivery .*\(unknown-record\)/)]);
  });
});

describe('readPollSetup', () => {
  it('reads the event and filters of a pollable event', () => {
    expect(
      readPollSetup(reader({ event: 'refunded', productId: '87', planIds: ['full'] }), 'shop.example.com'),
    ).toEqual({
      event: 'refunded',
      productId: '87',
      planIds: ['full'],
    });
  });

  it('refuses a lead before any request, saying to use the webhook trigger', () => {
    expect(() => readPollSetup(reader({ event: 'lead' }), 'shop.example.com')).toThrow(
      expect.objectContaining({
        name: 'ConfigurationError',
        message: expect.stringContaining('the store’s API has no leads'),
        hint: 'Use the webhook trigger for Lead Captured.',
      }),
    );
  });
});

describe('platformClient', () => {
  it('uses the platform’s limits for interactive calls and the shared ones for verification', async () => {
    const waits: number[] = [];
    const transport = stubTransport([json(503, {}, { 'retry-after': '7' }), json(200, { id: 1 })]);
    const platform: Platform = {
      transport,
      sleep: async (ms) => {
        waits.push(ms);
      },
      interactive: { timeoutMs: 9_000, budgetMs: 60_000, maxRetryAfterMs: 30_000 },
      log: { info: jest.fn(), warn: jest.fn() },
      memory: new SiteMemory(),
    };
    await platformClient({ storeUrl: ORIGIN, apiKey: KEY }, platform).getOrder(1);
    expect(waits).toEqual([7_000]);
    expect(transport.requests[0]?.timeoutMs).toBe(9_000);

    // Verification: a Retry-After above its 3 s cap is not waited out.
    const verifying = stubTransport([json(503, {}, { 'retry-after': '7' })]);
    await expect(
      platformClient({ storeUrl: ORIGIN, apiKey: KEY }, { ...platform, transport: verifying }, 'verification').getOrder(
        1,
      ),
    ).rejects.toMatchObject({ name: 'ServerError' });
    expect(verifying.requests).toHaveLength(1);
    expect(verifying.requests[0]?.timeoutMs).toBe(VERIFICATION_LIMITS.timeoutMs);
  });
});
