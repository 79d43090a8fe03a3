import {
  AuthenticationError,
  type CommerceServiceError,
  type ErrorContext,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnexpectedResponseError,
} from '../errors';
import type { ParsedBody } from './parseBody';
import { redact } from './redact';
import { omit } from '../resources/pick';
import { retryAfterSeconds } from './retryAfter';
import type { HttpResponse } from './transport';

/** The WordPress REST error body: `{code, message, data: {status, params}}`. */
interface WordPressError {
  code?: string;
  message?: string;
  params: string[];
}

function readWordPressError(parsed: ParsedBody): WordPressError {
  const value = parsed.kind === 'json' ? (Array.isArray(parsed.value) ? parsed.value[0] : parsed.value) : undefined;
  if (!value || typeof value !== 'object') return { params: [] };
  const { code, message, data } = value as { code?: unknown; message?: unknown; data?: unknown };
  const rawParams = data && typeof data === 'object' ? (data as { params?: unknown }).params : undefined;
  const params = Array.isArray(rawParams)
    ? rawParams.map(String)
    : rawParams && typeof rawParams === 'object'
      ? Object.keys(rawParams)
      : [];
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    params,
  };
}

interface ResponseContext {
  store: string;
  operation: string;
  /** The attempt this response answered, when the client retries (`retry.ts`). */
  attempts?: number;
  apiKey: string;
  /** How the API root is written, for hints about a wrong root. */
  apiRoot: string;
}

/** The typed error for a response the operation could not use. */
export function responseError(ctx: ResponseContext, response: HttpResponse, parsed: ParsedBody): CommerceServiceError {
  const wp = readWordPressError(parsed);
  const context: ErrorContext = {
    store: ctx.store,
    operation: ctx.operation,
    ...(ctx.attempts === undefined ? {} : { attempts: ctx.attempts }),
    status: response.status,
    ...(wp.code ? { code: wp.code } : {}),
    ...(wp.message ? { serviceMessage: redact(wp.message, [ctx.apiKey]) } : {}),
  };
  const { status } = response;
  // A 429 is a rate limit whatever page a proxy wraps it in.
  if (status === 429) {
    const delay = retryAfterSeconds(response.headers['retry-after']);
    return new RateLimitError(
      context,
      'the store is limiting how fast it can be called',
      delay === undefined ? 'Wait a minute and try again.' : `Try again in ${delay} seconds.`,
      delay,
    );
  }
  if (parsed.kind === 'html' || parsed.kind === 'invalid') return unreadableAnswer(ctx, context, parsed);
  if (status === 401 || status === 403) {
    return new AuthenticationError(
      context,
      'the store did not accept the API key',
      'Copy the API key again from the Studiocart settings in your WordPress admin and update the connection.',
    );
  }
  if (status === 404) {
    if (wp.code === 'rest_no_route') {
      return new NotFoundError(
        context,
        `the store has no Commerce Service API at ${ctx.apiRoot}`,
        'Check that the Store URL is your WordPress site and that Studiocart is active; if the site has no pretty permalinks, set API Root to ?rest_route=/sc/v1.',
        'route',
      );
    }
    return new NotFoundError(
      context,
      'the store has no record with that ID',
      'Check the ID: it may have been deleted, or belong to another store.',
    );
  }
  if (status >= 500) {
    return new ServerError(
      context,
      'the store had an internal error',
      'Try again later; if it keeps happening, check the WordPress error log or ask your host.',
    );
  }
  if (status >= 400) {
    const named = wp.params.length ? ` (${wp.params.join(', ')})` : '';
    return new InvalidRequestError(
      context,
      `the store refused the request${named}`,
      'Check the values entered for this step: IDs are whole numbers, dates are YYYY-MM-DD, and a page holds 1 to 100 records.',
      wp.params,
    );
  }
  return new UnexpectedResponseError(
    context,
    `the store answered with an unexpected status`,
    'Check that the Store URL is your WordPress site with Studiocart active.',
  );
}

function unreadableAnswer(
  ctx: ResponseContext,
  context: ErrorContext,
  parsed: { kind: 'html' | 'invalid'; snippet: string },
): CommerceServiceError {
  const shown = redact(parsed.snippet, [ctx.apiKey]);
  const what =
    parsed.kind === 'html'
      ? `the store answered with a web page instead of the API ("${shown}")`
      : `the store's answer is not valid JSON ("${shown}")`;
  const hint =
    parsed.kind === 'html'
      ? `Check that the Store URL is your WordPress site with Studiocart active, and that no maintenance mode, caching or security plugin blocks ${ctx.apiRoot}; without pretty permalinks, set API Root to ?rest_route=/sc/v1.`
      : 'A plugin or theme may be printing output into API answers: check the WordPress error log, or ask your host.';
  // The store's own message and code stay out of this error: what it sent is the problem.
  const bare = omit(context, 'serviceMessage', 'code');
  return context.status && context.status >= 500
    ? new ServerError(bare, what, hint)
    : new UnexpectedResponseError(bare, what, hint);
}
