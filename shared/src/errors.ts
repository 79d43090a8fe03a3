import type { Situation } from './situations';

/**
 * One error family for everything that can go wrong talking to a store, as stripe-node's: `happened`
 * says what happened (the store by host only, the operation, the store's own answer), `hint` what to
 * do, `message` both for a platform that shows one text (Zapier, a log line), and `cause` why no
 * answer came (Node's error, its code kept). None carries the API key: the pipeline takes it out of
 * whatever the store or the transport said (`http/pipeline.ts`).
 */

type ErrorKind =
  | 'configuration'
  | 'authentication'
  | 'not_found'
  | 'invalid_request'
  | 'rate_limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'unexpected_response'
  | 'incomplete_list'
  | 'blocked'
  | 'moved';

export interface ErrorContext {
  /** The store's host (and sub-folder), never a URL with a query string. */
  store: string;
  /** Human label of the operation, e.g. "Get an order". */
  operation: string;
  status?: number;
  /** The service's error code, e.g. `rest_forbidden_context`. */
  code?: string;
  /** The service's own message, secrets removed. */
  serviceMessage?: string;
  /** Requests made for this operation when the client retries it (`http/retry.ts`); from two on, the message says so. */
  attempts?: number;
  /** The cause told apart, when the status alone does not say it (`http/situations.ts`). */
  situation?: Situation;
}

export abstract class CommerceServiceError extends Error {
  abstract readonly kind: ErrorKind;
  readonly store: string;
  readonly operation: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serviceMessage: string | undefined;
  /** What happened, in a few words (the message's core, without the store's answer). */
  readonly summary: string;
  /** What happened: the message without the hint (n8n's title, with the hint as its description). */
  readonly happened: string;
  /** What the user can do about it. */
  readonly hint: string;
  readonly attempts: number | undefined;
  readonly situation: Situation | undefined;

  constructor(context: ErrorContext, summary: string, hint: string, options?: { cause?: unknown }) {
    const detail = describeServiceAnswer(context);
    const tries = context.attempts !== undefined && context.attempts > 1 ? ` after ${context.attempts} attempts` : '';
    const happened = `${context.operation} failed on ${context.store}${tries}: ${summary}${detail ? ` (${detail})` : ''}.`;
    super(`${happened} ${hint}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.happened = happened;
    this.store = context.store;
    this.operation = context.operation;
    this.status = context.status;
    this.code = context.code;
    this.serviceMessage = context.serviceMessage;
    this.summary = summary;
    this.hint = hint;
    this.attempts = context.attempts;
    this.situation = context.situation;
  }

  /** What a log or an execution record may keep: no stack, no request, no key; the transport's cause by name, code and message. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      store: this.store,
      operation: this.operation,
      status: this.status,
      code: this.code,
      ...(this.situation !== undefined ? { situation: this.situation } : {}),
      ...(this.attempts !== undefined ? { attempts: this.attempts } : {}),
      ...(this.cause instanceof Error ? { cause: causeOf(this.cause) } : {}),
    };
  }
}

/** A transport's cause as plain data: its name, Node's code (`ENOTFOUND`, `CERT_HAS_EXPIRED`, …) and message. */
function causeOf(cause: Error): Record<string, string> {
  const { code } = cause as { code?: unknown };
  return { name: cause.name, ...(typeof code === 'string' ? { code } : {}), message: cause.message };
}

function describeServiceAnswer({ status, code, serviceMessage }: ErrorContext): string {
  const parts: string[] = [];
  if (status) parts.push(`HTTP ${status}`);
  if (code) parts.push(code);
  const head = parts.join(' ');
  if (!serviceMessage) return head;
  return head ? `${head}: ${serviceMessage}` : serviceMessage;
}

/** The connection settings cannot describe a store (e.g. a malformed Store URL). */
export class ConfigurationError extends CommerceServiceError {
  readonly kind = 'configuration';
  override readonly name: string = 'ConfigurationError';
}

/** 401/403: the key is missing, wrong or revoked. */
export class AuthenticationError extends CommerceServiceError {
  readonly kind = 'authentication';
  override readonly name: string = 'AuthenticationError';
}

/** What a 404 is about: the record asked for, or the address of the API itself. */
type NotFoundReason = 'record' | 'route';

/**
 * 404: an unknown id (`reason: 'record'`), or no Commerce Service API at the configured root
 * (`reason: 'route'`: a wrong Store URL or API Root, or Studiocart inactive). Only the shared client
 * reads the store's error codes; adapters decide on `reason`.
 */
export class NotFoundError extends CommerceServiceError {
  readonly kind = 'not_found';
  override readonly name: string = 'NotFoundError';

  constructor(
    context: ErrorContext,
    summary: string,
    hint: string,
    readonly reason: NotFoundReason = 'record',
  ) {
    super(context, summary, hint);
  }
}

/** A 404 about the record asked for (it does not exist), not about the store's address. */
export function isMissingRecord(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError && error.reason === 'record';
}

/** Latest-orders' 404 `no_orders`: a store with no orders, an empty list. Any other failure stands. */
export function noOrdersAsEmpty(error: unknown): [] {
  if (error instanceof NotFoundError && error.code === 'no_orders') return [];
  throw error;
}

/** 400 and other 4xx: the store refused a parameter; `params` are the ones it named (`data.params`), if any. */
export class InvalidRequestError extends CommerceServiceError {
  readonly kind = 'invalid_request';
  override readonly name: string = 'InvalidRequestError';

  constructor(
    context: ErrorContext,
    summary: string,
    hint: string,
    readonly params: string[] = [],
  ) {
    super(context, summary, hint);
  }
}

/** 429: too many requests; `retryAfterSeconds` is the store's own delay when it gave one. */
export class RateLimitError extends CommerceServiceError {
  readonly kind = 'rate_limited';
  override readonly name: string = 'RateLimitError';

  constructor(
    context: ErrorContext,
    summary: string,
    hint: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(context, summary, hint);
  }
}

/** 5xx: the store failed. */
export class ServerError extends CommerceServiceError {
  readonly kind = 'server';
  override readonly name: string = 'ServerError';
}

/** No answer in time. */
export class TimeoutError extends CommerceServiceError {
  readonly kind = 'timeout';
  override readonly name: string = 'TimeoutError';
}

/**
 * The store could not be reached (DNS, refused connection, TLS, reset): `situation` says which, and
 * `cause` is the transport's error (its code, name and message, the key removed).
 */
export class NetworkError extends CommerceServiceError {
  readonly kind = 'network';
  override readonly name: string = 'NetworkError';
}

/**
 * Something in front of WordPress, or a plugin, answered instead of the API: a site password, a CDN's
 * bot challenge, a firewall, a REST API closed to visitors (`situation` says which). The key is not the
 * problem, so a platform must not ask for a new one.
 */
export class SiteBlockedError extends CommerceServiceError {
  readonly kind = 'blocked';
  override readonly name: string = 'SiteBlockedError';
}

/**
 * 3xx: the site sends the request elsewhere. `location` is where, without its query (which may repeat
 * the key). The client follows a move to the same site's canonical address (`discovery.ts`); any other
 * move is the user's to confirm, in the Store URL.
 */
export class SiteMovedError extends CommerceServiceError {
  readonly kind = 'moved';
  override readonly name: string = 'SiteMovedError';

  constructor(
    context: ErrorContext,
    summary: string,
    hint: string,
    readonly location: string,
  ) {
    super(context, summary, hint);
  }
}

/** An answer that is not the API's: an HTML page, invalid JSON, or a shape that cannot be read. */
export class UnexpectedResponseError extends CommerceServiceError {
  readonly kind = 'unexpected_response';
  override readonly name: string = 'UnexpectedResponseError';
}

/** Why a walk through a list ended before its last record (`shared/src/paginate.ts`). */
type IncompleteListReason = 'page-limit' | 'repeated-page';

/**
 * A walk through a list (Return All, Find Customer by Email) could not read every record: it stopped
 * at the most pages one walk reads, or the store ignored paging. Never a silently short list: `read`
 * (records read and handed on before the walk stopped) says how many records came before the stop.
 */
export class IncompleteListError extends CommerceServiceError {
  readonly kind = 'incomplete_list';
  override readonly name: string = 'IncompleteListError';

  constructor(
    context: ErrorContext,
    summary: string,
    hint: string,
    readonly reason: IncompleteListReason,
    readonly read: number,
  ) {
    super(context, summary, hint);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, read: this.read };
  }
}

export function isCommerceServiceError(error: unknown): error is CommerceServiceError {
  return error instanceof CommerceServiceError;
}
