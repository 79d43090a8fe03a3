import type { HttpRequestOptions, ZObject } from 'zapier-platform-core';
import { errors as zapierErrors } from 'zapier-platform-core';
import { ConfigurationError, type EventRecord, TransportFailure } from '@commerce-service/shared';
import { VERIFICATION_LIMITS } from '../../../shared/src/platformClient';
import { amountsInCents } from '../../../shared/src/events/cents';
import { ZAPIER_LIMITS, zapierClient } from '../../../zapier/src/platform';
import { recordTimerSleep } from '../support/sleep';
import { toZapierError } from '../../../zapier/src/errors';
import { outputFields } from '../../../zapier/src/fields';
import { zapierTransport } from '../../../zapier/src/transport';

/** Just enough of `z` for the transport and the error mapping. */
function fakeZ(request: (options: HttpRequestOptions & { url: string }) => Promise<unknown>): ZObject {
  return { request, errors: zapierErrors } as unknown as ZObject;
}

const REQUEST = {
  method: 'POST' as const,
  url: 'https://shop.example.com/wp-json/sc/v1/webhook/subscribe/',
  query: { product_id: '87' },
  headers: { accept: 'application/json', 'content-type': 'application/json' },
  auth: { style: 'query' as const, apiKey: 'k-123456' },
  body: { hook_url: 'https://hooks.zapier.com/x', prices_in_cents: 1 },
  timeoutMs: 20_000,
};

describe('zapierTransport', () => {
  it('sends through z.request without throwing for any status, and returns raw text and lower-cased headers', async () => {
    const seen: unknown[] = [];
    const headers = new Map([['X-WP-Total', '3']]);
    const z = fakeZ(async (options) => {
      seen.push(options);
      return {
        status: 404,
        content: '{"code":"x"}',
        headers: { forEach: (cb: (v: string, k: string) => void) => headers.forEach(cb) },
      };
    });
    const transport = zapierTransport(z);
    expect(transport.sendsGetBody).toBe(false);
    await expect(transport.send(REQUEST)).resolves.toEqual({
      status: 404,
      headers: { 'x-wp-total': '3' },
      body: '{"code":"x"}',
    });
    expect(seen[0]).toEqual({
      url: 'https://shop.example.com/wp-json/sc/v1/webhook/subscribe/?product_id=87&api_key=k-123456',
      method: 'POST',
      headers: REQUEST.headers,
      body: JSON.stringify(REQUEST.body),
      timeout: 20_000,
      skipThrowForStatus: true,
      redirect: 'manual',
      throwForThrottlingEarly: false,
      storeAuth: 'query',
    });
  });

  it('leaves a header key to the app middleware, marking the request with its auth style', async () => {
    const seen: Record<string, unknown>[] = [];
    const z = fakeZ(async (options) => {
      seen.push(options as unknown as Record<string, unknown>);
      return { status: 200, content: '[]', headers: { forEach: () => undefined } };
    });
    const read = {
      ...REQUEST,
      method: 'GET' as const,
      url: 'https://shop.example.com/wp-json/sc/v1/orders',
      query: { page: '1' },
      auth: { style: 'header' as const, apiKey: 'k-123456' },
      body: undefined,
    };
    await zapierTransport(z).send(read);
    expect(seen[0]).toMatchObject({ headers: REQUEST.headers, storeAuth: 'header' });
    expect(JSON.stringify(seen[0])).not.toContain('k-123456');
  });

  it('turns a ThrottledError that z.request throws anyway back into a 429 with its delay', async () => {
    const z = fakeZ(async () => {
      throw new zapierErrors.ThrottledError('The server returned 429 (Too Many Requests)', 17);
    });
    await expect(zapierTransport(z).send(REQUEST)).resolves.toEqual({
      status: 429,
      headers: { 'retry-after': '17' },
      body: '',
    });
  });

  it('classifies what z.request throws when no response came', async () => {
    const timeout = Object.assign(new Error('network timeout at: https://shop.example.com/?api_key=k-123456'), {
      type: 'request-timeout',
    });
    await expect(zapierTransport(fakeZ(async () => Promise.reject(timeout))).send(REQUEST)).rejects.toMatchObject({
      name: 'TransportFailure',
      reason: 'timeout',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(zapierTransport(fakeZ(async () => Promise.reject(refused))).send(REQUEST)).rejects.toBeInstanceOf(
      TransportFailure,
    );
  });
});

describe('zapierClient', () => {
  const ok = { status: 200, content: '{"id":1042}', headers: { forEach: () => undefined } };
  const auth = { authData: { storeUrl: 'shop.example.com', apiKey: 'k-123456' } };

  afterEach(() => jest.restoreAllMocks());

  it('retries by default, with a per-request timeout that lets two attempts fit in the 25 s budget', async () => {
    const timeouts: unknown[] = [];
    // A customer's date is site-local: the read takes the site's zone too (an order's times are UTC).
    const customer = { ...ok, content: '{"id":7,"date_created":"2026-03-01 10:00:00"}' };
    const z = fakeZ(async (options) => {
      timeouts.push(options.timeout);
      return customer;
    });
    await zapierClient(z, auth).getCustomer(7);
    // The customer, then the site's zone from the REST index (docs/dates.md): each within the limit.
    expect(timeouts).toEqual([ZAPIER_LIMITS.timeoutMs, ZAPIER_LIMITS.timeoutMs]);
    expect(2 * ZAPIER_LIMITS.timeoutMs).toBeLessThan(ZAPIER_LIMITS.budgetMs);
    expect(ZAPIER_LIMITS.budgetMs).toBeLessThan(30_000);
  });

  it('every client (hooks and dropdowns too) asks a failing store 3 times and says so', async () => {
    const sleeps = recordTimerSleep();
    let calls = 0;
    const z = fakeZ(async () => {
      calls += 1;
      return { ...ok, status: 503, content: '' };
    });
    await expect(zapierClient(z, auth).getOrder(1042)).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/after 3 attempts/),
    });
    expect(calls).toBe(3);
    expect(sleeps.waits).toHaveLength(2);
  });

  it('for verifying a delivery, retries within the short budget of VERIFICATION_LIMITS', async () => {
    const sleeps = recordTimerSleep({ clock: true });
    const timeouts: unknown[] = [];
    const z = fakeZ(async (options) => {
      timeouts.push(options.timeout);
      sleeps.advance(4_000);
      return {
        ...ok,
        status: 503,
        content: '',
        headers: { forEach: (visit: (value: string, name: string) => void) => visit('2', 'retry-after') },
      };
    });
    // 4 s + 2 s + 4 s = 10 s: a third attempt would not fit in 10 s.
    await expect(zapierClient(z, auth, 'verification').getOrder(1042)).rejects.toMatchObject({
      message: expect.stringMatching(/after 2 attempts/),
    });
    expect(timeouts[0]).toBe(VERIFICATION_LIMITS.timeoutMs);
    expect(sleeps.waits).toEqual([2000]);
    expect(VERIFICATION_LIMITS.budgetMs).toBeLessThanOrEqual(10_000);
  });
});

describe('toZapierError', () => {
  const z = fakeZ(async () => undefined);

  it('keeps platform errors as they are', () => {
    const halted = new zapierErrors.HaltedError('stop');
    expect(toZapierError(z, halted)).toBe(halted);
  });

  it('wraps anything else as an app error', () => {
    const error = toZapierError(z, new Error('boom'));
    expect(error.name).toBe('AppError');
    expect(error.message).toContain('Unexpected error in the Commerce Service app: boom');
  });

  it('gives configuration problems their own code', () => {
    const error = toZapierError(
      z,
      new ConfigurationError({ store: 'x', operation: 'Connect to the store' }, 'no API key is set', 'Paste it.'),
    );
    expect(JSON.parse(error.message)).toMatchObject({ code: 'configuration' });
  });
});

describe('amountsInCents', () => {
  it('converts amounts, also in items and invoices, and leaves other numbers', () => {
    const record = {
      trigger: 'active',
      id: 4,
      currency: 'usd',
      amount: 29.99,
      trial_days: 7,
      invoices: [{ id: 5, order_amount: 39.99 }],
      items: [{ quantity: 2, subtotal: 0.1 }],
    };
    expect(amountsInCents(record as unknown as EventRecord)).toEqual({
      ...record,
      amount_unit: 'cents',
      amount: 2999,
      invoices: [{ id: 5, order_amount: 3999 }],
      items: [{ quantity: 2, subtotal: 10 }],
    });
  });

  it('leaves zero-decimal currencies unchanged', () => {
    const record = { trigger: 'purchased', currency: 'JPY', order_amount: 1500 };
    // Whole yen are whole yen in either unit: the amount is left, and the record says it is in the asked unit.
    expect(amountsInCents(record)).toEqual({ ...record, amount_unit: 'cents' });
  });
});

describe('outputFields', () => {
  it('labels line items by their entry name', () => {
    const fields = outputFields([
      { key: 'id', label: 'ID', type: 'integer' },
      {
        key: 'items',
        label: 'Items',
        type: 'string',
        entry: 'Item',
        children: [{ key: 'quantity', label: 'Quantity', type: 'integer' }],
      },
    ]);
    expect(fields).toEqual([
      { key: 'id', label: 'ID', type: 'integer' },
      { key: 'items[]quantity', label: 'Item Quantity', type: 'integer' },
    ]);
  });
});
