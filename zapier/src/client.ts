import type { Bundle, ZObject } from 'zapier-platform-core';
import { type CommerceServiceClient, type RetryOptions, createClient } from '../../shared/src';
import { timerSleep } from '../../shared/src/http/timerSleep';
import { zapierTransport } from './transport';

/** The connection's fields (see `authentication.ts`). */
export interface AuthData {
  storeUrl?: string;
  apiKey?: string;
  apiRoot?: string;
}

/**
 * Zapier ends a perform after 30 s with its own message; ours (what the store answered, after how many
 * attempts) must arrive first. One store call, all attempts and waits included, stays within 25 s.
 */
export const ZAPIER_LIMITS = {
  /** Per request: two full attempts fit in the budget; quick failures (429, 502, 503) get three. */
  timeoutMs: 12_000,
  /** All attempts of one store call and the waits between them. */
  budgetMs: 25_000,
  /**
   * A longer Retry-After is not waited out in the perform: the 429 reaches Zapier at once as a
   * ThrottledError with the store's delay, and Zapier runs the step again later.
   */
  maxRetryAfterMs: 10_000,
} as const;

/**
 * Reading back a hook delivery's record (issue #10): the store is waiting for our answer to its
 * delivery, so the read gets its retries within 10 s in all; after that the event goes on unverified.
 */
export const ZAPIER_VERIFY_LIMITS = {
  timeoutMs: 5_000,
  budgetMs: 10_000,
  maxRetryAfterMs: 3_000,
} as const;

type Limits = typeof ZAPIER_LIMITS | typeof ZAPIER_VERIFY_LIMITS;

export interface StoreClientOptions {
  /** `verification`: the short budget of `ZAPIER_VERIFY_LIMITS`; otherwise `ZAPIER_LIMITS`. */
  purpose?: 'verification';
}

/** Retries as Zapier runs them: Node's timers to wait (called through the module so tests can stand in). */
export function zapierRetry(limits: Limits = ZAPIER_LIMITS): RetryOptions {
  return {
    budgetMs: limits.budgetMs,
    maxRetryAfterMs: limits.maxRetryAfterMs,
    sleep: (ms) => timerSleep(ms),
  };
}

/**
 * A client for the connected store, over `z.request`, with retries on (issue #9: reads are retried;
 * the shared client never retries subscribe). Throws a `ConfigurationError` for unusable settings.
 */
export function storeClient(
  z: ZObject,
  bundle: Pick<Bundle, 'authData'>,
  options: StoreClientOptions = {},
): CommerceServiceClient {
  const auth: AuthData = bundle.authData ?? {};
  const limits: Limits = options.purpose === 'verification' ? ZAPIER_VERIFY_LIMITS : ZAPIER_LIMITS;
  return createClient({
    settings: { storeUrl: auth.storeUrl ?? '', apiKey: auth.apiKey ?? '', apiRoot: auth.apiRoot ?? '' },
    transport: zapierTransport(z),
    timeoutMs: limits.timeoutMs,
    retry: zapierRetry(limits),
    // Why some times have no instant (docs/dates.md), in the Zap's log.
    onNotice: (notice) => z.console.log(`Commerce Service: ${notice.message}`),
  });
}
