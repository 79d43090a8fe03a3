/**
 * The store's `Retry-After` header, read once for both its readers: the retry loop (how long to wait,
 * `retry.ts`) and the error message (`Try again in N seconds.`, `responseError.ts`). RFC 9110 §10.2.3
 * allows delay-seconds (digits; a fraction is tolerated) or an HTTP date. Anything else (`1e1`, `-5`,
 * `soon`) is unreadable and counts as no header: the loop backs off on its own, the message says to
 * wait a minute. A date in the past is 0.
 */

/** Which answers' Retry-After is honoured: a rate limit and a service unavailable (docs/service/errors.md). */
export function honoursRetryAfter(status: number | undefined): boolean {
  return status === 429 || status === 503;
}

const DELAY_SECONDS = /^\d+(\.\d+)?$/;
/** IMF-fixdate, RFC 850 and asctime dates: a weekday, then day, month, year and a time. */
const HTTP_DATE = /^[A-Za-z]{3,9},? [\dA-Za-z -]+ \d{2}:\d{2}:\d{2}( GMT| \d{4})$/;

/** Milliseconds to wait from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  const text = header?.trim() ?? '';
  if (DELAY_SECONDS.test(text)) return Math.round(Number(text) * 1000);
  if (!HTTP_DATE.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Whole seconds to wait (rounded up), for a message and `RateLimitError.retryAfterSeconds`. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  const ms = retryAfterMs(header, now);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}
