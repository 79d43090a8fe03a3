/**
 * The request pipeline, one operation at a time: build the request from the catalogue, send it over
 * the injected transport, retry it per `retry.ts`, parse the body, and classify the answer: a typed
 * result, or a `CommerceServiceError` (never a raw transport error). Knows nothing of dates or pages:
 * those are steps the client applies to what comes out (ARCHITECTURE.md, "A request, step by step").
 */
import { endpoint, type Store } from '../config';
import {
  type CommerceServiceError,
  InvalidRequestError,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from '../errors';
import { OPERATIONS, type OperationKey } from '../operations/catalogue';
import { type ResultOf, ShapeError, normalise } from '../resources/normalise';
import { attempt } from '../outcome';
import { parseBody } from './parseBody';
import { responseError } from './responseError';
import { Deadline } from './deadline';
import { type Attempt, MIN_ATTEMPT_MS, type RetryOptions, withRetries } from './retry';
import { type HttpRequest, type HttpResponse, type Transport, describeTransportFailure } from './transport';

type ParamValue = string | number | boolean | readonly (string | number)[] | null | undefined;
/** An operation's parameters by name, as the operation wrappers give them; the catalogue says where each travels. */
export type Params = Readonly<Record<string, ParamValue>>;
type OperationSpec = (typeof OPERATIONS)[OperationKey];
type JsonValue = NonNullable<HttpRequest['body']>;

/** An operation's typed result and the response it came in (for the count headers). */
interface Answer<K extends OperationKey> {
  value: ResultOf<K>;
  response: HttpResponse;
}

interface PipelineOptions {
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
  readonly deadline: Deadline | undefined;

  constructor(
    readonly store: Store,
    private readonly options: PipelineOptions,
  ) {
    this.deadline = options.deadlineMs === undefined ? undefined : new Deadline(options.deadlineMs);
  }

  /**
   * Sends one operation (retried per `retry.ts` unless `retried` is false) and reads its answer; every
   * failure becomes a `CommerceServiceError`.
   */
  send<K extends OperationKey>(key: K, params: Params, retried = true): Promise<Answer<K>> {
    const { store, options, deadline } = this;
    const left = deadline?.left();
    if (deadline && left !== undefined && left < MIN_ATTEMPT_MS) {
      // A call with no time left in the deadline is not sent.
      return Promise.reject(
        new TimeoutError(
          { store: store.label, operation: OPERATIONS[key].label },
          `no time was left of the ${formatDuration(deadline.budgetMs)} this step may spend on the store`,
          'The site is slow: try again later. A search by email reads the whole customer list; a search by ID reads one record.',
        ),
      );
    }
    const retry = retried ? options.retry : undefined;
    return withRetries(
      {
        operation: key,
        timeoutMs: left === undefined ? options.timeoutMs : Math.min(options.timeoutMs, left),
        retry: left === undefined || !retry ? retry : { ...retry, budgetMs: Math.min(retry.budgetMs, left) },
        onBusy: () => this.busy.notify(),
      },
      (timeoutMs) => attemptOnce(store, options.transport, key, params, timeoutMs),
    );
  }
}

/** One request: a failure the retry rules may look at is returned, with the store's Retry-After. */
async function attemptOnce<K extends OperationKey>(
  store: Store,
  transport: Transport,
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

interface BuildOptions {
  sendsGetBody: boolean;
  timeoutMs: number;
}

/** Step 2: turns an operation and its parameters into the HTTP request a transport sends. */
function buildRequest(operation: OperationSpec, store: Store, params: Params, options: BuildOptions): HttpRequest {
  const target = endpoint(store, fillPath(operation, store, params));
  const query: Record<string, string> = { ...target.query };
  const body: Record<string, JsonValue> = {};
  const canSendBody = operation.method === 'POST' || options.sendsGetBody;

  for (const [name, place] of Object.entries(operation.params)) {
    const value = params[name];
    if (place === 'path' || isEmpty(value)) continue;
    if (place === 'query' || place === 'list') query[name] = toQueryValue(value);
    if (place === 'body' || (place === 'list' && canSendBody)) body[name] = toJson(value);
  }

  const headers: Record<string, string> = { accept: 'application/json' };
  if (operation.auth === 'query') query.api_key = store.apiKey;
  if (operation.auth === 'header') headers['x-api-key'] = store.apiKey;

  const request: HttpRequest = {
    method: operation.method,
    url: target.url,
    query,
    headers,
    timeoutMs: options.timeoutMs,
  };
  // REST reads carry a JSON object body (`{}` for retrieves: docs/service/operations.md#how-parameters-travel) where the transport can send it.
  const sendsBody =
    operation.method === 'POST' ? Object.keys(body).length > 0 : canSendBody && operation.auth === 'header';
  if (sendsBody || operation.auth === 'header') headers['content-type'] = 'application/json';
  if (sendsBody) request.body = body;
  return request;
}

function fillPath(operation: OperationSpec, store: Store, params: Params): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const raw = params[name];
    const id = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (!/^[1-9]\d*$/.test(id)) {
      const label = name.replace(/_id$/, '').replace(/_/g, ' ');
      throw new InvalidRequestError(
        { store: store.label, operation: operation.label },
        `the ${label} ID "${id || String(raw ?? '')}" is not a positive whole number`,
        `Enter the numeric ID of the ${label}, as shown in the Studiocart admin (for example 1024).`,
        [name],
      );
    }
    return id;
  });
}

function isEmpty(value: ParamValue): value is null | undefined | '' {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function toQueryValue(value: Exclude<ParamValue, null | undefined>): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

function toJson(value: Exclude<ParamValue, null | undefined>): JsonValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return value.map((item) => toJson(item));
  return value as string | number;
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
