/**
 * The service's interface as data: every operation (docs/service/operations.md#operation-table) once, with where each
 * parameter travels and how the key is sent. Request building (`request.ts`) and response reading
 * (`../resources/normalise.ts`) are small functions over this table.
 */
import type { AuthStyle } from '../http/transport';

/**
 * `query`: query string. `body`: JSON body. `path`: substituted into `{name}` of the path.
 * `list`: paging/sorting/filter fields of REST lists: always in the query string (both platforms drop
 * GET bodies, WordPress reads the query), and in the JSON body too where the transport sends one.
 */
type ParamPlace = 'query' | 'body' | 'path' | 'list';

/** How the 2xx body is read into its documented shape (docs/service/shapes.md). */
export type ResultShape =
  | 'nothing'
  | 'hookId'
  | 'hookDeletion'
  | 'webhookProducts'
  | 'webhookPlans'
  | 'latestOrders'
  | 'customers'
  | 'customer'
  | 'orders'
  | 'order'
  | 'subscriptions'
  | 'subscription'
  | 'products'
  | 'product';

interface OperationSpec {
  /** Number in docs/service/operations.md#operation-table (3.1 is the real stores' fallback route for 3). */
  readonly number: number;
  /** Used in error messages: "<label> failed on <store>: ...". */
  readonly label: string;
  readonly method: 'GET' | 'POST';
  /** Relative to the API root; a trailing `/` is part of the path. */
  readonly path: string;
  readonly auth: AuthStyle;
  readonly params: Readonly<Record<string, ParamPlace>>;
  readonly result: ResultShape;
}

const PAGE = { page: 'list', per_page: 'list' } as const;
const DATED_LIST = { ...PAGE, date_after: 'list', orderby: 'list', order: 'list' } as const;

export const OPERATIONS = {
  validateKey: {
    number: 1,
    label: 'Check the API key',
    method: 'POST',
    path: 'webhook/validate/',
    auth: 'query',
    params: {},
    result: 'nothing',
  },
  subscribeHook: {
    number: 2,
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
    result: 'hookId',
  },
  deleteHook: {
    number: 3,
    label: 'Delete a webhook',
    method: 'POST',
    path: 'webhook/delete/',
    auth: 'none',
    params: { id: 'body' },
    result: 'hookDeletion',
  },
  /** Real stores register `webhook/delete/` without a handler; this route does the work (docs/service/real-stores.md#delete). */
  zapDeleteHook: {
    number: 3.1,
    label: 'Delete a webhook',
    method: 'POST',
    path: 'webhook/zap-delete/',
    auth: 'none',
    params: { id: 'body' },
    result: 'hookDeletion',
  },
  listWebhookProducts: {
    number: 4,
    label: 'List products',
    method: 'GET',
    path: 'webhook/products/',
    auth: 'none',
    params: {},
    result: 'webhookProducts',
  },
  listWebhookPlans: {
    number: 5,
    label: 'List payment plans',
    method: 'GET',
    path: 'webhook/plans/',
    auth: 'none',
    params: { product_id: 'query' },
    result: 'webhookPlans',
  },
  latestOrders: {
    number: 6,
    label: 'Fetch the latest orders',
    method: 'POST',
    path: 'webhook/latest-orders/',
    auth: 'query',
    params: { product_id: 'query', plan_id: 'body', status: 'body' },
    result: 'latestOrders',
  },
  listCustomers: {
    number: 7,
    label: 'List customers',
    method: 'GET',
    path: 'customers',
    auth: 'header',
    params: PAGE,
    result: 'customers',
  },
  getCustomer: {
    number: 8,
    label: 'Get a customer',
    method: 'GET',
    path: 'customers/{customer_id}',
    auth: 'header',
    params: { customer_id: 'path' },
    result: 'customer',
  },
  listOrders: {
    number: 9,
    label: 'List orders',
    method: 'GET',
    path: 'orders',
    auth: 'header',
    params: DATED_LIST,
    result: 'orders',
  },
  getOrder: {
    number: 10,
    label: 'Get an order',
    method: 'GET',
    path: 'orders/{order_id}',
    auth: 'header',
    params: { order_id: 'path' },
    result: 'order',
  },
  listSubscriptionOrders: {
    number: 11,
    label: "List a subscription's orders",
    method: 'GET',
    path: 'orders/subscription/{subscription_id}',
    auth: 'header',
    params: { subscription_id: 'path', ...DATED_LIST },
    result: 'orders',
  },
  listSubscriptions: {
    number: 12,
    label: 'List subscriptions',
    method: 'GET',
    path: 'subscriptions',
    auth: 'header',
    params: DATED_LIST,
    result: 'subscriptions',
  },
  getSubscription: {
    number: 13,
    label: 'Get a subscription',
    method: 'GET',
    path: 'subscriptions/{subscription_id}',
    auth: 'header',
    params: { subscription_id: 'path' },
    result: 'subscription',
  },
  listProducts: {
    number: 14,
    label: 'List products',
    method: 'GET',
    path: 'products',
    auth: 'header',
    params: { ...PAGE, orderby: 'list', order: 'list' },
    result: 'products',
  },
  getProduct: {
    number: 15,
    label: 'Get a product',
    method: 'GET',
    path: 'products/{product_id}',
    auth: 'header',
    params: { product_id: 'path' },
    result: 'product',
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationKey = keyof typeof OPERATIONS;

/** Sort fields each REST list accepts (docs/service/operations.md#paging-and-sorting). */
export const ORDERBY_VALUES = {
  orders: ['date_created', 'date_modified', 'id'],
  subscriptions: ['date_created', 'date_modified', 'id'],
  products: ['date_created', 'date_modified', 'id', 'product_name'],
} as const;
