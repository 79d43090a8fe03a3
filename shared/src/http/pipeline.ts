/**
 * The request pipeline, one operation at a time: build the request from the catalogue, send it over
 * the injected transport, retry it per `retry.ts`, parse the body, and classify the answer: a typed
 * result, or a `CommerceServiceError` (never a raw transport error). Knows nothing of dates or pages:
 * those are steps the client applies to what comes out (ARCHITECTURE.md, "A request, step by step").
 */
import type { Store } from '../config';
import { type CommerceServiceError, NetworkError, TimeoutError, UnexpectedResponseError } from '../errors';
import { OPERATIONS, type OperationKey } from '../operations/catalogue';
import { buildRequest, type Params } from '../operations/request';
import { attempt } from '../outcome';
import { type ResultOf, ShapeError, normalise } from '../resources/normalise';
import { parseBody } from './parseBody';
import { responseError } from './responseError';
import type { Deadline } from './deadline';
import { type Attempt, MIN_ATTEMPT_MS, type RetryOptions, withRetries } from './retry';
import { type HttpResponse, type Transport, describeTransportFailure } from './transport';

/** An operation's typed result and the response it came in (for the count headers). */
interface Answer<K extends OperationKey> {
  value: ResultOf<K>;
  response: HttpResponse;
}

export interface Pipeline {
  store: Store;
  transport: Transport;
  /** Per request; an attempt never gets more than the retry budget has left. */
  timeoutMs: number;
  /** Without it, one attempt. */
  retry: RetryOptions | undefined;
  /** Told of every 429 and 503. */
  onBusy: () => void;
  /** What the client may still spend on the store (Zapier: one perform); each call gets at most what is left. */
  deadline?: Deadline;
}

/** Sends one operation (retried per `retry.ts`) and reads its answer; every failure becomes a `CommerceServiceError`. */
export function sendOperation<K extends OperationKey>(pipeline: Pipeline, key: K, params: Params): Promise<Answer<K>> {
  const left = pipeline.deadline?.left();
  if (left !== undefined && left < MIN_ATTEMPT_MS) {
    // A call with no time left in the deadline is not sent.
    return Promise.reject(
      new TimeoutError(
        { store: pipeline.store.label, operation: OPERATIONS[key].label },
        `no time was left of the ${formatDuration(pipeline.deadline?.budgetMs ?? 0)} this step may spend on the store`,
        'The site is slow: try again later. A search by email reads the whole customer list; a search by ID reads one record.',
      ),
    );
  }
  const { retry } = pipeline;
  return withRetries(
    {
      operation: key,
      timeoutMs: left === undefined ? pipeline.timeoutMs : Math.min(pipeline.timeoutMs, left),
      retry: left === undefined || !retry ? retry : { ...retry, budgetMs: Math.min(retry.budgetMs, left) },
      onBusy: pipeline.onBusy,
    },
    (timeoutMs) => attemptOnce(pipeline, key, params, timeoutMs),
  );
}

/** One request: a failure the retry rules may look at is returned, with the store's Retry-After. */
async function attemptOnce<K extends OperationKey>(
  { store, transport }: Pipeline,
  key: K,
  params: Params,
  timeoutMs: number,
): Promise<Attempt<Answer<K>>> {
  const operation = OPERATIONS[key];
  const context = { store: store.label, operation: operation.label };
  const request = buildRequest(operation, store, params, { sendsGetBody: transport.sendsGetBody, timeoutMs });
  let response: HttpResponse;
  try {
    response = await transport.send(request);
  } catch (error) {
    return { error: unreachable(context, error, timeoutMs) };
  }
  const parsed = parseBody(response.body);
  const ok = response.status >= 200 && response.status < 300;
  if (!ok || parsed.kind === 'html' || parsed.kind === 'invalid') {
    const error = responseError({ ...context, apiKey: store.apiKey, apiRoot: apiRootLabel(store) }, response, parsed);
    const retryAfter = response.headers['retry-after'];
    return retryAfter === undefined ? { error } : { error, retryAfter };
  }
  const shaped = attempt(
    () => normalise(operation.result, parsed.kind === 'json' ? parsed.value : undefined) as ResultOf<K>,
  );
  if (shaped.ok) return { result: { value: shaped.value, response } };
  if (!(shaped.error instanceof ShapeError)) throw shaped.error;
  throw new UnexpectedResponseError(
    { ...context, status: response.status },
    `the store's answer does not have the expected shape (${shaped.error.message})`,
    'Check that the Store URL and API Root point at a Studiocart store; update the plugin if it is old.',
  );
}

function unreachable(
  context: { store: string; operation: string },
  error: unknown,
  timeoutMs: number,
): CommerceServiceError {
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

function apiRootLabel(store: Store): string {
  const root = store.apiRoot;
  return root.style === 'path' ? root.prefix : `?rest_route=${root.route}`;
}

export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`;
}
