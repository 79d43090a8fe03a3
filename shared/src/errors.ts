/**
 * One error family for everything that can go wrong talking to a store. Each error names the store
 * (host only), the operation and what to do; none ever carries the API key (see `http/redact.ts`).
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
  | 'incomplete_list';

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
}

export abstract class CommerceServiceError extends Error {
  abstract readonly kind: ErrorKind;
  readonly store: string;
  readonly operation: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serviceMessage: string | undefined;
  /** What happened, in one sentence without the advice. */
  readonly summary: string;
  /** What the user can do about it. */
  readonly hint: string;
  /** Requests made for this operation when the client retried it (see `http/retry.ts`). */
  attempts: number | undefined;

  constructor(context: ErrorContext, summary: string, hint: string) {
    const detail = describeServiceAnswer(context);
    super(`${context.operation} failed on ${context.store}: ${summary}${detail ? ` (${detail})` : ''}. ${hint}`);
    this.store = context.store;
    this.operation = context.operation;
    this.status = context.status;
    this.code = context.code;
    this.serviceMessage = context.serviceMessage;
    this.summary = summary;
    this.hint = hint;
  }

  /** What a log or an execution record may keep: no stack, no request, no key. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      store: this.store,
      operation: this.operation,
      status: this.status,
      code: this.code,
      ...(this.attempts !== undefined ? { attempts: this.attempts } : {}),
    };
  }

  /** Marks the error as the last of `attempts` requests; from two on, the message says so. */
  afterAttempts(attempts: number): this {
    this.attempts = attempts;
    if (attempts > 1) {
      const head = `${this.operation} failed on ${this.store}`;
      if (this.message.startsWith(`${head}: `))
        this.message = `${head} after ${attempts} attempts${this.message.slice(head.length)}`;
    }
    return this;
  }
}

function describeServiceAnswer({ status, code, serviceMessage }: ErrorContext): string {
  const parts: string[] = [];
  if (status) parts.push(`HTTP ${status}`);
  if (code) parts.push(code);
  const head = parts.join(' ');
  if (!serviceMessage) return head;
  return head ? `${head}: ${serviceMessage}` : serviceMessage;
}

/** A member of the family: its `kind` and `name` are what it adds to `CommerceServiceError`. */
function errorKind<K extends ErrorKind>(kind: K, name: string) {
  return class extends CommerceServiceError {
    readonly kind: K = kind;
    override readonly name: string = name;
  };
}

type MessageParts = [context: ErrorContext, summary: string, hint: string];

/** A member that also carries one fact, given after the message (a 404's `reason`, a 429's delay). */
function errorWithFact<K extends ErrorKind, F extends string, V>(kind: K, name: string, fact: F, otherwise: () => V) {
  const Member = class extends errorKind(kind, name) {
    constructor(...[context, summary, hint, value]: [...MessageParts, V?]) {
      super(context, summary, hint);
      Object.assign(this, { [fact]: value ?? otherwise() });
    }
  };
  type Fact = { readonly [P in F]: V };
  return Member as new (...parts: [...MessageParts, V?]) => InstanceType<typeof Member> & Fact;
}

/** The connection settings cannot describe a store (e.g. a malformed Store URL). */
export class ConfigurationError extends errorKind('configuration', 'ConfigurationError') {}

/** 401/403: the key is missing, wrong or revoked. */
export class AuthenticationError extends errorKind('authentication', 'AuthenticationError') {}

/** What a 404 is about: the record asked for, or the address of the API itself. */
type NotFoundReason = 'record' | 'route';

/**
 * 404: an unknown id (`reason: 'record'`), or no Commerce Service API at the configured root
 * (`reason: 'route'`: a wrong Store URL or API Root, or Studiocart inactive). Only the shared client
 * reads the store's error codes; adapters decide on `reason`.
 */
export class NotFoundError extends errorWithFact(
  'not_found',
  'NotFoundError',
  'reason',
  (): NotFoundReason => 'record',
) {}

/** A 404 about the record asked for (it does not exist), not about the store's address. */
export function isMissingRecord(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError && error.reason === 'record';
}

/** 400 and other 4xx: the store refused a parameter; `params` are the ones it named (`data.params`), if any. */
export class InvalidRequestError extends errorWithFact(
  'invalid_request',
  'InvalidRequestError',
  'params',
  (): string[] => [],
) {}

/** 429: too many requests; `retryAfterSeconds` is the store's own delay when it gave one. */
export class RateLimitError extends errorWithFact(
  'rate_limited',
  'RateLimitError',
  'retryAfterSeconds',
  (): number | undefined => undefined,
) {}

/** 5xx: the store failed. */
export class ServerError extends errorKind('server', 'ServerError') {}

/** No answer in time. */
export class TimeoutError extends errorKind('timeout', 'TimeoutError') {}

/** The store could not be reached (DNS, refused connection, TLS, reset). */
export class NetworkError extends errorKind('network', 'NetworkError') {}

/** An answer that is not the API's: an HTML page, invalid JSON, or a shape that cannot be read. */
export class UnexpectedResponseError extends errorKind('unexpected_response', 'UnexpectedResponseError') {}

/** Why a walk through a list ended before its last record (`shared/src/paginate.ts`). */
type IncompleteListReason = 'page-limit' | 'repeated-page';

/**
 * A walk through a list (Return All, Find Customer by Email) could not read every record: it stopped
 * at the most pages one walk reads, or the store ignored paging. Never a silently short list: `read`
 * (records read and handed on before the walk stopped) says how many records came before the stop.
 */
export class IncompleteListError extends errorKind('incomplete_list', 'IncompleteListError') {
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
