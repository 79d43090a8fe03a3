/**
 * Retries for reads: a busy or briefly failing store (429, 502, 503, 504, once a 500, a timeout or a
 * dropped connection) is asked again, within a time budget the adapter sets. A 429 or a 503 waits its
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

/** One attempt's outcome: the result, or the error with the store's Retry-After header when it sent one. */
export type Attempt<R> = { result: R } | { error: CommerceServiceError; retryAfter?: string };

interface RetryPlan {
  /** `false` for an operation that must not be sent twice (the catalogue's `retried`): one attempt. */
  retried: boolean;
  /** The client's per-request timeout; an attempt never gets more than the budget has left. */
  timeoutMs: number;
  /** Without it, one attempt, as before retries existed. */
  retry?: RetryOptions;
  /** Told of every 429 and 503, so a parallel walk can slow down. */
  onBusy?: () => void;
}

/**
 * Runs `attempt` until it succeeds or the rules say stop. With retries on, each attempt is given its
 * number, so the last error says how many attempts were made.
 */
export async function withRetries<R>(
  plan: RetryPlan,
  attempt: (timeoutMs: number, attempts: number | undefined) => Promise<Attempt<R>>,
): Promise<R> {
  const { retry } = plan;
  const now = retry?.now ?? Date.now;
  const started = now();
  const maxAttempts = retry && plan.retried ? Math.max(1, retry.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) : 1;
  const budgetMs = retry?.budgetMs ?? Number.POSITIVE_INFINITY;
  let serverErrors = 0;
  for (let count = 1; ; count += 1) {
    const left = budgetMs - (now() - started);
    const outcome = await attempt(Math.max(1, Math.min(plan.timeoutMs, left)), retry ? count : undefined);
    if ('result' in outcome) return outcome.result;
    const { error } = outcome;
    if (error.status === 429 || error.status === 503) plan.onBusy?.();
    if (error.status === 500) serverErrors += 1;
    const retryable = isRetryable(error, serverErrors);
    if (!retry) throw error;
    if (!retryable || count >= maxAttempts) throw error;
    // Only a 429 or a 503 says when to come back; any other status backs off (docs/service/errors.md).
    const asked = honoursRetryAfter(error.status) ? outcome.retryAfter : undefined;
    const wait = waitBeforeRetry(retry, asked, count, now());
    const spent = now() - started;
    // A wait the budget cannot hold ends here: a 429 stays a RateLimitError with the store's delay.
    if (wait === undefined || spent + wait + MIN_ATTEMPT_MS > budgetMs) throw error;
    await retry.sleep(wait);
  }
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
