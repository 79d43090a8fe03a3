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

/** A 2xx body read into its shape, and the response it came in (for the count headers). */
export interface Answer<T> {
  value: T;
  response: HttpResponse;
}

/** What the pipeline needs to know of one operation's request. */
export interface Sending<T> {
  /** The operation as messages name it ("Get an order"). */
  label: string;
  /** `false`: one attempt, whatever the retry options. */
  retried: boolean;
  /** `false`: a refused connection is not tried again (an address only guessed, where nothing listens). */
  refusedRetried?: false;
  /**
   * Reads the parsed 2xx body (`undefined` when empty). A body without the expected shape is a
   * `{ problem }`, which becomes an `UnexpectedResponseError`.
   */
  read: (body: unknown) => { value: T } | { problem: string };
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
   * Sends one request and reads its answer, trying again while `retry.ts` says so; every failure is a
   * `CommerceServiceError`, the key removed from whatever the store or the transport said.
   */
  async send<T>(request: Omit<HttpRequest, 'timeoutMs'>, sending: Sending<T>): Promise<Answer<T>> {
    const { store, options } = this;
    const context = { store: store.label, operation: sending.label };
    const allowed = this.allowance();
    if ('spent' in allowed) {
      // A call with no time left in the deadline is not sent.
      throw new TimeoutError(
        context,
        allowed.spent,
        'The site is slow: try again later. A search by email reads the whole customer list; a search by ID reads one record.',
      );
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
        if (wait === undefined) throw error;
        await retry?.sleep(wait);
        continue;
      }
      const answer = readAnswer(store, sending, failure, request.url, response);
      if ('value' in answer) return answer;
      const { error } = answer;
      if (error.status === 429 || error.status === 503) this.busy.notify();
      const wait = waitBeforeNext(error, response.headers['retry-after'], tries, retry);
      if (wait === undefined) throw error;
      await retry?.sleep(wait);
    }
  }
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

/** A response as the operation's answer, or the error it is (`responseError.ts`, which takes the key out of what the store said). */
function readAnswer<T>(
  store: Store,
  sending: Sending<T>,
  failure: ErrorContext,
  url: string,
  response: HttpResponse,
): Answer<T> | { error: CommerceServiceError } {
  const parsed = parseBody(response.body);
  const ok = response.status >= 200 && response.status < 300;
  if (!ok || parsed.kind === 'html' || parsed.kind === 'invalid') {
    const context = { ...failure, apiKey: store.apiKey, apiRoot: store.apiRootText, url };
    return { error: responseError(context, response, parsed) };
  }
  const read = sending.read(parsed.kind === 'json' ? parsed.value : undefined);
  if ('value' in read) return { value: read.value, response };
  throw new UnexpectedResponseError(
    { store: failure.store, operation: failure.operation, status: response.status },
    `the store's answer does not have the expected shape (${read.problem})`,
    'Check that the Store URL and API Root point at a Studiocart store; update the plugin if it is old.',
  );
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
