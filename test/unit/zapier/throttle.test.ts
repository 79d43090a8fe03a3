/**
 * The app's throttle (zapier/src/throttle.ts): valid for Zapier's schema, one count per connected store
 * for every step, and sized so a burst at the limit is answered within one request's timeout on a host
 * with 2 PHP workers.
 */
import { ZAPIER_LIMITS } from '../../../zapier/src/platform';
import app from '../../../zapier/src/index';
import { STORE_THROTTLE } from '../../../zapier/src/throttle';
import { appCommand } from '../support/zapier';

/** A small host's PHP workers, and the worst worker time of one WordPress REST request (seconds). */
const SMALL_HOST = { workers: 2, secondsPerRequest: 1 };
/** What one step asks of the store at most, besides paging: its read, and the site's zone. */
const REQUESTS_PER_STEP = 2;

describe('the app throttle', () => {
  it('is the app-wide default and passes zapier-platform-schema through the app handler', async () => {
    expect(app.throttle).toEqual({ ...STORE_THROTTLE, scope: [...STORE_THROTTLE.scope] });
    await expect(appCommand('validate')).resolves.toEqual({ results: [], status: 'SUCCESS' });
    // The same validation rejects a throttle Zapier would not accept, so the check above can fail.
    const broken = { ...app, throttle: { window: 10 } };
    const answer = (await appCommand('validate', {}, broken)) as { results: unknown[] };
    expect(answer.results.length).toBeGreaterThan(0);
  });

  it('counts per connection (one store) across every step; no step has a throttle of its own', () => {
    expect(STORE_THROTTLE.scope).toEqual(['auth']);
    const operations = [...Object.values(app.triggers ?? {}), ...Object.values(app.searches ?? {})].map(
      (step) => step.operation as { throttle?: unknown },
    );
    expect(operations.filter((operation) => operation.throttle !== undefined)).toEqual([]);
    // Zapier's default (`retry: true`): a step over the limit is held and run later, never dropped.
    expect(STORE_THROTTLE).not.toHaveProperty('retry');
  });

  it('a burst at the limit is answered within one request timeout on a 2-worker host', () => {
    const burstSeconds = (STORE_THROTTLE.limit * REQUESTS_PER_STEP * SMALL_HOST.secondsPerRequest) / SMALL_HOST.workers;
    expect(burstSeconds).toBeLessThan(ZAPIER_LIMITS.timeoutMs / 1000);
    // On average Zapier takes at most half of one worker, leaving the rest to the store's shoppers.
    const workersUsed =
      (STORE_THROTTLE.limit * REQUESTS_PER_STEP * SMALL_HOST.secondsPerRequest) / STORE_THROTTLE.window;
    expect(workersUsed).toBeLessThanOrEqual(1);
  });
});
