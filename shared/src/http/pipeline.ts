/**
 * The request pipeline, one operation at a time: build the request from the catalogue, send it over
 * the injected transport, retry it per `retry.ts`, parse the body, and classify the answer: a typed
 * result, or a `CommerceServiceError` (never a raw transport error). Knows nothing of dates or pages:
 * those are steps the client applies to what comes out (ARCHITECTURE.md, "A request, step by step").
 */
import type { Store } from '../config';
import {
  type CommerceServiceError,
  type ErrorContext,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from '../errors';
import { OPERATIONS, type OperationKey } from '../operations/catalogue';
import { type Params, buildRequest } from '../operations/inputs';
import { type ResultOf, normalise } from '../resources/normalise';
import { parseBody } from './parseBody';
import { responseError } from './responseError';
import { type Attempt, MIN_ATTEMPT_MS, type RetryOptions, withRetries } from './retry';
import { type HttpRequest, type HttpResponse, type Transport, describeTransportFailure } from './transport';

/** An operation's typed result and the response it came in (for the count headers). */
interface Answer<K extends OperationKey> {
  value: ResultOf<K>;
  response: HttpResponse;
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
    readonly store: Store,
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
   * Sends one operation (retried per `retry.ts` unless `retried` is false) and reads its answer; every
   * failure becomes a `CommerceServiceError`.
   */
  send<K extends OperationKey>(key: K, params: Params, retried = true): Promise<Answer<K>> {
    const { store, options } = this;
    const context = { store: store.label, operation: OPERATIONS[key].label };
    // Built once, before any time is spent: a bad input is the user's to fix, whatever the deadline.
    const request = buildRequest(OPERATIONS[key], store, params, options.transport.sendsGetBody);
    const allowed = this.allowance();
    if ('spent' in allowed) {
      // A call with no time left in the deadline is not sent.
      return Promise.reject(
        new TimeoutError(
          context,
          allowed.spent,
          'The site is slow: try again later. A search by email reads the whole customer list; a search by ID reads one record.',
        ),
      );
    }
    const { left } = allowed;
    const retry = retried ? options.retry : undefined;
    return withRetries(
      {
        operation: key,
        timeoutMs: allowed.timeoutMs,
        retry: left === undefined || !retry ? retry : { ...retry, budgetMs: Math.min(retry.budgetMs, left) },
        onBusy: () => this.busy.notify(),
      },
      (timeoutMs, attempts) => attemptOnce(store, options.transport, key, { ...request, timeoutMs }, attempts),
    );
  }
}

/** One request: a failure the retry rules may look at is returned, with the store's Retry-After. */
async function attemptOnce<K extends OperationKey>(
  store: Store,
  transport: Transport,
  key: K,
  request: HttpRequest,
  attempts: number | undefined,
): Promise<Attempt<Answer<K>>> {
  const operation = OPERATIONS[key];
  const context = { store: store.label, operation: operation.label };
  const failure = attempts === undefined ? context : { ...context, attempts };
  let response: HttpResponse;
  try {
    response = await transport.send(request);
  } catch (error) {
    return { error: unreachable(failure, error, request.timeoutMs) };
  }
  const parsed = parseBody(response.body);
  const ok = response.status >= 200 && response.status < 300;
  if (!ok || parsed.kind === 'html' || parsed.kind === 'invalid') {
    const error = responseError({ ...failure, apiKey: store.apiKey, apiRoot: store.apiRootText }, response, parsed);
    const retryAfter = response.headers['retry-after'];
    return retryAfter === undefined ? { error } : { error, retryAfter };
  }
  const shaped = normalise(operation.result, parsed.kind === 'json' ? parsed.value : undefined);
  if (shaped.ok) return { result: { value: shaped.value as ResultOf<K>, response } };
  throw new UnexpectedResponseError(
    { ...context, status: response.status },
    `the store's answer does not have the expected shape (${shaped.problem})`,
    'Check that the Store URL and API Root point at a Studiocart store; update the plugin if it is old.',
  );
}

function unreachable(context: ErrorContext, error: unknown, timeoutMs: number): CommerceServiceError {
  const failure = describeTransportFailure(error);
  if (failure.reason === 'timeout') {
    return new TimeoutError(
      context,
      `the store did not answer within ${formatDuration(timeoutMs)}`,
      'The site may be slow or down: open it in a browser, then try again.',
    );
  }
  return new NetworkError(
    context,
    'the store could not be reached',
    'Check the Store URL (spelling, https) and that the site is online.',
  );
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
