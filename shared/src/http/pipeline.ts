/**
 * The request pipeline: every request to a store goes through it. It sends a built request over the
 * injected transport, retries it per `retry.ts` within the client's deadline, parses the body and
 * classifies the answer: the body read by the operation's own reader, or a `CommerceServiceError`
 * (never a raw transport error). It knows no operation, date or page.
 */
import type { Store } from '../config';
import {
  type CommerceServiceError,
  type ErrorContext,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from '../errors';
import { parseBody } from './parseBody';
import { responseError } from './responseError';
import { MIN_ATTEMPT_MS, type RetryOptions, type Tries, attemptTimeout, waitBeforeNext } from './retry';
import { redact } from './redact';
import { SITUATIONS } from '../situations';
import { networkSituation } from './situations';
import {
  type HttpRequest,
  type HttpResponse,
  type Transport,
  type TransportFailure,
  describeTransportFailure,
} from './transport';

/** What the pipeline needs to know of one operation's request. */
export interface Sending<T> {
  /** The operation as messages name it ("Get an order"). */
  label: string;
  /** The request, built by the client before any time is spent (a bad input is the user's to fix). */
  request: Omit<HttpRequest, 'timeoutMs'>;
  /** `false`: one attempt, whatever the retry options. */
  retried: boolean;
  /** `false`: a refused connection is not tried again (an address only guessed, where nothing listens). */
  refusedRetried?: false;
  /**
   * Reads the parsed 2xx body (`undefined` when empty) and builds what the caller gets (records, a
   * page with the count headers). A body without the expected shape is a `{ problem }`, which becomes
   * an `UnexpectedResponseError`.
   */
  read: (body: unknown, response: HttpResponse) => Promise<{ value: T } | { problem: string }>;
  /**
   * What the caller makes of the request's final failure: an answer from where the failure says the
   * API is, or the failure told by what explains it. Absent: the failure is thrown as it is.
   */
  onFailure?: (error: CommerceServiceError) => Promise<T>;
}

export interface PipelineOptions {
  transport: Transport;
  /** Per request; an attempt never gets more than the retry budget has left. */
  timeoutMs: number;
  /** Retries for every operation but subscribe, within `budgetMs` (see `retry.ts`); one attempt without it. */
  retry?: RetryOptions;
  /**
   * Everything the client may spend on the store from its creation, every call and the zone read
   * included (Zapier: one perform, 25 s of its 30 s); each call gets at most what is left.
   */
  deadlineMs?: number;
}

/** One client's way to the store: its settings, transport, retries and deadline, and who hears of busy answers. */
export class RequestPipeline {
  /** Every 429 and 503 this pipeline gets; each `iterate` walk listens, to slow down. */
  readonly busy = new BusyNotices();
  /** When the deadline's clock started: the pipeline's creation (one client). */
  private readonly started = Date.now();

  constructor(
    /** Where requests go: the settings' store, or where `discovery.ts` found its API. */
    public store: Store,
    private readonly options: PipelineOptions,
  ) {}

  /** The per-request timeout the client was given (before the deadline trims it). */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /**
   * What one more request may take: the per-request timeout within what the deadline leaves (`left`),
   * or why none may start (less than an attempt's worth left). The zone read asks it too.
   */
  allowance(): { timeoutMs: number; left?: number } | { spent: string } {
    const { deadlineMs, timeoutMs } = this.options;
    if (deadlineMs === undefined) return { timeoutMs };
    const left = deadlineMs - (Date.now() - this.started);
    if (left < MIN_ATTEMPT_MS) {
      return { spent: `no time was left of the ${formatDuration(deadlineMs)} this step may spend on the store` };
    }
    return { timeoutMs: Math.min(timeoutMs, left), left };
  }

  /**
   * Sends one request and reads its answer, trying again while `retry.ts` says so. Every failure is a
   * `CommerceServiceError` without the key, handed to `sending.onFailure` when there is one.
   */
  async send<T>(sending: Sending<T>): Promise<T> {
    const { store, options } = this;
    const { request } = sending;
    const context = { store: store.label, operation: sending.label };
    const allowed = this.allowance();
    if ('spent' in allowed) {
      // A call with no time left in the deadline is not sent.
      const error = new TimeoutError(
        context,
        allowed.spent,
        'The site is slow: try again later. A search by email reads the whole customer list; a search by ID reads one record.',
      );
      return await failed(error, sending);
    }
    const retry = options.retry && sending.retried ? withinDeadline(options.retry, allowed.left) : undefined;
    const tries: Tries = { count: 0, started: (retry?.now ?? Date.now)(), serverErrors: 0 };
    for (;;) {
      tries.count += 1;
      const timeoutMs = attemptTimeout(allowed.timeoutMs, tries, retry);
      const failure = options.retry ? { ...context, attempts: tries.count } : context;
      let response: HttpResponse;
      try {
        response = await options.transport.send({ ...request, timeoutMs });
      } catch (thrown) {
        const error = unreachable(failure, thrown, timeoutMs, store.apiKey);
        const final = sending.refusedRetried === false && error.situation === 'connection-refused';
        const wait = final ? undefined : waitBeforeNext(error, undefined, tries, retry);
        if (wait === undefined) return await failed(error, sending);
        await retry?.sleep(wait);
        continue;
      }
      const answer = await readAnswer(store, sending, failure, response);
      if ('value' in answer) return answer.value;
      const { error } = answer;
      if (error.status === 429 || error.status === 503) this.busy.notify();
      const wait = answer.final ? undefined : waitBeforeNext(error, response.headers['retry-after'], tries, retry);
      if (wait === undefined) return await failed(error, sending);
      await retry?.sleep(wait);
    }
  }
}

/** A request's final failure, as the caller tells it (`Sending.onFailure`), or thrown as it is. */
async function failed<T>(error: CommerceServiceError, sending: Sending<T>): Promise<T> {
  if (!sending.onFailure) throw error;
  return await sending.onFailure(error);
}

/** The retry options with their budget cut to what the client's deadline leaves (`left`). */
function withinDeadline(retry: RetryOptions, left: number | undefined): RetryOptions {
  return left === undefined ? retry : { ...retry, budgetMs: Math.min(retry.budgetMs, left) };
}

/**
 * One GET without the key, one attempt within the deadline, its raw answer whatever the status: the
 * connection test's look at a site's home page or REST index (`connect.ts`). No answer is a typed error.
 */
export async function lookOnce(
  pipeline: RequestPipeline,
  transport: Transport,
  url: string,
  query: Record<string, string>,
  label: string,
): Promise<HttpResponse> {
  const context = { store: pipeline.store.label, operation: label };
  const allowed = pipeline.allowance();
  if ('spent' in allowed)
    throw new TimeoutError({ ...context, situation: 'timeout' }, allowed.spent, SITUATIONS.timeout.hint);
  const request: HttpRequest = {
    method: 'GET',
    url,
    query,
    headers: {},
    auth: { style: 'none' },
    timeoutMs: allowed.timeoutMs,
  };
  try {
    return await transport.send(request);
  } catch (error) {
    throw unreachable(context, error, request.timeoutMs, pipeline.store.apiKey);
  }
}

/**
 * A response as the operation's answer, or the error it is (`responseError.ts`); a 2xx body without
 * the operation's shape is an error no retry mends (`final`).
 */
async function readAnswer<T>(
  store: Store,
  sending: Sending<T>,
  failure: ErrorContext,
  response: HttpResponse,
): Promise<{ value: T } | { error: CommerceServiceError; final?: true }> {
  const parsed = parseBody(response.body);
  const ok = response.status >= 200 && response.status < 300;
  if (!ok || parsed.kind === 'html' || parsed.kind === 'invalid') {
    const context = { ...failure, apiRoot: store.apiRootText, url: sending.request.url };
    const told = withoutKey(response, store.apiKey);
    // Parsed again only when the key was in the body.
    return { error: responseError(context, told, told.body === response.body ? parsed : parseBody(told.body)) };
  }
  const read = await sending.read(parsed.kind === 'json' ? parsed.value : undefined, response);
  if ('value' in read) return read;
  const error = new UnexpectedResponseError(
    { store: failure.store, operation: failure.operation, status: response.status },
    `the store's answer does not have the expected shape (${read.problem})`,
    'Check that the Store URL and API Root point at a Studiocart store; update the plugin if it is old.',
  );
  return { error, final: true };
}

/**
 * No answer: the Node error code told as one situation (`situations.ts`), with the transport's error
 * as `cause`, its message without the key (the helpers' messages hold the URL, query string included).
 */
function unreachable(context: ErrorContext, error: unknown, timeoutMs: number, apiKey: string): CommerceServiceError {
  const failure = describeTransportFailure(error);
  const cause = redactedCause(failure, apiKey);
  if (failure.reason === 'timeout') {
    return new TimeoutError(
      { ...context, situation: 'timeout' },
      SITUATIONS.timeout.summary.replace('<n> seconds', formatDuration(timeoutMs)),
      SITUATIONS.timeout.hint,
      { cause },
    );
  }
  const situation = networkSituation(failure.code);
  const { summary, hint } = SITUATIONS[situation];
  // The code stays on `cause`: n8n replaces a message that names ENOTFOUND or ECONNREFUSED with its own.
  return new NetworkError({ ...context, situation }, summary, hint, { cause });
}

/** The transport's error as a cause that may be logged: its name, code and message, the key removed. */
function redactedCause(failure: TransportFailure, apiKey: string): Error {
  const original = failure.original instanceof Error ? failure.original : failure;
  const cause = new Error(redact(original.message, [apiKey]));
  cause.name = original.name;
  if (failure.code) Object.assign(cause, { code: failure.code });
  return cause;
}

/**
 * A failed response with the key taken out of its body and headers, before an error is made of it: a
 * store may echo the key in its message, a page or a Location. With `redactedCause`, the only places
 * the key is removed: no error is made of anything else a request brought back.
 */
function withoutKey(response: HttpResponse, apiKey: string): HttpResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, redact(value, [apiKey])]),
  );
  return { status: response.status, headers, body: redact(response.body, [apiKey]) };
}

function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`;
}

/** Listeners told of every busy answer the client gets; `client.iterate` subscribes each walk (its `PaginateOptions.busy`). */
class BusyNotices {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
