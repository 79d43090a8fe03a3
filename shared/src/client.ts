import { type Store, type StoreSettings, resolveStore } from './config';
import { withInstants } from './dates/fields';
import { type DateInput, type DayReading, siteDayOf } from './dates/input';
import { indexLabel, indexRequest, readSiteZone } from './dates/siteIndex';
import { type SiteZone, type ZoneReading, zoneLabel } from './dates/zone';
import {
  type CommerceServiceError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  isMissingRecord,
} from './errors';
import { parseBody } from './http/parseBody';
import { responseError } from './http/responseError';
import { type Attempt, BusyNotices, type RetryOptions, withRetries } from './http/retry';
import { type HttpResponse, type Transport, describeTransportFailure } from './http/transport';
import { OPERATIONS, type OperationKey } from './operations/catalogue';
import { buildRequest, type Params } from './operations/request';
import { type Page, type PaginateOptions, paginate } from './paginate';
import { type FindByEmailOptions, findCustomerByEmail } from './reads/customerByEmail';
import { RestAmounts } from './reads/restAmountUnit';
import type { MoneyUnit } from './resources/money';
import type { ResultShape } from './operations/catalogue';
import { type ResultTypes, ShapeError, normalise, resultTable } from './resources/normalise';
import type {
  Customer,
  HookDeletion,
  HookSubscription,
  LatestOrder,
  Order,
  Product,
  Subscription,
  WebhookPlan,
  WebhookProduct,
} from './resources/types';

export interface PageParams {
  page?: number;
  per_page?: number;
}

export interface SortParams<OrderBy extends string> {
  orderby?: OrderBy;
  order?: 'asc' | 'desc';
}

export interface DatedListParams extends PageParams, SortParams<'id' | 'date_created' | 'date_modified'> {
  /** `YYYY-MM-DD`: records after that date. */
  date_after?: string;
}

export type ProductListParams = PageParams & SortParams<'id' | 'date_created' | 'date_modified' | 'product_name'>;

export type Id = number | string;

/** Operation 2's inputs (docs/service/operations.md#webhook-operations), with plans and statuses as lists where real stores take them (docs/service/real-stores.md#subscribe). */
export interface SubscribeInput {
  hook_url: string;
  product_id?: Id | null;
  /** Plan ids, or `bump` / `upsell` / `downsell`; empty means any plan. */
  plan_id?: string | readonly string[] | null;
  /** The event the hook is for (e.g. `purchased`). */
  status?: string | readonly string[] | null;
  source?: string;
  prices_in_cents?: boolean;
}

export interface LatestOrdersInput {
  product_id?: Id | null;
  plan_id?: string | readonly string[] | null;
  status?: string | null;
}

export interface ClientOptions {
  settings: StoreSettings;
  transport: Transport;
  /** Per request; below Zapier's 30 s limit so our message, not the platform's, reaches the user. */
  timeoutMs?: number;
  /** Retries for every operation but subscribe, within `budgetMs` (see `http/retry.ts`); none without it. */
  retry?: RetryOptions;
  /** Where the client's notices go (the adapter's log): today, why site-local times have no instant. */
  onNotice?: (notice: ClientNotice) => void;
  /** The site's zone when it is already known: no index read (docs/dates.md). */
  siteZone?: SiteZone;
  /** The unit of the store's REST amounts when it is already known: no comparison read (docs/amounts.md). */
  restAmountUnit?: MoneyUnit;
}

/**
 * `amounts: false`: the store's amounts as sent, no unit reading (verification, the unit's own reads).
 * `retried: false`: one attempt, as the zone read (the unit's own reads cost at most one request each).
 */
export interface CallOptions {
  amounts?: boolean;
  retried?: boolean;
}

const UNIT_READ: CallOptions = { amounts: false, retried: false };

/** A line for the platform's log; the adapter adds its own prefix. Never holds the key or customer data. */
export interface ClientNotice {
  level: 'warn' | 'info';
  message: string;
}

/** Results whose records carry store timestamps: each gets its instants (docs/dates.md). */
const DATED_RESULTS: ReadonlySet<ResultShape> = new Set<ResultShape>([
  'latestOrders',
  'customers',
  'customer',
  'orders',
  'order',
  'subscriptions',
  'subscription',
  'products',
  'product',
]);

export const DEFAULT_TIMEOUT_MS = 20_000;

type ResultOf<K extends OperationKey> = ResultTypes[(typeof OPERATIONS)[K]['result']];
type ItemOf<K extends OperationKey> = ResultOf<K> extends (infer T)[] ? T : never;

/** Every operation of the service, once, over an injected transport. */
export class CommerceServiceClient {
  readonly store: Store;
  private readonly transport: Transport;
  private readonly timeoutMs: number;
  private readonly retry: RetryOptions | undefined;
  /** Every 429 and 503 this client gets; each `iterate` walk listens, to slow down. */
  readonly busy = new BusyNotices();
  private readonly onNotice: ((notice: ClientNotice) => void) | undefined;
  /** The site's zone, read once for the client's life (an execution, a poll, a delivery). */
  private zone: Promise<ZoneReading> | undefined;
  /** The money step on results (docs/amounts.md): REST amounts in decimals, their unit read once. */
  readonly amounts: RestAmounts;

  constructor(options: ClientOptions) {
    this.store = resolveStore(options.settings);
    this.transport = options.transport;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = options.retry;
    this.onNotice = options.onNotice;
    if (options.siteZone) this.zone = Promise.resolve({ zone: options.siteZone });
    this.amounts = new RestAmounts({
      store: this.store.label,
      known: options.restAmountUnit,
      notify: (level, message) => this.notify({ level, message }),
      probe: {
        latestOrders: () => this.latestOrders({}, UNIT_READ),
        restOrderAmount: async (id) => (await this.getOrder(id, UNIT_READ)).order_amount,
      },
    });
  }

  /**
   * The site's time zone from WordPress's REST index: one request the first time, then cached. Never
   * throws: an unreadable index is a reading without a zone, and one notice says why.
   */
  siteZone(): Promise<ZoneReading> {
    this.zone ??= readSiteZone(this.transport, this.store, this.timeoutMs).then((reading) => {
      if (!reading.zone) {
        const where = indexLabel(indexRequest(this.store, this.timeoutMs));
        this.notify({
          level: 'warn',
          message: `the time zone of ${this.store.label} could not be read from its REST index (${where}: ${reading.reason}). Times the store keeps in UTC still get an ISO instant (*_iso fields); site-local times (customer and product dates, invoice times) get none rather than a guess.`,
        });
      }
      return reading;
    });
    return this.zone;
  }

  /** A notice to the adapter's log; a failing log never fails a read. */
  private notify(notice: ClientNotice): void {
    try {
      this.onNotice?.(notice);
    } catch {
      // The records matter more than the log line.
    }
  }

  /** The site's zone as people read it (`America/New_York`), or null when the index could not be read. */
  async siteZoneLabel(): Promise<string | null> {
    const { zone } = await this.siteZone();
    return zone ? zoneLabel(zone) : null;
  }

  /**
   * A date input (text, Date, Luxon DateTime) as the site-local day a `date_after` filter takes
   * (docs/dates.md#dates-you-type). The zone is read only for a moment with an offset.
   */
  async siteDayOf(value: DateInput): Promise<DayReading> {
    const asWritten = siteDayOf(value, null);
    if (asWritten.day === null || asWritten.how === 'as-written') return asWritten;
    return siteDayOf(value, (await this.siteZone()).zone);
  }

  /**
   * Records the client did not read itself (hook deliveries) with an instant next to each timestamp,
   * as every read of the client gives them; costs the zone's one request at most.
   */
  async withInstants<T extends object>(records: readonly T[]): Promise<T[]> {
    return records.length === 0 ? [] : withInstants(records, await this.siteZone());
  }

  // 1 to 6: webhook management.

  async validateKey(): Promise<void> {
    await this.call('validateKey');
  }

  async subscribeHook(input: SubscribeInput): Promise<HookSubscription> {
    if (!/^https?:\/\/\S+$/i.test(input.hook_url)) {
      throw new InvalidRequestError(
        { store: this.store.label, operation: OPERATIONS.subscribeHook.label },
        'the webhook URL is not an absolute http(s) URL',
        'This is set by Zapier or n8n: re-save the trigger, or check the public URL of your n8n (N8N_WEBHOOK_URL; WEBHOOK_URL on n8n 1.x).',
        ['hook_url'],
      );
    }
    const { value } = await this.call('subscribeHook', {
      hook_url: input.hook_url,
      product_id: input.product_id,
      plan_id: planIdParam(input.plan_id),
      status: input.status,
      source: input.source,
      prices_in_cents: input.prices_in_cents,
    });
    return value;
  }

  /**
   * Operation 3, made to work on real stores: `webhook/delete/` first, then `webhook/zap-delete/` when
   * the store has no working handler for the former; a hook the store no longer knows is deleted.
   */
  async unsubscribeHook(id: Id): Promise<HookDeletion> {
    const params = { id: numericIfDigits(String(id)) };
    const deleted: HookDeletion = { id: String(id), alreadyGone: false };
    try {
      await this.call('deleteHook', params);
      return deleted;
    } catch (error) {
      if (isGone(error)) return { ...deleted, alreadyGone: true };
      if (!needsFallback(error)) throw error;
    }
    try {
      await this.call('zapDeleteHook', params);
      return deleted;
    } catch (error) {
      if (isGone(error)) return { ...deleted, alreadyGone: true };
      throw error;
    }
  }

  async listWebhookProducts(): Promise<WebhookProduct[]> {
    return (await this.call('listWebhookProducts')).value;
  }

  async listWebhookPlans(productId: Id): Promise<WebhookPlan[]> {
    return (await this.call('listWebhookPlans', { product_id: productId })).value;
  }

  /** Operation 6; the store's 404 `no_orders` is an empty list. */
  async latestOrders(input: LatestOrdersInput = {}, options: CallOptions = {}): Promise<LatestOrder[]> {
    const params = { product_id: input.product_id, plan_id: planIdParam(input.plan_id), status: input.status };
    try {
      return (await this.call('latestOrders', params, options)).value;
    } catch (error) {
      if (error instanceof NotFoundError && error.code === 'no_orders') return [];
      throw error;
    }
  }

  // 7 to 15: REST reads.

  listCustomers(params: PageParams = {}): Promise<Page<Customer>> {
    return this.list('listCustomers', { ...params });
  }

  async getCustomer(id: Id): Promise<Customer> {
    return (await this.call('getCustomer', { customer_id: id })).value;
  }

  /** The customer with this email (trimmed, any letter case), or null; walks the customers list. */
  async findCustomerByEmail(email: string, options: FindByEmailOptions = {}): Promise<Customer | null> {
    if (email.trim() === '') {
      throw new InvalidRequestError(
        { store: this.store.label, operation: 'Find a customer by email' },
        'no email was given',
        'Enter the email address of the customer to find.',
        ['email'],
      );
    }
    return findCustomerByEmail(this, email, options);
  }

  listOrders(params: DatedListParams = {}): Promise<Page<Order>> {
    return this.list('listOrders', { ...params });
  }

  async getOrder(id: Id, options: CallOptions = {}): Promise<Order> {
    return (await this.call('getOrder', { order_id: id }, options)).value;
  }

  /** Operation 11; real stores need both `page` and `per_page`, so both are always sent. */
  listSubscriptionOrders(subscriptionId: Id, params: DatedListParams = {}): Promise<Page<Order>> {
    return this.list('listSubscriptionOrders', {
      ...params,
      page: params.page ?? 1,
      per_page: params.per_page ?? 10,
      subscription_id: subscriptionId,
    });
  }

  listSubscriptions(params: DatedListParams = {}): Promise<Page<Subscription>> {
    return this.list('listSubscriptions', { ...params });
  }

  async getSubscription(id: Id, options: CallOptions = {}): Promise<Subscription> {
    return (await this.call('getSubscription', { subscription_id: id }, options)).value;
  }

  listProducts(params: ProductListParams = {}): Promise<Page<Product>> {
    return this.list('listProducts', { ...params });
  }

  async getProduct(id: Id): Promise<Product> {
    return (await this.call('getProduct', { product_id: id })).value;
  }

  /**
   * All records of a REST list (or the first `limit`), page by page; see `paginate` for stop rules. A
   * list it cannot read to the end is an `IncompleteListError`, never a short list.
   */
  iterate<T>(
    list: (params: PageParams) => Promise<Page<T>>,
    options: PaginateOptions = {},
  ): AsyncGenerator<T, void, undefined> {
    return paginate((page, perPage) => list({ page, per_page: perPage }), {
      busy: this.busy,
      store: this.store.label,
      ...options,
    });
  }

  /** Sends one operation (retried per `http/retry.ts`) and reads its answer; every failure becomes a `CommerceServiceError`. */
  async call<K extends OperationKey>(
    key: K,
    params: Params = {},
    options: CallOptions = {},
  ): Promise<{ value: ResultOf<K>; response: HttpResponse }> {
    const answer = await this.dated(key, params, options.retried === false ? undefined : this.retry);
    // The money step, after the instants (docs/amounts.md): one unit for every amount handed on.
    if (options.amounts === false) return answer;
    return { ...answer, value: (await this.amounts.handOn(OPERATIONS[key].result, answer.value)) as ResultOf<K> };
  }

  /** `call` before the money step: the answer read, its records with their instants. */
  private async dated<K extends OperationKey>(
    key: K,
    params: Params,
    retry: RetryOptions | undefined,
  ): Promise<{ value: ResultOf<K>; response: HttpResponse }> {
    const answer = await withRetries(
      { operation: key, timeoutMs: this.timeoutMs, retry, onBusy: () => this.busy.notify() },
      (timeoutMs) => this.attempt(key, params, timeoutMs),
    );
    if (!DATED_RESULTS.has(OPERATIONS[key].result)) return answer;
    // No record, no time to convert: an empty page costs no zone read.
    if (Array.isArray(answer.value) && answer.value.length === 0) return answer;
    // Asked after the store's answer, never before it: a call refused or failed costs no zone read.
    const reading = await this.siteZone();
    // REST records are filled (docs/service/shapes.md): a time without an instant has `''`.
    const dating = { fill: true, table: resultTable(OPERATIONS[key].result) };
    const value = Array.isArray(answer.value)
      ? withInstants(answer.value as object[], reading, dating)
      : withInstants([answer.value as object], reading, dating)[0];
    return { ...answer, value: value as ResultOf<K> };
  }

  /** One request: a failure the retry rules may look at is returned, with the store's Retry-After. */
  private async attempt<K extends OperationKey>(
    key: K,
    params: Params,
    timeoutMs: number,
  ): Promise<Attempt<{ value: ResultOf<K>; response: HttpResponse }>> {
    const operation = OPERATIONS[key];
    const context = { store: this.store.label, operation: operation.label };
    const request = buildRequest(operation, this.store, params, {
      sendsGetBody: this.transport.sendsGetBody,
      timeoutMs,
    });
    let response: HttpResponse;
    try {
      response = await this.transport.send(request);
    } catch (error) {
      return { error: this.unreachable(context, error, timeoutMs) };
    }
    const parsed = parseBody(response.body);
    const ok = response.status >= 200 && response.status < 300;
    if (!ok || parsed.kind === 'html' || parsed.kind === 'invalid') {
      const error = responseError(
        { ...context, apiKey: this.store.apiKey, apiRoot: this.apiRootLabel() },
        response,
        parsed,
      );
      const retryAfter = response.headers['retry-after'];
      return retryAfter === undefined ? { error } : { error, retryAfter };
    }
    try {
      const value = normalise(operation.result, parsed.kind === 'json' ? parsed.value : undefined) as ResultOf<K>;
      return { result: { value, response } };
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new UnexpectedResponseError(
        { ...context, status: response.status },
        `the store's answer does not have the expected shape (${error.message})`,
        'Check that the Store URL and API Root point at a Studiocart store; update the plugin if it is old.',
      );
    }
  }

  private async list<K extends OperationKey>(key: K, params: Params): Promise<Page<ItemOf<K>>> {
    const { value, response } = await this.call(key, params);
    const total = headerCount(response.headers['x-wp-total']);
    const totalPages = headerCount(response.headers['x-wp-totalpages']);
    return {
      // `list` is only called with list operations, whose result is an array.
      items: value as unknown as ItemOf<K>[],
      ...(total !== undefined ? { total } : {}),
      ...(totalPages !== undefined ? { totalPages } : {}),
    };
  }

  private unreachable(
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

  private apiRootLabel(): string {
    const root = this.store.apiRoot;
    return root.style === 'path' ? root.prefix : `?rest_route=${root.route}`;
  }
}

export function createClient(options: ClientOptions): CommerceServiceClient {
  return new CommerceServiceClient(options);
}

/** A count header (`X-WP-Total`, `X-WP-TotalPages`); absent, empty or unreadable is unknown, not 0. */
function headerCount(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const count = Number(header);
  return Number.isFinite(count) ? count : undefined;
}

/** One plan id as the documented integer where it is digits (docs/service/operations.md#webhook-operations), several as a list, none left out. */
function planIdParam(plan: string | readonly string[] | null | undefined): Params[string] {
  const ids = (typeof plan === 'string' ? [plan] : (plan ?? [])).map((id) => id.trim()).filter(Boolean);
  if (ids.length === 0) return undefined;
  const values = ids.map(numericIfDigits);
  return values.length === 1 ? values[0] : values;
}

function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`;
}

function numericIfDigits(id: string): string | number {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

/** The store no longer knows the hook: for an unsubscribe, that is success. */
function isGone(error: unknown): boolean {
  return isMissingRecord(error);
}

/** `webhook/delete/` without a working handler (real stores): try `webhook/zap-delete/`. */
function needsFallback(error: unknown): boolean {
  return error instanceof ServerError || (error instanceof NotFoundError && error.reason === 'route');
}
