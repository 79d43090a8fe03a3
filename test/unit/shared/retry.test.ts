/** Retries for reads (shared/src/http/retry.ts) through the client, with nock, a fake clock and a fake sleep. */
import {
  AuthenticationError,
  type CommerceServiceClient,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '@commerce-service/shared';
import type { RetryOptions } from '../../../shared/src/http/retry';
import { retryAfterMs } from '../../../shared/src/http/retryAfter';
import {
  ROOT,
  clientFor,
  expectNoSecret,
  failure,
  json,
  store,
  storeFor,
  stubTransport,
  UTC_ZONE,
} from '../support/shared';
import { createClient } from '../../../scripts/kit/client';

type ClientOptions = ConstructorParameters<typeof CommerceServiceClient>[0];

const START = Date.parse('2025-03-01T12:00:00Z');

/** A clock that only moves when the client sleeps; every wait is recorded. */
function fakeTime() {
  let now = START;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
  };
}

function retrying(
  time: ReturnType<typeof fakeTime>,
  overrides: Partial<RetryOptions> = {},
  options: Partial<ClientOptions> = {},
) {
  return clientFor(
    {},
    { retry: { budgetMs: 25_000, sleep: time.sleep, now: time.now, random: () => 0.5, ...overrides }, ...options },
  );
}

const wpError = (code: string, message = 'Busy') => ({ code, message, data: { status: 0 } });

describe('which answers are retried', () => {
  it.each([429, 502, 503, 504])('%i is retried and the next answer is used', async (status) => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).reply(status, wpError('busy'));
    store()
      .get(`${ROOT}/orders`)
      .reply(200, [{ id: 1 }]);
    const page = await retrying(time).listOrders();
    expect(page.items.map((o) => o.id)).toEqual([1]);
    expect(time.waits).toHaveLength(1);
  });

  it('a timeout is retried', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).delay(1000).reply(200, []);
    store()
      .get(`${ROOT}/orders`)
      .reply(200, [{ id: 2 }]);
    const page = await retrying(time, {}, { timeoutMs: 50 }).listOrders();
    expect(page.items.map((o) => o.id)).toEqual([2]);
  });

  it('a dropped connection is retried', async () => {
    const time = fakeTime();
    store()
      .get(`${ROOT}/orders`)
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    store()
      .get(`${ROOT}/orders`)
      .reply(200, [{ id: 3 }]);
    await expect(retrying(time).listOrders()).resolves.toMatchObject({ items: [{ id: 3 }] });
  });

  it('a 500 is retried once: 500 then 200 succeeds', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders/5`).reply(500, wpError('internal_server_error'));
    store().get(`${ROOT}/orders/5`).reply(200, { id: 5 });
    await expect(retrying(time).getOrder(5)).resolves.toMatchObject({ id: 5 });
  });

  it('a 500 is retried once only: two 500s end after 2 attempts', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders/5`).times(2).reply(500, wpError('internal_server_error', 'Critical error'));
    const error = await failure(retrying(time).getOrder(5));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.attempts).toBe(2);
    expect(error.message).toMatch(
      /^Get an order failed on shop\.example\.com after 2 attempts: the store had an internal error \(HTTP 500 internal_server_error: Critical error\)\./,
    );
  });

  it('a 500 after a 503 still gets its one retry', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/products`).reply(503, '');
    store().get(`${ROOT}/products`).reply(500, '');
    store()
      .get(`${ROOT}/products`)
      .reply(200, [{ id: 9 }]);
    await expect(retrying(time).listProducts()).resolves.toMatchObject({ items: [{ id: 9 }] });
  });

  it('a route without a handler (500 rest_invalid_handler) is not retried: unsubscribe falls back at once', async () => {
    const time = fakeTime();
    store()
      .post(`${ROOT}/webhook/delete/`)
      .reply(500, wpError('rest_invalid_handler', 'The handler for the route is invalid'));
    store()
      .post(`${ROOT}/webhook/zap-delete/`)
      .reply(200, [{ url: 'https://hooks.example.com/1', id: 7 }]);
    await expect(retrying(time).deleteHook('7')).resolves.toEqual({ id: '7', alreadyGone: false });
    expect(time.waits).toEqual([]);
  });

  it.each([
    [400, InvalidRequestError],
    [401, AuthenticationError],
    [404, NotFoundError],
    [501, ServerError],
  ])('%i is not retried', async (status, type) => {
    const time = fakeTime();
    store().get(`${ROOT}/subscriptions`).reply(status, wpError('nope', 'No'));
    const error = await failure(retrying(time).listSubscriptions());
    expect(error).toBeInstanceOf(type);
    expect(error.attempts).toBe(1);
    expect(error.message).not.toContain('attempt');
    expect(time.waits).toEqual([]);
  });
});

describe('which operations are retried', () => {
  it('subscribe (2) is never retried: a second hook must not be made', async () => {
    const time = fakeTime();
    store().post(`${ROOT}/webhook/subscribe/`).query(true).reply(503, wpError('busy'));
    const error = await failure(retrying(time).subscribeHook({ hook_url: 'https://hooks.example.com/a' }));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).not.toContain('attempts');
    expect(time.waits).toEqual([]);
    expectNoSecret(error);
  });

  it('validate (1), a POST, is retried', async () => {
    const time = fakeTime();
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(503, '');
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(200, {});
    await expect(retrying(time).validateKey()).resolves.toBeUndefined();
  });

  it('delete (3) is retried', async () => {
    const time = fakeTime();
    store().post(`${ROOT}/webhook/delete/`).reply(503, '');
    store().post(`${ROOT}/webhook/delete/`).reply(200, { id: 7 });
    await expect(retrying(time).deleteHook(7)).resolves.toEqual({ id: '7', alreadyGone: false });
  });

  it('products and plans (4, 5) are retried', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/webhook/products/`).reply(502, '');
    store()
      .get(`${ROOT}/webhook/products/`)
      .reply(200, [{ id: 1, name: 'Course' }]);
    store().get(`${ROOT}/webhook/plans/`).query(true).reply(504, '');
    store().get(`${ROOT}/webhook/plans/`).query(true).reply(200, []);
    const client = retrying(time);
    await expect(client.listWebhookProducts()).resolves.toHaveLength(1);
    await expect(client.listWebhookPlans(1)).resolves.toEqual([]);
  });

  it('latest orders (6), a POST that reads, is retried', async () => {
    const time = fakeTime();
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).reply(429, '', { 'Retry-After': '1' });
    store().post(`${ROOT}/webhook/latest-orders/`).query(true).reply(200, []);
    await expect(retrying(time).latestOrders()).resolves.toEqual([]);
    expect(time.waits).toEqual([1000]);
  });

  it.each([
    ['getCustomer', (c: ReturnType<typeof retrying>) => c.getCustomer(1), `${ROOT}/customers/1`, { id: 1 }, { id: 1 }],
    [
      'getSubscription',
      (c: ReturnType<typeof retrying>) => c.getSubscription(1),
      `${ROOT}/subscriptions/1`,
      { id: 1 },
      { id: 1 },
    ],
    ['getProduct', (c: ReturnType<typeof retrying>) => c.getProduct(1), `${ROOT}/products/1`, { id: 1 }, { id: 1 }],
    [
      'listSubscriptionOrders',
      (c: ReturnType<typeof retrying>) => c.listSubscriptionOrders(1),
      `${ROOT}/orders/subscription/1`,
      { id: 1 }, // one order alone, not in a list: read as a list of one
      { items: [{ id: 1 }] },
    ],
    ['listCustomers', (c: ReturnType<typeof retrying>) => c.listCustomers(), `${ROOT}/customers`, [], { items: [] }],
  ])('%s is retried', async (_name, run, path, body, expected) => {
    const time = fakeTime();
    const answers: number[] = [];
    const answer = (status: number, content: unknown) => () => {
      answers.push(status);
      return [status, content] as [number, unknown];
    };
    store().get(path).query(true).reply(answer(503, ''));
    store().get(path).query(true).reply(answer(200, body));
    const result = await run(retrying(time));
    // Two attempts with one backoff wait between them (no Retry-After: 1 s, half jittered; random 0.5).
    expect(answers).toEqual([503, 200]);
    expect(time.waits).toEqual([750]);
    expect(result).toMatchObject(expected);
  });

  it('without the retry option the client makes one attempt, as before', async () => {
    store().get(`${ROOT}/orders`).reply(503, '');
    const error = await failure(clientFor().listOrders());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.attempts).toBeUndefined();
  });
});

describe('how long it waits', () => {
  /** The waits of a list read answered `status` with `Retry-After: retryAfter` (and `body`), then 200. */
  async function waitsAfter(
    status: number,
    retryAfter: string,
    options: Partial<RetryOptions> = {},
    body: string | object = '',
  ): Promise<number[]> {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).reply(status, body, { 'Retry-After': retryAfter });
    store().get(`${ROOT}/orders`).reply(200, []);
    await retrying(time, options).listOrders();
    return time.waits;
  }

  it('Retry-After in seconds', async () => {
    expect(await waitsAfter(429, '2')).toEqual([2000]);
  });

  it('Retry-After as an HTTP date', async () => {
    expect(await waitsAfter(503, new Date(START + 4000).toUTCString())).toEqual([4000]);
  });

  it('without Retry-After: exponential backoff with jitter', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).reply(502, '');
    store().get(`${ROOT}/orders`).reply(502, '');
    store().get(`${ROOT}/orders`).reply(200, []);
    await retrying(time, { random: () => 0.5 }).listOrders();
    expect(time.waits).toEqual([750, 1500]);
    // The waits before each retry of `failures` 502s in a row, the jitter and the first step as given.
    const backoffs = async (failures: number, overrides: Partial<RetryOptions>) => {
      const clock = fakeTime();
      for (let i = 0; i < failures; i += 1) store().get(`${ROOT}/orders`).reply(502, '');
      store().get(`${ROOT}/orders`).reply(200, []);
      await retrying(clock, { maxAttempts: failures + 1, ...overrides }).listOrders();
      return clock.waits;
    };
    expect(await backoffs(2, { random: () => 0 })).toEqual([500, 1000]);
    expect(await backoffs(2, { random: () => 1 })).toEqual([1000, 2000]);
    expect(await backoffs(3, { backoffMs: 200, random: () => 0 })).toEqual([100, 200, 400]);
  });

  it('reads Retry-After as seconds, fractions, dates; unreadable is no header', () => {
    expect(retryAfterMs('3', START)).toBe(3000);
    expect(retryAfterMs(' 1.5 ', START)).toBe(1500);
    expect(retryAfterMs(new Date(START + 10_000).toUTCString(), START)).toBe(10_000);
    expect(retryAfterMs(new Date(START - 10_000).toUTCString(), START)).toBe(0);
    expect(retryAfterMs('soon', START)).toBeUndefined();
    expect(retryAfterMs('', START)).toBeUndefined();
    expect(retryAfterMs(undefined, START)).toBeUndefined();
  });

  it.each([
    [429, 2000],
    [503, 2000],
    [500, 750],
    [502, 750],
    [504, 750],
  ])('a %i with Retry-After: 2 waits %i ms (only 429 and 503 say when to come back)', async (status, waited) => {
    expect(await waitsAfter(status, '2', {}, wpError('busy'))).toEqual([waited]);
  });

  it('a 502 whose Retry-After is over the cap backs off instead of failing at once (Zapier: 10 s)', async () => {
    expect(await waitsAfter(502, '30', { maxRetryAfterMs: 10_000 }, wpError('busy'))).toEqual([750]);
  });

  it('a 503 whose Retry-After is over the cap is not waited out', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).reply(503, wpError('busy'), { 'Retry-After': '30' });
    const error = await failure(retrying(time, { maxRetryAfterMs: 10_000 }).listOrders());
    expect(error).toBeInstanceOf(ServerError);
    expect(time.waits).toEqual([]);
  });

  it('an unreadable Retry-After (1e1) on a 429 backs off, as no header would', async () => {
    expect(await waitsAfter(429, '1e1')).toEqual([750]);
  });

  it('a Retry-After over the cap is not waited: the 429 stays a RateLimitError with the store delay', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).reply(429, '', { 'Retry-After': '120' });
    const error = (await failure(retrying(time, { budgetMs: 600_000 }).listOrders())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBe(120);
    expect(time.waits).toEqual([]);
  });

  it('the cap can be set', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).reply(429, '', { 'Retry-After': '8' });
    const error = await failure(retrying(time, { maxRetryAfterMs: 5000 }).listOrders());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(time.waits).toEqual([]);
  });
});

describe('the time budget', () => {
  it('a 429 that cannot be waited out within the budget is returned at once as a RateLimitError', async () => {
    const time = fakeTime();
    store()
      .get(`${ROOT}/orders`)
      .reply(429, { code: 'too_many_requests', message: 'Slow down' }, { 'Retry-After': '12' });
    const error = (await failure(retrying(time, { budgetMs: 10_000 }).listOrders())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBe(12);
    expect(error.attempts).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it('stops when the next wait would outlast the budget, saying how many attempts were made', async () => {
    const time = fakeTime();
    store()
      .get(`${ROOT}/orders`)
      .times(2)
      .reply(429, { code: 'too_many_requests', message: 'Slow down' }, { 'Retry-After': '5' });
    const error = (await failure(retrying(time, { budgetMs: 10_000 }).listOrders())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBe(5);
    expect(error.attempts).toBe(2);
    expect(error.message).toContain('after 2 attempts');
    expect(time.waits).toEqual([5000]);
  });

  it('an attempt never gets more time than the budget has left', async () => {
    const time = fakeTime();
    const transport = stubTransport([json(503, wpError('busy'), { 'retry-after': '8' }), json(200, [])]);
    const client = createClient({
      settings: storeFor(),
      // The zone is known: this test counts the store's reads only (docs/dates.md).
      siteZone: UTC_ZONE,
      transport,
      timeoutMs: 20_000,
      retry: { budgetMs: 25_000, sleep: time.sleep, now: time.now },
    });
    await client.listOrders();
    expect(transport.requests.map((r) => r.timeoutMs)).toEqual([20_000, 17_000]);
  });

  it('a store silent twice is not asked a third time; the message names the time the last attempt had', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).times(2).delay(1000).reply(200, []);
    const error = await failure(retrying(time, { budgetMs: 60_000 }, { timeoutMs: 40 }).listOrders());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(
      /^List orders failed on shop\.example\.com after 2 attempts: the store did not answer within 40 ms\./,
    );
    expect(time.waits).toHaveLength(1);
  });

  it('a timeout then a busy answer still gets its third attempt', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).delay(1000).reply(200, []);
    store().get(`${ROOT}/orders`).reply(503, wpError('busy'));
    store()
      .get(`${ROOT}/orders`)
      .reply(200, [{ id: 1 }]);
    const page = await retrying(time, { budgetMs: 60_000 }, { timeoutMs: 40 }).listOrders();
    expect(page.items.map((o) => o.id)).toEqual([1]);
  });
});

describe('the last error', () => {
  it('after 3 attempts: says so and what the store answered last, never the key', async () => {
    const time = fakeTime();
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(502, '');
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(503, '');
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(504, wpError('gateway_timeout', 'Upstream timed out'));
    const error = await failure(retrying(time).validateKey());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.attempts).toBe(3);
    expect(error.status).toBe(504);
    expect(error.message).toMatch(
      /^Check the API key failed on shop\.example\.com after 3 attempts: .*HTTP 504 gateway_timeout: Upstream timed out/,
    );
    expect(error.toJSON()).toMatchObject({ attempts: 3, status: 504 });
    expectNoSecret(error);
  });

  it('network failures after 3 attempts are a NetworkError that says so', async () => {
    const time = fakeTime();
    store()
      .get(`${ROOT}/products/1`)
      .times(3)
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const error = await failure(retrying(time).getProduct(1));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('after 3 attempts');
    expect(time.waits).toEqual([750, 1500]);
  });

  it('maxAttempts can be lowered', async () => {
    const time = fakeTime();
    store().get(`${ROOT}/orders`).times(2).reply(503, '');
    const error = await failure(retrying(time, { maxAttempts: 2 }).listOrders());
    expect(error.attempts).toBe(2);
  });
});

describe('busy notices', () => {
  it('the client tells its listeners of each 429 and 503, not of other errors', async () => {
    const time = fakeTime();
    const client = retrying(time);
    let notices = 0;
    const stop = client.busy.subscribe(() => {
      notices += 1;
    });
    store().get(`${ROOT}/orders`).reply(429, '', { 'Retry-After': '0' });
    store().get(`${ROOT}/orders`).reply(503, '');
    store().get(`${ROOT}/orders`).reply(200, []);
    await client.listOrders();
    expect(notices).toBe(2);
    store().get(`${ROOT}/orders`).reply(500, '');
    store().get(`${ROOT}/orders`).reply(200, []);
    await client.listOrders();
    expect(notices).toBe(2);
    stop();
    store().get(`${ROOT}/orders`).reply(503, '');
    store().get(`${ROOT}/orders`).reply(200, []);
    await client.listOrders();
    expect(notices).toBe(2);
  });
});
