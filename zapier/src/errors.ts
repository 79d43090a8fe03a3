import type { Bundle, ZObject } from 'zapier-platform-core';
import { AuthenticationError, CommerceServiceError, RateLimitError } from '@commerce-service/shared';

/** Errors the platform already understands; they pass through untouched. */
const PLATFORM_ERRORS = new Set(['AppError', 'ExpiredAuthError', 'HaltedError', 'RefreshAuthError', 'ThrottledError']);

/**
 * The shared client's error as the Zapier error that drives the right behaviour: a rejected key marks
 * the connection expired (the user is asked to reconnect), a rate limit is retried after the store's
 * delay, anything else is shown with what happened and what to do (Zapier shows one text: the shared
 * message holds both). A failure with no answer carries Node's code (`ENOTFOUND`, …) as the error's
 * code, and its cause. The shared errors hold no key (the pipeline took it out).
 */
export function toZapierError(z: ZObject, error: unknown): Error {
  if (error instanceof AuthenticationError) return new z.errors.ExpiredAuthError(error.message);
  if (error instanceof RateLimitError) return new z.errors.ThrottledError(error.message, error.retryAfterSeconds);
  if (error instanceof CommerceServiceError) {
    const cause = error.cause instanceof Error ? error.cause : undefined;
    const code = (cause as { code?: unknown } | undefined)?.code;
    const shown = new z.errors.Error(
      error.message,
      typeof code === 'string' ? code : (error.code ?? error.kind),
      error.status,
    );
    return cause ? Object.assign(shown, { cause }) : shown;
  }
  if (error instanceof Error && PLATFORM_ERRORS.has(error.name)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new z.errors.Error(`Unexpected error in the Commerce Service app: ${message}`, 'unexpected');
}

/** A perform whose failures reach the user as Zapier errors (see `toZapierError`). */
export function withStoreErrors<T>(perform: (z: ZObject, bundle: Bundle) => Promise<T>) {
  return async (z: ZObject, bundle: Bundle): Promise<T> => {
    try {
      return await perform(z, bundle);
    } catch (error) {
      throw toZapierError(z, error);
    }
  };
}
