/**
 * The Zapier triggers' delivery verification against the sandbox store over real HTTP (issue #10):
 * a trigger subscribes, the sandbox fires real events to a local stand-in for Zapier's hook URL, and
 * `perform` reads what arrived, as delivered and as forged. Both profiles: the real profile sends the
 * store's key as `studiocart_secret`; the spec profile sends none (the store is asked).
 */
import type { SandboxProfile } from '../../../sandbox';
import { hookByTriggerKey, run, useSandboxWithCatcher } from '../support/zapier';

type Row = Record<string, unknown>;
const KEY = 'zapier-verify-key-5521';

describe.each<SandboxProfile>(['spec', 'real'])('Zapier trigger verification on the %s profile', (profile) => {
  const setup = useSandboxWithCatcher(profile, { apiKey: KEY });

  /** A live delivery of `type`, as Zapier's hook URL received it (the JSON body). */
  async function delivered(triggerKey: string, type: string): Promise<Row> {
    const hook = hookByTriggerKey(triggerKey);
    const subscribed = await run<{ id: string }>(hook.performSubscribe, {
      authData: setup.auth,
      targetUrl: setup.catcher.url,
      inputData: {},
    });
    await setup.sandbox.fireEvent({ type });
    const [caught] = await setup.catcher.waitFor(1);
    await run(hook.performUnsubscribe, { authData: setup.auth, subscribeData: subscribed });
    expect(caught?.content.includes(KEY)).toBe(profile === 'real');
    return caught?.body as Row;
  }

  const perform = (body: unknown, inputData: Row = {}, key = 'product_purchased') =>
    run<Row[]>(hookByTriggerKey(key).perform, { authData: setup.auth, inputData, cleanedRequest: body });

  /** The delivery as a current plugin sends it: without the secret, so the store is asked. */
  const withoutSecret = ({ studiocart_secret: _secret, ...rest }: Row) => rest;

  it('a genuine delivery passes, marked verified, and never shows the key', async () => {
    const body = await delivered('product_purchased', 'purchased');
    const records = await perform(body);
    expect(records).toEqual([
      expect.objectContaining({
        trigger: 'purchased',
        id: body.id,
        verification: { status: 'verified', method: profile === 'real' ? 'secret' : 'store' },
      }),
    ]);
    // Verify, do not replace: the delivered amounts (decimals), not the REST record's.
    expect(records[0]?.order_amount).toBe(Number(body.order_amount));
    expect(JSON.stringify(records)).not.toContain(KEY);
    await expect(perform(withoutSecret(body))).resolves.toEqual([
      expect.objectContaining({ verification: { status: 'verified', method: 'store' } }),
    ]);
  });

  it('forged deliveries are dropped: unknown id, changed email, a status not reached, a wrong secret', async () => {
    const body = withoutSecret(await delivered('product_purchased', 'purchased'));
    await expect(perform({ ...body, id: 987654 })).resolves.toEqual([]);
    await expect(perform({ ...body, customer_email: 'someone.else@example.org' })).resolves.toEqual([]);
    await expect(perform({ ...body, trigger: 'refunded', status: 'refunded' }, {}, 'order_refunded')).resolves.toEqual(
      [],
    );
    await expect(perform({ ...body, studiocart_secret: 'not-the-store-key' })).resolves.toEqual([]);
    // With verification off, no read decides, but a wrong secret still proves a forgery.
    await expect(
      perform({ ...body, studiocart_secret: 'not-the-store-key' }, { verify_deliveries: false }),
    ).resolves.toEqual([]);
    await expect(perform({ ...body, id: 987654 }, { verify_deliveries: false })).resolves.toEqual([
      expect.objectContaining({ id: 987654 }),
    ]);
  });

  it('genuine subscription events pass; a cancellation of an active subscription does not', async () => {
    const started = withoutSecret(await delivered('subscription_started', 'active'));
    await expect(perform(started, {}, 'subscription_started')).resolves.toEqual([
      expect.objectContaining({ verification: { status: 'verified', method: 'store' } }),
    ]);
    await expect(
      perform({ ...started, trigger: 'canceled', status: 'canceled' }, {}, 'subscription_canceled'),
    ).resolves.toEqual([]);
  });

  it('when the store fails, the delivery goes on marked unverified, without the key', async () => {
    const body = withoutSecret(await delivered('product_purchased', 'purchased'));
    setup.sandbox.setFaults({ serverError: true, onlyPaths: 'orders' });
    const records = await perform(body);
    expect(records).toEqual([
      expect.objectContaining({
        verification: expect.objectContaining({ status: 'unverified', reason: 'store-unavailable' }),
      }),
    ]);
    expect(JSON.stringify(records)).not.toContain(KEY);
  });

  it('a lead goes on unverified unless its secret proves it', async () => {
    const body = await delivered('lead_captured', 'lead');
    const records = await perform(body, {}, 'lead_captured');
    expect(records).toEqual([
      expect.objectContaining({
        verification:
          profile === 'real'
            ? { status: 'verified', method: 'secret' }
            : expect.objectContaining({ status: 'unverified', reason: 'lead-has-no-record' }),
      }),
    ]);
  });
});
