/**
 * Delivery verification against the sandbox store over real HTTP: live deliveries caught as a trigger
 * receives them, then forged, checked with the store, and never showing the key (issue #10).
 */
import { createClient } from '../../../scripts/kit/client';
import { markVerification } from '../../../shared/src/events/verify';
import type { DeliveredEvent } from '../../../shared/src/events/parse';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { readDelivery, verifyDelivery, type CommerceServiceClient } from '@commerce-service/shared';

import type { Sandbox, SandboxProfile } from '../../../sandbox';
import { useReceiver, useSandbox } from '../support/sandbox';

const KEY = 'verify-key-93b1';

function clientFor(sandbox: Sandbox, apiKey = KEY): CommerceServiceClient {
  return createClient({ settings: { storeUrl: sandbox.url, apiKey }, transport: nodeTransport, timeoutMs: 3000 });
}

describe.each<SandboxProfile>(['spec', 'real'])(
  'verifying deliveries with the sandbox store (%s profile)',
  (profile) => {
    const sandbox = useSandbox({ profile, apiKey: KEY, size: 120, seed: 3, quiet: true });
    const catcher = useReceiver();
    let client: CommerceServiceClient;

    beforeAll(() => {
      client = clientFor(sandbox);
    });

    /** Fires a store event to a hook for it and returns the body exactly as it arrived. */
    async function deliveryOf(type: string): Promise<string> {
      const hook = await client.subscribeHook({ hook_url: `${catcher.url}/hook`, status: type });
      await sandbox.fireEvent({ type });
      await client.deleteHook(hook.id);
      const body = catcher.received.at(-1)?.body;
      if (!body) throw new Error(`no delivery of ${type}`);
      return body;
    }

    function only(body: string | Record<string, unknown>): DeliveredEvent {
      const [delivered] = readDelivery(body);
      if (!delivered) throw new Error('no record in the delivery');
      return delivered;
    }

    test(`the wire carries studiocart_secret ${profile === 'real' ? '(the key)' : 'not at all'}; no parsed record ever shows it`, async () => {
      const body = await deliveryOf('purchased');
      expect(body.includes(KEY)).toBe(profile === 'real');
      const delivered = only(body);
      expect(delivered.record).not.toHaveProperty('studiocart_secret');
      expect(Boolean(delivered.secret)).toBe(profile === 'real');
      const verdict = await verifyDelivery(client, delivered, 'purchased');
      const item = markVerification(delivered.record, verdict);
      expect(item?.verification).toEqual({ status: 'verified', method: profile === 'real' ? 'secret' : 'store' });
      for (const shown of [JSON.stringify(item), JSON.stringify(verdict), JSON.stringify(delivered)])
        expect(shown).not.toContain(KEY);
    });

    test.each([
      'purchased',
      'refunded',
      'pending',
      'renewal',
      'failed',
      'active',
      'trialing',
      'paused',
      'canceled',
      'completed',
    ])('a genuine %s delivery is verified by the store', async (type) => {
      const { record } = only(await deliveryOf(type));
      // Without the secret (stores on current plugin versions), the store is asked.
      await expect(verifyDelivery(client, { record }, type)).resolves.toEqual({ status: 'verified', method: 'store' });
    });

    test('forged deliveries are rejected: unknown id, changed email, a status the store does not show, a wrong secret', async () => {
      const { record } = only(await deliveryOf('purchased'));
      const forge = (change: Record<string, unknown>, event = 'purchased') =>
        verifyDelivery(client, { record: { ...record, ...change } }, event);
      await expect(forge({ id: 987654 })).resolves.toMatchObject({ status: 'forged', reason: 'unknown-record' });
      await expect(forge({ customer_email: 'someone.else@example.org' })).resolves.toMatchObject({
        status: 'forged',
        reason: 'email-mismatch',
      });
      await expect(forge({ product_id: '999' })).resolves.toMatchObject({
        status: 'forged',
        reason: 'product-mismatch',
      });
      // A "refund" of the order the store shows as paid.
      await expect(forge({ trigger: 'refunded', status: 'refunded' }, 'refunded')).resolves.toMatchObject({
        status: 'forged',
        reason: 'status-not-reached',
      });
      const wrongSecret = only({ ...record, studiocart_secret: 'not-the-store-key' });
      const verdict = await verifyDelivery(client, wrongSecret, 'purchased');
      expect(verdict).toMatchObject({ status: 'forged', reason: 'secret-mismatch' });
      expect(JSON.stringify(verdict)).not.toContain('not-the-store-key');
      expect(markVerification(record, verdict)).toBeNull();
    });

    test('a purchase since refunded is still genuine', async () => {
      const { record } = only(await deliveryOf('purchased'));
      const refund = only(await deliveryOf('refunded'));
      expect(refund.record.id).toBe(record.id);
      await expect(verifyDelivery(client, { record }, 'purchased')).resolves.toMatchObject({ status: 'verified' });
    });

    test('a failing store makes the delivery unverified (marked, with the reason), not forged', async () => {
      const { record } = only(await deliveryOf('purchased'));
      sandbox.setFaults({ serverError: true, onlyPaths: 'orders' });
      const verdict = await verifyDelivery(client, { record }, 'purchased');
      expect(verdict).toMatchObject({ status: 'unverified', reason: 'store-unavailable' });
      expect(markVerification(record, verdict)?.verification).toMatchObject({
        status: 'unverified',
        reason: 'store-unavailable',
      });
      expect(JSON.stringify(verdict)).not.toContain(KEY);
    });

    test('a lead goes on unverified (no record to read) unless its secret proves it', async () => {
      const delivered = only(await deliveryOf('lead'));
      const verdict = await verifyDelivery(client, delivered, 'lead');
      expect(verdict).toEqual(
        profile === 'real'
          ? { status: 'verified', method: 'secret' }
          : { status: 'unverified', reason: 'lead-has-no-record', message: expect.any(String) },
      );
    });
  },
);
