import type { Bundle, ZObject } from 'zapier-platform-core';
import { AuthenticationError, CommerceServiceError, RateLimitError, redact } from '@commerce-service/shared';

/** Errors the platform already understands; they pass through untouched. */
const PLATFORM_ERRORS = new Set(['AppError', 'ExpiredAuthError', 'HaltedError', 'RefreshAuthError', 'ThrottledError']);

/**
 * The shared client's error as the Zapier error that drives the right behaviour: a rejected key marks
 * the connection expired (the user is asked to reconnect), a rate limit is retried after the store's
 * delay, anything else is shown with what happened and what to do. The API key never leaves in a message.
 */
export function toZapierError(z: ZObject, error: unknown, apiKey: string | undefined): Error {
  const secrets = apiKey ? [apiKey] : [];
  if (error instanceof AuthenticationError) return new z.errors.ExpiredAuthError(redact(error.message, secrets));
  if (error instanceof RateLimitError)
    return new z.errors.ThrottledError(redact(error.message, secrets), error.retryAfterSeconds);
  if (error instanceof CommerceServiceError) {
    return new z.errors.Error(redact(error.message, secrets), error.code ?? error.kind, error.status);
  }
  if (error instanceof Error && PLATFORM_ERRORS.has(error.name)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new z.errors.Error(`Unexpected error in the Commerce Service app: ${redact(message, secrets)}`, 'unexpected');
}

/** A perform whose failures reach the user as Zapier errors (see `toZapierError`). */
export function withStoreErrors<T>(perform: (z: ZObject, bundle: Bundle) => Promise<T>) {
  return async (z: ZObject, bundle: Bundle): Promise<T> => {
    try {
      return await perform(z, bundle);
    } catch (error) {
      throw toZapierError(z, error, bundle.authData?.apiKey);
    }
  };
}
