/**
 * Retries for reads: a busy or briefly failing store (429, 502, 503, 504, a dropped connection; once a
 * 500 or a timeout) is asked again, within a time budget the adapter sets. A 429 or a 503 waits its
 * Retry-After (`retryAfter.ts`); every other retried failure backs off. Waiting is injected, as
 * the transport is: n8n's package may not use timers, so each adapter brings its own.
 */
import { type CommerceServiceError, NetworkError, RateLimitError, ServerError, TimeoutError } from '../errors';
import { honoursRetryAfter, retryAfterMs } from './retryAfter';

type Sleep = (ms: number) => Promise<void>;

export interface RetryOptions {
  /** Everything one operation may take, all attempts and waits included (Zapier: about 25 s of its 30 s). */
  budgetMs: number;
  /** How to wait: Node's timers in the Zapier app (`zapier/src/timerSleep.ts`) and scripts, n8n-workflow's `sleep` in n8n. */
  sleep: Sleep;
  /** Requests per operation in all, first included (default 3). */
  maxAttempts?: number;
  /** A Retry-After longer than this is not waited out: the error is returned at once (default 30 s). */
  maxRetryAfterMs?: number;
  /** First backoff step when the store gives no Retry-After; doubles each time, with jitter (default 1 s). */
  backoffMs?: number;
  /** For tests: the clock and the jitter source. */
  now?: () => number;
  random?: () => number;
}

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;
const DEFAULT_BACKOFF_MS = 1000;
/** An attempt with less time than this left in the budget is not worth sending. */
export const MIN_ATTEMPT_MS = 1000;

/** Where one operation's attempts stand: how many so far, since when, and how many were a 500 or a timeout. */
export interface Tries {
  count: number;
  started: number;
  serverErrors: number;
  timeouts?: number;
}

/**
 * Attempts that may time out per operation: a store silent for two whole attempts is down or at its
 * limit, and a third would only make the user wait one more timeout for the same error.
 */
const MAX_TIMEOUTS = 2;

/**
 * After a failed attempt (`tries.count` made): how long to wait before the next, or `undefined` when
 * `error` stands (not retried, no attempt left, or a wait the budget cannot hold: a 429 then stays a
 * `RateLimitError` with the store's delay). Without `retry`, or for an operation never sent twice, one attempt.
 */
export function waitBeforeNext(
  error: CommerceServiceError,
  retryAfter: string | undefined,
  tries: Tries,
  retry: RetryOptions | undefined,
): number | undefined {
  if (error.status === 500) tries.serverErrors += 1;
  if (error instanceof TimeoutError) tries.timeouts = (tries.timeouts ?? 0) + 1;
  if (!retry || !isRetryable(error, tries.serverErrors)) return undefined;
  if ((tries.timeouts ?? 0) >= MAX_TIMEOUTS) return undefined;
  if (tries.count >= Math.max(1, retry.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) return undefined;
  const now = (retry.now ?? Date.now)();
  // Only a 429 or a 503 says when to come back; any other status backs off (docs/service/errors.md).
  const asked = honoursRetryAfter(error.status) ? retryAfter : undefined;
  const wait = waitBeforeRetry(retry, asked, tries.count, now);
  if (wait === undefined || now - tries.started + wait + MIN_ATTEMPT_MS > retry.budgetMs) return undefined;
  return wait;
}

/** The timeout of the next attempt: the per-request timeout, within what the budget has left. */
export function attemptTimeout(timeoutMs: number, tries: Tries, retry: RetryOptions | undefined): number {
  if (!retry) return timeoutMs;
  const left = retry.budgetMs - ((retry.now ?? Date.now)() - tries.started);
  return Math.max(1, Math.min(timeoutMs, left));
}

/**
 * 429, 502, 503, 504, timeouts, dropped or refused connections; a 500 once (a WordPress route without a
 * handler never). A name that does not resolve or a certificate that fails stays so for seconds to come.
 */
function isRetryable(error: CommerceServiceError, serverErrorsSoFar: number): boolean {
  if (error instanceof NetworkError) {
    return error.situation === 'connection-reset' || error.situation === 'connection-refused';
  }
  if (error instanceof RateLimitError || error instanceof TimeoutError) return true;
  if (!(error instanceof ServerError)) return false;
  if (error.status === 502 || error.status === 503 || error.status === 504) return true;
  return error.status === 500 && serverErrorsSoFar <= 1 && error.code !== 'rest_invalid_handler';
}

/** Milliseconds to wait: the store's Retry-After (capped; 429 and 503 only, the caller decides), else exponential backoff with jitter; undefined = do not wait. */
function waitBeforeRetry(
  retry: RetryOptions,
  retryAfter: string | undefined,
  attemptsSoFar: number,
  now: number,
): number | undefined {
  const asked = retryAfterMs(retryAfter, now);
  if (asked !== undefined) return asked <= (retry.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS) ? asked : undefined;
  const step = (retry.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** (attemptsSoFar - 1);
  const random = retry.random ?? Math.random;
  // Half fixed, half random: clients that failed together do not come back together.
  return Math.round(step / 2 + random() * (step / 2));
}
