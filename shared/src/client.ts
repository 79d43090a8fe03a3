/**
 * The store client: every operation of the catalogue as a method. A read is one straight line: the
 * method hands the pipeline (`http/pipeline.ts`) its operation's `Sending`, the request built from the
 * catalogue; the body comes back read by the operation's result description and each record built in
 * one pass, typed, with its instants and its amounts (`resources/build.ts`), the site's zone and amount
 * unit read first when the records need them and memory does not hold them. Discovery and the REST
 * index run only after a failure they explain (`elsewhere`). A method keeps only what is particular
 * to its operation (a fallback, a 404 that means "none").
 */
import { type Store, type StoreSettings, resolveStore, rootLeftOpen, storeAt } from './config';
import { type DayReading, siteDayOf } from './dates/instant';
import type { SiteZone, ZoneReading } from './dates/zone';
import { CommerceServiceError, NotFoundError, ServerError, isMissingRecord, noOrdersAsEmpty } from './errors';
import { type PipelineOptions, RequestPipeline, type Sending, lookOnce } from './http/pipeline';
import type { HttpResponse } from './http/transport';
import { OPERATIONS, type ORDERBY_VALUES, type OperationKey, type ResultOf } from './operations/catalogue';
import {
  type DatedListParams,
  type Id,
  type PageParams,
  type Params,
  type SubscribeInput,
  buildRequest,
} from './operations/buildRequest';
import { type ResultSpec, ShapeError } from './operations/results';
import { type Page, type PaginateOptions, paginate } from './paginate';
import type { Notice } from './platform/port';
import { type FindByEmailOptions, firstCustomerWithEmail } from './reads/customerByEmail';
import { type BuildRules, buildRecord, withInstants } from './resources/build';
import { holdsSiteTime } from './resources/instants';
import type { MoneyUnit } from './resources/money';
import type * as Records from './resources/records';
import type { LatestOrder, WebhookPlan, WebhookProduct } from './resources/types';
import { SiteFacts } from './siteFacts';
import { SiteMemory } from './siteMemory';
import { ApiFinder, pageInsteadOfApi } from './discovery';
import { toldOverPlainHttp } from './plainHttp';
import { toldByIndex } from './restIndex';

/** What the pipeline takes (transport, retries, deadline: `http/pipeline.ts`), and the client's own options. */
export type ClientOptions = Omit<PipelineOptions, 'timeoutMs'> & {
  settings: StoreSettings;
  /** Per request; below Zapier's 30 s limit so our message, not the platform's, reaches the user. */
  timeoutMs?: number;
  /** Where the client's notices go (the adapter's log): today, why site-local times have no instant. */
  onNotice?: (notice: Notice) => void;
  /** Already known, so not read: the site's zone (docs/dates.md), the REST amounts' unit (docs/amounts.md). */
  siteZone?: SiteZone;
  restAmountUnit?: MoneyUnit;
  /**
   * Where the zone, the unit and where the API was found are remembered beyond this client
   * (`siteMemory.ts`): the adapter's, a poll's own; the client's own when absent.
   */
  memory?: SiteMemory;
};

/** How a call treats amounts. `amounts: false`: the store's amounts as sent, no unit reading (verification). */
export interface CallOptions {
  amounts?: boolean;
}

/** How the client sends an operation; a site fact is read with `{ retried: false, built: false }` (`fact`). */
interface SendOptions extends CallOptions {
  /** `false`: one attempt, whatever the retry options. */
  retried?: boolean;
  /** `false`: the body read into the operation's shape, its records not built (how site facts are read). */
  built?: boolean;
}

/** `GET products`' paging and sorting, by the sort fields the catalogue lists for products. */
type ProductListParams = PageParams & { orderby?: (typeof ORDERBY_VALUES.products)[number]; order?: 'asc' | 'desc' };

/** `POST webhook/latest-orders/`'s filters (docs/service/operations.md#webhook-operations). */
interface LatestOrdersInput {
  product_id?: Id | null;
  plan_id?: string | readonly string[] | null;
  status?: string | null;
}

export const DEFAULT_TIMEOUT_MS = 20_000;

type ItemOf<K extends OperationKey> = ResultOf<K> extends (infer T)[] ? T : never;

export class CommerceServiceClient {
  private readonly pipeline: RequestPipeline;
  /** The store as the settings name it. */
  private readonly typed: Store;
  private readonly memory: SiteMemory;
  /** Made after the first failure, when one needs looking for the API elsewhere (`elsewhere`). */
  private finder: ApiFinder | undefined;
  /** Every 429 and 503 this client gets; each `iterate` walk listens, to slow down. */
  readonly busy: RequestPipeline['busy'];
  /** The site's zone and amount unit, read once at most and kept in the memory the client was given. */
  private readonly site: SiteFacts;

  constructor(private readonly options: ClientOptions) {
    this.typed = resolveStore(options.settings);
    this.memory = options.memory ?? new SiteMemory();
    // Where the API answered before, when API Root was left to be found (`discovery.ts`).
    const found = rootLeftOpen(options.settings.apiRoot) ? this.memory.recall(this.typed, 'api') : undefined;
    this.pipeline = new RequestPipeline(found ? storeAt(this.typed, found) : this.typed, {
      ...options,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    this.busy = this.pipeline.busy;
    this.site = new SiteFacts({
      store: this.store,
      memory: this.memory,
      send: (key, params = {}) => this.fact(key, params),
      spent: () => {
        const allowed = this.pipeline.allowance();
        return 'spent' in allowed ? allowed.spent : undefined;
      },
      notify: (notice) => options.onNotice?.(notice),
      ...(options.siteZone ? { zone: options.siteZone } : {}),
      ...(options.restAmountUnit ? { unit: options.restAmountUnit } : {}),
    });
  }

  /** The store as the client reaches it: the settings', or where its API was found (`discovery.ts`). */
  get store(): Store {
    return this.pipeline.store;
  }

  /** This client's transport and limits on a store it holds no key for: only operations that take none. */
  keylessAt(store: { storeUrl: string; apiRoot: string }): CommerceServiceClient {
    return new CommerceServiceClient({ ...this.options, settings: { ...store, apiKey: null } });
  }

  /** This client's settings, transport and limits, remembering the site in `memory` (a poll's own). */
  withMemory(memory: SiteMemory): CommerceServiceClient {
    return new CommerceServiceClient({ ...this.options, memory });
  }

  /**
   * One operation: its request built from the catalogue, sent through the pipeline, its body read by
   * the operation's result description, and its records built once with their instants and their
   * amounts in one unit.
   */
  async call<K extends OperationKey>(key: K, params: Params = {}, options: CallOptions = {}): Promise<ResultOf<K>> {
    return await this.pipeline.send(this.operation(key, params, options));
  }

  /** One page of a REST list operation (`listOrders`), with the counts the store sent in its headers. */
  async list<K extends OperationKey>(key: K, params: Params): Promise<Page<ItemOf<K>>> {
    return await this.pipeline.send(this.page(key, params));
  }

  /** What the pipeline sends for operation `key`: its request, retries, body reader and failure. */
  private operation<K extends OperationKey>(key: K, params: Params, options: SendOptions = {}): Sending<ResultOf<K>> {
    return this.sending(key, params, options, (value) => value);
  }

  /** `operation` for a REST list: its records as a page, with the count headers. */
  private page<K extends OperationKey>(key: K, params: Params): Sending<Page<ItemOf<K>>> {
    // A list operation's result is an array.
    return this.sending(key, params, {}, (value, response) => pageOf(value as unknown as ItemOf<K>[], response));
  }

  /**
   * The operation's `Sending`: its request built now, at `at` (the store the client reaches, or where
   * a failure says the API is); its body read and its records built, then handed on by `answer`; a
   * failure told by `elsewhere`.
   */
  private sending<K extends OperationKey, T>(
    key: K,
    params: Params,
    options: SendOptions,
    answer: (value: ResultOf<K>, response: HttpResponse) => T,
    at: Store = this.store,
  ): Sending<T> {
    const operation = OPERATIONS[key];
    const result = operation.result as ResultSpec<ResultOf<K>>;
    const guessed = at !== this.store;
    return {
      label: operation.label,
      // Built before any time is spent: a bad input is the user's to fix, whatever the deadline.
      request: buildRequest(operation, at, params, this.options.transport.sendsGetBody),
      retried: options.retried !== false && !('retried' in operation),
      // A guessed address that refuses has nothing listening: no retry there.
      ...(guessed ? { refusedRetried: false as const } : {}),
      read: async (body, response) => {
        const read = readBody(result, body);
        if (!('value' in read)) return read;
        // The API answered at the guessed address: the client stays there, and the site facts the
        // records need are read there too.
        if (guessed) this.moveTo(at);
        const value = await this.built(result, read.value, options);
        return { value: answer(value, response) };
      },
      ...(guessed
        ? {}
        : {
            onFailure: (error: CommerceServiceError) =>
              this.elsewhere(error, key, (next) => this.sending(key, params, options, answer, next)),
          }),
    };
  }

  /**
   * The operation's records built, each in one pass: its fields read by their types, its instants and
   * its amounts. The zone and the unit are read after the store's answer, never before: a call refused
   * or failed costs neither. `built: false` (a site fact): fields typed, no instants, amounts as sent.
   */
  private async built<T>(result: ResultSpec<T>, value: T, options: SendOptions): Promise<T> {
    const table = result.records;
    if (!table) return value;
    const records = (result.many ? value : [value]) as object[];
    if (records.length === 0) return value;
    const rules: BuildRules = result.coerce ? { coerce: result.coerce } : {};
    if (options.built !== false) {
      const zone = holdsSiteTime(records, table) ? (await this.site.zone()).zone : null;
      rules.instants = { zone, fill: true };
      if (options.amounts !== false) rules.amounts = await this.site.amountRule(result, records);
    }
    const built = records.map((record) => buildRecord(record, table, rules));
    return (result.many ? built : built[0]) as T;
  }

  /**
   * After a failure: when the answer says the API is elsewhere (a move to the site's canonical address,
   * plain permalinks), the request once more there (`discovery.ts`), and the client stays there if it
   * answered. Otherwise the failure stands, a GET's missing route told by the REST index (`restIndex.ts`),
   * its https:// left unanswered by the site over http:// (`plainHttp.ts`).
   * A warm call never comes here.
   */
  private async elsewhere<K extends OperationKey, T>(
    failed: CommerceServiceError,
    key: K,
    sendingAt: (store: Store) => Sending<T>,
  ): Promise<T> {
    const operation = OPERATIONS[key];
    const reads = !('retried' in operation);
    this.finder ??= new ApiFinder(this.typed, rootLeftOpen(this.options.settings.apiRoot), this.memory, this.store);
    const next = this.finder.instead(failed, this.store, reads);
    if (!next) throw await this.told(failed, operation.method);
    try {
      return await this.pipeline.send(sendingAt(next));
    } catch (second) {
      throw second instanceof CommerceServiceError
        ? await this.toldAfter(failed, second, next, operation.method)
        : second;
    }
  }

  /** The failure to tell when the other address failed too. */
  private async toldAfter(
    failed: unknown,
    second: CommerceServiceError,
    next: Store,
    method: 'GET' | 'POST',
  ): Promise<unknown> {
    // Nothing there either (a page, or no answer at all): the first answer is the one to tell.
    if (pageInsteadOfApi(second) || second.status === undefined) return failed;
    // WordPress answered there (a key refused, a route missing): that is where the API is.
    if (second.situation !== 'site-moved') this.moveTo(next);
    return await this.told(second, method);
  }

  /**
   * A read's failure told by the one look that explains it: a 404 `rest_no_route` by the REST index
   * (Studiocart without its API, or none), an https:// address refused or cut by the site over http://.
   */
  private async told(error: unknown, method: 'GET' | 'POST'): Promise<unknown> {
    if (method !== 'GET' || !(error instanceof CommerceServiceError)) return error;
    return await toldOverPlainHttp(this, await toldByIndex(this, error));
  }

  /** One GET of a page of the site, without the key: the raw answer (the connection test's looks, `connect.ts`). */
  look(url: string, query: Record<string, string>, label: string): Promise<HttpResponse> {
    return lookOnce(this.pipeline, this.options.transport, url, query, label);
  }

  private moveTo(store: Store): void {
    this.pipeline.store = store;
    this.finder?.keep(store);
  }

  /** The site's zone from WordPress's REST index, read at most once per client, and not while the memory holds it. Never rejects. */
  siteZone(): Promise<ZoneReading> {
    return this.site.zone();
  }

  /**
   * A date input (text, Date, Luxon DateTime) as the site-local day a `date_after` filter takes
   * (docs/dates.md#dates-you-type). The zone is read only for a moment with an offset.
   */
  async filterDayOf(value: unknown): Promise<DayReading> {
    const asWritten = siteDayOf(value, null);
    if (asWritten.day === null || asWritten.how === 'as-written') return asWritten;
    return siteDayOf(value, (await this.siteZone()).zone);
  }

  /** Hook deliveries with an instant next to each timestamp, as every read gives them; one zone read at most. */
  async stampInstants<T extends object>(records: readonly T[]): Promise<T[]> {
    if (records.length === 0) return [];
    return withInstants(records, holdsSiteTime(records) ? (await this.siteZone()).zone : null);
  }

  // Webhook management. Each method hands the pipeline its operation (`operation`, `page`) itself.

  async validateKey(): Promise<void> {
    await this.pipeline.send(this.operation('validateKey', {}));
  }

  async subscribeHook(input: SubscribeInput): Promise<ResultOf<'subscribeHook'>> {
    const params = {
      hook_url: input.hook_url,
      product_id: input.product_id,
      plan_id: input.plan_id,
      status: input.status,
      source: input.source,
      prices_in_cents: input.prices_in_cents,
    };
    return await this.pipeline.send(this.operation('subscribeHook', params));
  }

  /**
   * `POST webhook/delete/`, made to work on real stores: `webhook/delete/` first, then `webhook/zap-delete/` when
   * the store has no working handler for the former; a hook the store no longer knows is deleted.
   */
  async deleteHook(id: Id): Promise<ResultOf<'deleteHook'>> {
    const params = { id };
    try {
      await this.pipeline.send(this.operation('deleteHook', params));
    } catch (error) {
      if (!needsFallback(error)) return deletedAlready(id, error);
      try {
        await this.pipeline.send(this.operation('zapDeleteHook', params));
      } catch (fallbackError) {
        return deletedAlready(id, fallbackError);
      }
    }
    return { id: String(id), alreadyGone: false };
  }

  async listWebhookProducts(): Promise<WebhookProduct[]> {
    return await this.pipeline.send(this.operation('listWebhookProducts', {}));
  }

  async listWebhookPlans(productId: Id): Promise<WebhookPlan[]> {
    return await this.pipeline.send(this.operation('listWebhookPlans', { product_id: productId }));
  }

  /** `POST webhook/latest-orders/`; the store's 404 `no_orders` is an empty list. */
  async latestOrders(input: LatestOrdersInput = {}, options: CallOptions = {}): Promise<LatestOrder[]> {
    const params = { product_id: input.product_id, plan_id: input.plan_id, status: input.status };
    try {
      return await this.pipeline.send(this.operation('latestOrders', params, options));
    } catch (error) {
      return noOrdersAsEmpty(error);
    }
  }

  // REST reads.

  async listCustomers(params: PageParams = {}): Promise<Page<Records.Customer>> {
    return await this.pipeline.send(this.page('listCustomers', { ...params }));
  }

  async getCustomer(id: Id): Promise<Records.Customer> {
    return await this.pipeline.send(this.operation('getCustomer', { customer_id: id }));
  }

  /** The customer with this email (trimmed, any letter case), or null; walks the customers list. */
  findCustomerByEmail(email: string, options: FindByEmailOptions = {}): Promise<Records.Customer | null> {
    return firstCustomerWithEmail(this, email, options);
  }

  async listOrders(params: DatedListParams = {}): Promise<Page<Records.Order>> {
    return await this.pipeline.send(this.page('listOrders', { ...params }));
  }

  async getOrder(id: Id, options: CallOptions = {}): Promise<Records.Order> {
    return await this.pipeline.send(this.operation('getOrder', { order_id: id }, options));
  }

  /** `GET orders/subscription/{subscription_id}`; real stores need both `page` and `per_page`, so both are always sent. */
  async listSubscriptionOrders(subscriptionId: Id, params: DatedListParams = {}): Promise<Page<Records.Order>> {
    const paged = {
      ...params,
      page: params.page ?? 1,
      per_page: params.per_page ?? 10,
      subscription_id: subscriptionId,
    };
    return await this.pipeline.send(this.page('listSubscriptionOrders', paged));
  }

  async listSubscriptions(params: DatedListParams = {}): Promise<Page<Records.Subscription>> {
    return await this.pipeline.send(this.page('listSubscriptions', { ...params }));
  }

  async getSubscription(id: Id, options: CallOptions = {}): Promise<Records.Subscription> {
    return await this.pipeline.send(this.operation('getSubscription', { subscription_id: id }, options));
  }

  async listProducts(params: ProductListParams = {}): Promise<Page<Records.Product>> {
    return await this.pipeline.send(this.page('listProducts', { ...params }));
  }

  async getProduct(id: Id): Promise<Records.Product> {
    return await this.pipeline.send(this.operation('getProduct', { product_id: id }));
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

  /**
   * One attempt at an operation, its body read into the operation's shape but its records not built:
   * how the site's facts are read, so reading a fact never asks for a fact.
   */
  private async fact<K extends OperationKey>(key: K, params: Params): Promise<ResultOf<K>> {
    return await this.pipeline.send(this.operation(key, params, { retried: false, built: false }));
  }
}

/** A list's records as a page, with the counts the store sent in its headers. */
function pageOf<T>(items: T[], response: HttpResponse): Page<T> {
  const total = headerCount(response.headers['x-wp-total']);
  const totalPages = headerCount(response.headers['x-wp-totalpages']);
  return { items, ...(total !== undefined ? { total } : {}), ...(totalPages !== undefined ? { totalPages } : {}) };
}

/** The body read by an operation's result description; a body without its shape is a problem, not a throw. */
function readBody<T>(result: ResultSpec<T>, body: unknown): { value: T } | { problem: string } {
  try {
    return { value: result.read(body) };
  } catch (error) {
    return { problem: shapeProblem(error) };
  }
}

/** What a reader found wrong with a body; any other failure is a bug in the reader, not the store's answer. */
function shapeProblem(error: unknown): string {
  if (error instanceof ShapeError) return error.message;
  throw error;
}

/** A count header (`X-WP-Total`, `X-WP-TotalPages`); absent, empty or unreadable is unknown, not 0. */
function headerCount(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const count = Number(header);
  return Number.isFinite(count) ? count : undefined;
}

/** A delete that failed because the store no longer knows the hook: for a delete, that is success. */
function deletedAlready(id: Id, error: unknown): ResultOf<'deleteHook'> {
  if (isMissingRecord(error)) return { id: String(id), alreadyGone: true };
  throw error;
}

/** `webhook/delete/` without a working handler (real stores): try `webhook/zap-delete/`. */
function needsFallback(error: unknown): boolean {
  return error instanceof ServerError || (error instanceof NotFoundError && error.reason === 'route');
}
