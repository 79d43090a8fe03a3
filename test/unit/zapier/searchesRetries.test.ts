/**
 * A busy store under Zapier's searches: retried within the app's budget (`ZAPIER_LIMITS`), waits on
 * Node's timers (recorded here, with a fake clock, instead of slept), and a 429 that cannot be waited
 * out inside the perform handed to Zapier as a ThrottledError with the store's delay.
 */
import { AUTH, ROOT, SEARCH_PERFORMS, appTester, store, failure, wpError } from '../support/zapier';
import { useTimerSleep } from '../support/sleep';

const findOrder = SEARCH_PERFORMS.find_order;
const order = { id: 1042, status: 'paid', order_amount: 16800 };
const BUSY = wpError('too_many_requests', 'Slow down.', 429);

/** Wall-clock time as the retry rules see it: starts at 0, moved on by each wait and by slow answers. */
const sleeps = useTimerSleep({ clock: true });

/** One answer of the store that took `tookMs` (moves the fake clock). */
function answer(status: number, body: unknown, headers: Record<string, string> = {}, tookMs = 0) {
  return () => {
    sleeps.advance(tookMs);
    return [status, body as Record<string, unknown>, headers] as [
      number,
      Record<string, unknown>,
      Record<string, string>,
    ];
  };
}

describe('searches on a busy store', () => {
  it('wait out a short Retry-After and then find the record', async () => {
    store()
      .get(`${ROOT}/orders/1042`)
      .reply(answer(429, BUSY, { 'retry-after': '3' }))
      .get(`${ROOT}/orders/1042`)
      .reply(answer(200, order));
    const results = await appTester(findOrder, { authData: AUTH, inputData: { order_id: '1042' } });
    expect(results.map((found) => found.id)).toEqual([1042]);
    expect(sleeps.waits).toEqual([3000]);
  });

  it('retry a 503 with backoff and say after how many attempts they gave up', async () => {
    store().get(`${ROOT}/orders/1042`).times(3).reply(answer(503, '<html><title>Service Unavailable</title></html>'));
    const error = await failure(appTester(findOrder, { authData: AUTH, inputData: { order_id: '1042' } }));
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(/^Get an order failed on shop\.example\.com after 3 attempts: .*HTTP 503/);
    expect(sleeps.waits).toHaveLength(2);
  });

  it('never wait past the budget: a slow, busy store gets its last error to the user within 25 s', async () => {
    // Each answer takes 8 s and asks for 5 s: 8 + 5 + 8 = 21 s, and another round would end at 34 s.
    store()
      .get(`${ROOT}/orders/1042`)
      .times(2)
      .reply(answer(503, wpError('busy', 'Busy.', 503), { 'retry-after': '5' }, 8000));
    const error = await failure(appTester(findOrder, { authData: AUTH, inputData: { order_id: '1042' } }));
    expect(error.text).toMatch(/after 2 attempts/);
    expect(sleeps.waits).toEqual([5000]);
    expect(sleeps.now).toBe(21_000);
    expect(sleeps.now).toBeLessThan(25_000);
  });

  it("hand a Retry-After longer than 10 s straight to Zapier as a ThrottledError with the store's delay", async () => {
    store()
      .get(`${ROOT}/orders/1042`)
      .reply(answer(429, BUSY, { 'retry-after': '45' }));
    const error = await failure(appTester(findOrder, { authData: AUTH, inputData: { order_id: '1042' } }));
    expect(error).toMatchObject({ name: 'ThrottledError', delay: 45 });
    expect(sleeps.waits).toEqual([]);
  });

  it('keep a 429 that is still there after the last attempt a ThrottledError', async () => {
    store()
      .get(`${ROOT}/orders/1042`)
      .times(3)
      .reply(answer(429, BUSY, { 'retry-after': '2' }));
    const error = await failure(appTester(findOrder, { authData: AUTH, inputData: { order_id: '1042' } }));
    expect(error).toMatchObject({ name: 'ThrottledError', delay: 2 });
    expect(error.text).toMatch(/after 3 attempts/);
    expect(sleeps.waits).toEqual([2000, 2000]);
  });

  it('do not retry what a retry cannot fix (an unknown ID is still no result, at once)', async () => {
    store()
      .get(`${ROOT}/orders/999`)
      .reply(answer(404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404)));
    await expect(appTester(findOrder, { authData: AUTH, inputData: { order_id: '999' } })).resolves.toEqual([]);
    expect(sleeps.waits).toEqual([]);
  });

  it('find a customer by email when one page of the walk was busy', async () => {
    const page = (n: number) =>
      Array.from({ length: 100 }, (_, i) => ({
        id: n * 100 - 99 + i,
        email: n === 2 && i === 5 ? 'found@example.com' : `c${n}-${i}@example.com`,
      }));
    const totals = { 'x-wp-total': '200', 'x-wp-totalpages': '2' };
    store()
      .get(`${ROOT}/customers`)
      .query({ page: '1', per_page: '100' })
      .reply(answer(200, page(1), totals))
      .get(`${ROOT}/customers`)
      .query({ page: '2', per_page: '100' })
      .reply(answer(429, BUSY, { 'retry-after': '1' }))
      .get(`${ROOT}/customers`)
      .query({ page: '2', per_page: '100' })
      .reply(answer(200, page(2), totals));
    const results = await appTester(SEARCH_PERFORMS.find_customer, {
      authData: AUTH,
      inputData: { email: 'found@example.com' },
    });
    expect(results.map((found) => found.id)).toEqual([106]);
    expect(sleeps.waits).toEqual([1000]);
  });
});
