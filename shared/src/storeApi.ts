/**
 * Every operation of the service, once, as methods over an injected transport. Each wrapper keeps only
 * what is particular to its operation (a fallback, a 404 that means "none", a required parameter); the
 * request pipeline (`http/pipeline.ts`) and the instants step (`dates/stamping.ts`) do the rest.
 */
import { type Store, type StoreSettings, resolveStore } from './config';
import { type DayReading, siteDayOf } from './dates/instant';
import { SiteInstants } from './dates/stamping';
import type { SiteZone, ZoneReading } from './dates/zone';
import { NotFoundError, ServerError, isMissingRecord } from './errors';
import { type PipelineOptions, RequestPipeline } from './http/pipeline';
import { OPERATIONS, type ORDERBY_VALUES, type OperationKey } from './operations/catalogue';
import type { DatedListParams, Id, PageParams, Params, SubscribeInput } from './operations/inputs';
import { type Page, type PaginateOptions, paginate } from './paginate';
import type { Notice } from './platform/port';
import { type FindByEmailOptions, firstCustomerWithEmail } from './reads/customerByEmail';
import { type CallOptions, type RestAmounts, restAmountsOf } from './resources/restAmountUnit';
import type { MoneyUnit } from './resources/money';
import type { ResultOf } from './resources/normalise';
import type * as Records from './resources/types';
import { SiteMemory } from './siteMemory';

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
  /** Where the zone and the unit are kept beyond this client (`siteMemory.ts`); the client's own when absent. */
  memory?: SiteMemory;
};

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
  readonly store: Store;
  private readonly pipeline: RequestPipeline;
  /** Every 429 and 503 this client gets; each `iterate` walk listens, to slow down. */
  readonly busy: RequestPipeline['busy'];
  /** Read once per client at most, and not while `memory` keeps them: the zone; the money step's unit (docs/amounts.md). */
  readonly siteZone: () => Promise<ZoneReading>;
  readonly amounts: RestAmounts;
  /** What is known of the store's site for a while: the process's on the platforms. */
  readonly memory: SiteMemory;
  private readonly instants: SiteInstants;

  constructor(private readonly options: ClientOptions) {
    this.store = resolveStore(options.settings);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pipeline = new RequestPipeline(this.store, { ...options, timeoutMs });
    this.busy = this.pipeline.busy;
    const notify = (notice: Notice): void => {
      try {
        options.onNotice?.(notice);
      } catch {
        // A failing log never fails a read: the records matter more than the log line.
      }
    };
    const memory = (this.memory = options.memory ?? new SiteMemory());
    const store = this.store;
    const keptZone = { get: () => memory.zone(store), keep: (zone: SiteZone) => memory.keepZone(store, zone) };
    this.instants = new SiteInstants(this.pipeline, options.transport, notify, keptZone, options.siteZone);
    this.siteZone = () => this.instants.zone();
    this.amounts = restAmountsOf(this, notify, options.restAmountUnit, {
      get: () => memory.unit(store),
      keep: (unit) => memory.keepUnit(store, unit),
      forget: () => memory.forgetUnit(store),
    });
  }

  /** This client's transport and limits on a store it holds no key for: only operations that take none. */
  keylessAt(store: { storeUrl: string; apiRoot: string }): CommerceServiceClient {
    return new CommerceServiceClient({ ...this.options, settings: { ...store, apiKey: null } });
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
  stampInstants<T extends object>(records: readonly T[]): Promise<T[]> {
    return this.instants.stampDelivered(records);
  }

  /**
   * One operation through the pipeline, its records built once with their instants and their amounts
   * in one unit (`value`), and the response they came in (`response`: the count headers).
   */
  async call<K extends OperationKey>(key: K, params: Params = {}, options: CallOptions = {}) {
    const answer = await this.pipeline.send(key, params, options.retried !== false);
    const value = await this.instants.stampResult(OPERATIONS[key].result, answer.value, this.amounts.stepFor(options));
    return { ...answer, value };
  }

  // Webhook management.

  async validateKey(): Promise<void> {
    await this.call('validateKey');
  }

  async subscribeHook(input: SubscribeInput): Promise<ResultOf<'subscribeHook'>> {
    const { value } = await this.call('subscribeHook', {
      hook_url: input.hook_url,
      product_id: input.product_id,
      plan_id: input.plan_id,
      status: input.status,
      source: input.source,
      prices_in_cents: input.prices_in_cents,
    });
    return value;
  }

  /**
   * `POST webhook/delete/`, made to work on real stores: `webhook/delete/` first, then `webhook/zap-delete/` when
   * the store has no working handler for the former; a hook the store no longer knows is deleted.
   */
  async deleteHook(id: Id): Promise<ResultOf<'deleteHook'>> {
    const params = { id };
    const deleted: ResultOf<'deleteHook'> = { id: String(id), alreadyGone: false };
    const fallBack = (error: unknown) =>
      isMissingRecord(error) || !needsFallback(error) ? Promise.reject(error) : this.call('zapDeleteHook', params);
    // The store no longer knows the hook: for a delete, that is success.
    const gone = (error: unknown) =>
      isMissingRecord(error) ? { ...deleted, alreadyGone: true } : Promise.reject(error);
    return this.call('deleteHook', params)
      .catch(fallBack)
      .then(() => deleted, gone);
  }

  async listWebhookProducts(): Promise<Records.WebhookProduct[]> {
    return (await this.call('listWebhookProducts')).value;
  }

  async listWebhookPlans(productId: Id): Promise<Records.WebhookPlan[]> {
    return (await this.call('listWebhookPlans', { product_id: productId })).value;
  }

  /** `POST webhook/latest-orders/`; the store's 404 `no_orders` is an empty list. */
  async latestOrders(input: LatestOrdersInput = {}, options: CallOptions = {}): Promise<Records.LatestOrder[]> {
    const params = { product_id: input.product_id, plan_id: input.plan_id, status: input.status };
    const noOrders = (error: unknown) =>
      error instanceof NotFoundError && error.code === 'no_orders' ? [] : Promise.reject(error);
    return this.call('latestOrders', params, options).then((answer) => answer.value, noOrders);
  }

  // REST reads.

  listCustomers(params: PageParams = {}): Promise<Page<Records.Customer>> {
    return this.list('listCustomers', { ...params });
  }

  async getCustomer(id: Id): Promise<Records.Customer> {
    return (await this.call('getCustomer', { customer_id: id })).value;
  }

  /** The customer with this email (trimmed, any letter case), or null; walks the customers list. */
  findCustomerByEmail(email: string, options: FindByEmailOptions = {}): Promise<Records.Customer | null> {
    return firstCustomerWithEmail(this, email, options);
  }

  listOrders(params: DatedListParams = {}): Promise<Page<Records.Order>> {
    return this.list('listOrders', { ...params });
  }

  async getOrder(id: Id, options: CallOptions = {}): Promise<Records.Order> {
    return (await this.call('getOrder', { order_id: id }, options)).value;
  }

  /** `GET orders/subscription/{subscription_id}`; real stores need both `page` and `per_page`, so both are always sent. */
  listSubscriptionOrders(subscriptionId: Id, params: DatedListParams = {}): Promise<Page<Records.Order>> {
    return this.list('listSubscriptionOrders', {
      ...params,
      page: params.page ?? 1,
      per_page: params.per_page ?? 10,
      subscription_id: subscriptionId,
    });
  }

  listSubscriptions(params: DatedListParams = {}): Promise<Page<Records.Subscription>> {
    return this.list('listSubscriptions', { ...params });
  }

  async getSubscription(id: Id, options: CallOptions = {}): Promise<Records.Subscription> {
    return (await this.call('getSubscription', { subscription_id: id }, options)).value;
  }

  listProducts(params: ProductListParams = {}): Promise<Page<Records.Product>> {
    return this.list('listProducts', { ...params });
  }

  async getProduct(id: Id): Promise<Records.Product> {
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

  private async list<K extends OperationKey>(key: K, params: Params): Promise<Page<ItemOf<K>>> {
    const { value, response } = await this.call(key, params);
    // `list` is only called with list operations, whose result is an array.
    const items = value as unknown as ItemOf<K>[];
    const total = headerCount(response.headers['x-wp-total']);
    const totalPages = headerCount(response.headers['x-wp-totalpages']);
    return { items, ...(total !== undefined ? { total } : {}), ...(totalPages !== undefined ? { totalPages } : {}) };
  }
}

/** A count header (`X-WP-Total`, `X-WP-TotalPages`); absent, empty or unreadable is unknown, not 0. */
function headerCount(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const count = Number(header);
  return Number.isFinite(count) ? count : undefined;
}

/** `webhook/delete/` without a working handler (real stores): try `webhook/zap-delete/`. */
function needsFallback(error: unknown): boolean {
  return error instanceof ServerError || (error instanceof NotFoundError && error.reason === 'route');
}
