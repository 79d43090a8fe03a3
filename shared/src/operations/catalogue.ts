/**
 * The service's interface as data: every operation (docs/service/operations.md#operation-table) once, with where each
 * parameter travels, how the key is sent and how its answer is read. Request building (`buildRequest.ts`)
 * and the client (`../client.ts`) are small functions over this table.
 */
import type { AuthStyle } from '../http/transport';
import { WEBHOOK_FIELDS } from '../resources/tables';
import { CUSTOMER_FIELDS, type Customer } from '../resources/tables/customer';
import { ORDER_FIELDS, type Order } from '../resources/tables/order';
import { PRODUCT_FIELDS, type Product } from '../resources/tables/product';
import { SUBSCRIPTION_FIELDS, type Subscription } from '../resources/tables/subscription';
import type { WebhookPlan, WebhookProduct } from '../resources/types';
import {
  HOOK_DELETION,
  HOOK_ID,
  LATEST_ORDERS,
  NOTHING,
  type ResultSpec,
  SITE_ZONE,
  many,
  one,
  pickerList,
} from './results';

/**
 * `query`: query string. `body`: JSON body. `path`: substituted into `{name}` of the path.
 * `list`: paging/sorting/filter fields of REST lists: always in the query string (both platforms drop
 * GET bodies, WordPress reads the query), and in the JSON body too where the transport sends one.
 */
type ParamPlace = 'query' | 'body' | 'path' | 'list';

export interface OperationSpec {
  /** Used in error messages: "<label> failed on <store>: ...". */
  readonly label: string;
  readonly method: 'GET' | 'POST';
  /** Relative to the API root (or to WordPress's REST index, with `root: 'index'`); a trailing `/` is part of the path. */
  readonly path: string;
  readonly root?: 'index';
  readonly auth: AuthStyle;
  readonly params: Readonly<Record<string, ParamPlace>>;
  /**
   * A REST list's advice for reading it in parts when one walk cannot hold it (more than the page cap's
   * 100,000 records): only the filters and sorts this list has. Limit has no offset, so "set a Limit"
   * alone reads the first records again; a part is only reachable through a filter or a sort.
   */
  readonly inParts?: string;
  /** `false`: one attempt whatever the retry rules say (`http/retry.ts`). */
  readonly retried?: false;
  readonly result: ResultSpec<unknown>;
}

const PAGE = { page: 'list', per_page: 'list' } as const;

/** Lists with Created After (`date_after`) and a sort by creation: read oldest first, part by part. */
const DATED_IN_PARTS =
  'Read it in parts: sort by Date Created, ascending, with a Limit of at most 100,000; then run it again with Created After set to the day of the last record read (records of that day come twice: drop the IDs you already have).';
const DATED_LIST = { ...PAGE, date_after: 'list', orderby: 'list', order: 'list' } as const;

export const OPERATIONS = {
  validateKey: {
    label: 'Check the API key',
    method: 'POST',
    path: 'webhook/validate/',
    auth: 'query',
    params: {},
    result: NOTHING,
  },
  subscribeHook: {
    label: 'Subscribe a webhook',
    method: 'POST',
    path: 'webhook/subscribe/',
    auth: 'query',
    params: {
      product_id: 'query',
      hook_url: 'body',
      plan_id: 'body',
      source: 'body',
      status: 'body',
      prices_in_cents: 'body',
    },
    // Each success makes a new hook: a retry after a lost answer would make a second one.
    retried: false,
    result: HOOK_ID,
  },
  deleteHook: {
    label: 'Delete a webhook',
    method: 'POST',
    path: 'webhook/delete/',
    auth: 'none',
    params: { id: 'body' },
    result: HOOK_DELETION,
  },
  /** Real stores register `webhook/delete/` without a handler; this route does the work (docs/service/real-stores.md#delete). */
  zapDeleteHook: {
    label: 'Delete a webhook',
    method: 'POST',
    path: 'webhook/zap-delete/',
    auth: 'none',
    params: { id: 'body' },
    result: HOOK_DELETION,
  },
  listWebhookProducts: {
    label: 'List products',
    method: 'GET',
    path: 'webhook/products/',
    auth: 'none',
    params: {},
    result: pickerList<WebhookProduct>(WEBHOOK_FIELDS.product),
  },
  listWebhookPlans: {
    label: 'List payment plans',
    method: 'GET',
    path: 'webhook/plans/',
    auth: 'none',
    params: { product_id: 'query' },
    result: pickerList<WebhookPlan>(WEBHOOK_FIELDS.plan),
  },
  latestOrders: {
    label: 'Fetch the latest orders',
    method: 'POST',
    path: 'webhook/latest-orders/',
    auth: 'query',
    params: { product_id: 'query', plan_id: 'body', status: 'body' },
    result: LATEST_ORDERS,
  },
  listCustomers: {
    label: 'List customers',
    method: 'GET',
    path: 'customers',
    auth: 'header',
    params: PAGE,
    inParts:
      'The store cannot filter or sort its customers, so no read goes past the first 100,000 it lists: look a customer up by ID instead, or take customers from their orders, which can be read in parts by creation date.',
    result: many<Customer>(CUSTOMER_FIELDS),
  },
  getCustomer: {
    label: 'Get a customer',
    method: 'GET',
    path: 'customers/{customer_id}',
    auth: 'header',
    params: { customer_id: 'path' },
    result: one<Customer>(CUSTOMER_FIELDS),
  },
  listOrders: {
    label: 'List orders',
    method: 'GET',
    path: 'orders',
    auth: 'header',
    params: DATED_LIST,
    inParts: DATED_IN_PARTS,
    result: many<Order>(ORDER_FIELDS),
  },
  getOrder: {
    label: 'Get an order',
    method: 'GET',
    path: 'orders/{order_id}',
    auth: 'header',
    params: { order_id: 'path' },
    result: one<Order>(ORDER_FIELDS),
  },
  listSubscriptionOrders: {
    label: "List a subscription's orders",
    method: 'GET',
    path: 'orders/subscription/{subscription_id}',
    auth: 'header',
    params: { subscription_id: 'path', ...DATED_LIST },
    inParts: DATED_IN_PARTS,
    result: many<Order>(ORDER_FIELDS),
  },
  listSubscriptions: {
    label: 'List subscriptions',
    method: 'GET',
    path: 'subscriptions',
    auth: 'header',
    params: DATED_LIST,
    inParts: DATED_IN_PARTS,
    result: many<Subscription>(SUBSCRIPTION_FIELDS),
  },
  getSubscription: {
    label: 'Get a subscription',
    method: 'GET',
    path: 'subscriptions/{subscription_id}',
    auth: 'header',
    params: { subscription_id: 'path' },
    result: one<Subscription>(SUBSCRIPTION_FIELDS),
  },
  listProducts: {
    label: 'List products',
    method: 'GET',
    path: 'products',
    auth: 'header',
    params: { ...PAGE, orderby: 'list', order: 'list' },
    inParts:
      'The store cannot filter its products, so one read takes at most 100,000: sort by Product Name, ascending and then descending, with a Limit of at most 100,000 each, to reach both ends of the list.',
    result: many<Product>(PRODUCT_FIELDS),
  },
  getProduct: {
    label: 'Get a product',
    method: 'GET',
    path: 'products/{product_id}',
    auth: 'header',
    params: { product_id: 'path' },
    result: one<Product>(PRODUCT_FIELDS),
  },
  /**
   * WordPress's REST index (`/wp-json/`, or `/?rest_route=/` on plain permalinks): public, no key, read
   * for the site's zone (docs/dates.md#where-the-zone-comes-from). One attempt: at most one per client.
   */
  readSiteZone: {
    label: "Read the site's time zone",
    method: 'GET',
    path: '',
    root: 'index',
    auth: 'none',
    params: {},
    retried: false,
    result: SITE_ZONE,
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationKey = keyof typeof OPERATIONS;

/** What an operation's answer is read into. */
export type ResultOf<K extends OperationKey> = (typeof OPERATIONS)[K]['result'] extends ResultSpec<infer T> ? T : never;

/** The operations of the store's documented interface (docs/service/operations.md): the catalogue but the site index. */
export const SERVICE_OPERATIONS = (Object.keys(OPERATIONS) as OperationKey[]).filter((key) => key !== 'readSiteZone');

/** Sort fields each REST list accepts (docs/service/operations.md#paging-and-sorting). */
export const ORDERBY_VALUES = {
  orders: ['date_created', 'date_modified', 'id'],
  subscriptions: ['date_created', 'date_modified', 'id'],
  products: ['date_created', 'date_modified', 'id', 'product_name'],
} as const;
