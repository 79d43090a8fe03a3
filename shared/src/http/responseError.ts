import {
  AuthenticationError,
  type CommerceServiceError,
  type ErrorContext,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  SiteBlockedError,
  SiteMovedError,
  UnexpectedResponseError,
} from '../errors';
import { type ParsedBody, htmlToText } from './parseBody';
import { SITUATIONS, type Situation } from '../situations';
import { httpSituation } from './situations';
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
  /** How the API root is written, for hints about a wrong root. */
  apiRoot: string;
  /** Where the request went, to read a relative Location against. */
  url: string;
}

/** The typed error for a response the operation could not use (the pipeline took the key out of it first). */
export function responseError(ctx: ResponseContext, response: HttpResponse, parsed: ParsedBody): CommerceServiceError {
  const wp = readWordPressError(parsed);
  // Some WordPress messages are HTML (a critical error's `<p>…<a href>`): shown as the text a browser shows.
  const said = wp.message ? htmlToText(wp.message) : '';
  const context: ErrorContext = {
    store: ctx.store,
    operation: ctx.operation,
    ...(ctx.attempts === undefined ? {} : { attempts: ctx.attempts }),
    status: response.status,
    ...(wp.code ? { code: wp.code } : {}),
    ...(said ? { serviceMessage: said } : {}),
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
  if (status >= 300 && status < 400) return moved(ctx, context, response);
  const situation = httpSituation(response, parsed, wp);
  if (situation) return situationError(ctx, context, situation, parsed);
  if (status === 401 || status === 403) {
    const { summary, hint } = SITUATIONS['wrong-key'];
    return new AuthenticationError({ ...context, situation: 'wrong-key' }, summary, hint);
  }
  if (status === 404) {
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

/** A redirect: where to, shown without its query string (the key may ride in it). */
function moved(ctx: ResponseContext, context: ErrorContext, response: HttpResponse): CommerceServiceError {
  let location = '';
  try {
    const target = new URL(response.headers.location ?? '', ctx.url);
    location = `${target.origin}${target.pathname}`;
  } catch {
    location = '';
  }
  const { summary, hint } = SITUATIONS['site-moved'];
  return new SiteMovedError(
    { ...context, situation: 'site-moved' },
    location ? `${summary} (${location})` : summary,
    hint,
    location,
  );
}

/** What each situation's answer becomes: the class decides what a platform does (retry, reconnect). */
function situationError(
  ctx: ResponseContext,
  context: ErrorContext,
  situation: Situation,
  parsed: ParsedBody,
): CommerceServiceError {
  const { summary, hint } = SITUATIONS[situation];
  const unreadable = parsed.kind === 'html' || parsed.kind === 'invalid';
  // A page's title says more than its status (the store's own JSON message is kept for its code).
  const shown = unreadable ? `"${parsed.snippet}"` : '';
  // A page has no WordPress message or code of its own.
  const bare = omit(context, 'serviceMessage', 'code');
  const told: ErrorContext = { ...(unreadable ? bare : context), situation };
  const where = situation === 'no-studiocart' || situation === 'not-wordpress' ? ` at ${ctx.apiRoot}` : '';
  const what = `${summary}${where}${shown ? ` (${shown})` : ''}`;
  switch (situation) {
    case 'site-password':
    case 'bot-challenge':
    case 'firewall':
    case 'rest-restricted':
      return new SiteBlockedError(told, what, hint);
    case 'no-studiocart':
    case 'not-wordpress':
      return new NotFoundError(told, what, hint, 'route');
    default:
      return context.status && context.status >= 500
        ? new ServerError(told, what, hint)
        : new UnexpectedResponseError(told, what, hint);
  }
}
