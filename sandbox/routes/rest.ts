import { requireHeaderKey } from '../auth';
import { invalidId } from '../errors';
import { customerResource, orderResource, productResource, subscriptionResource } from '../format/resources';
import type { ApiResponse } from '../http/outgoing';
import {
  ORDER_ORDERBY,
  pageResponse,
  PRODUCT_ORDERBY,
  readListParams,
  sortKey,
  type ListParams,
  type Sortable,
} from '../listing';
import type { RouteContext, RouteDef } from '../router';
import type { Store } from '../store/store';
import { renderContext } from './render';

/** Operations 7 to 15: read-only REST resources behind the `x-api-key` header. */

/** WordPress validates parameters before it checks permission, so a bad parameter wins over a bad key. */
function listRequest(ctx: RouteContext, orderby: readonly string[], withDateAfter: boolean): ListParams {
  const list = readListParams(ctx.request, orderby, withDateAfter, ctx.state.store.zone);
  requireHeaderKey(ctx.request, ctx.state.config.apiKey);
  return list;
}

function sortedBy<T extends Sortable>(
  store: Store,
  collection: string,
  items: readonly T[],
  orderby: string,
): readonly T[] {
  return store.sorted(`${collection}:${orderby}`, items, sortKey(orderby));
}

function listOf<T extends Sortable>(
  ctx: RouteContext,
  items: (store: Store) => { key: string; items: readonly T[] },
  orderby: readonly string[],
  withDateAfter: boolean,
  render: (item: T, ctx: ReturnType<typeof renderContext>) => unknown,
): ApiResponse {
  const list = listRequest(ctx, orderby, withDateAfter);
  const { store } = ctx.state;
  const source = items(store);
  const rendering = renderContext(ctx);
  return pageResponse(
    sortedBy(store, source.key, source.items, list.orderby),
    list,
    ctx.request,
    ctx.links,
    (item) => render(item, rendering),
    !ctx.state.deviations.noPagingHeadersWhenEmpty,
  );
}

function one<T>(
  ctx: RouteContext,
  id: string,
  find: (store: Store, id: number) => T | undefined,
  render: (item: T, c: ReturnType<typeof renderContext>) => unknown,
): ApiResponse {
  requireHeaderKey(ctx.request, ctx.state.config.apiKey);
  const item = find(ctx.state.store, Number(id));
  if (item === undefined) throw invalidId();
  return { status: 200, body: render(item, renderContext(ctx)) };
}

const CUSTOMER_ORDERBY = ['id', 'date_created', 'date_modified'] as const;

export const REST_ROUTES: readonly RouteDef[] = [
  {
    path: '/sc/v1/customers',
    methods: ['GET'],
    handler: (ctx) =>
      listOf(ctx, (store) => ({ key: 'customers', items: store.customers }), CUSTOMER_ORDERBY, false, customerResource),
  },
  {
    path: '/sc/v1/customers/(?P<id>[\\d]+)',
    methods: ['GET'],
    handler: (ctx, { id }) => one(ctx, id, (store, n) => store.customer(n), customerResource),
  },
  {
    path: '/sc/v1/orders',
    methods: ['GET'],
    handler: (ctx) =>
      listOf(ctx, (store) => ({ key: 'orders', items: store.orders }), ORDER_ORDERBY, true, orderResource),
  },
  {
    path: '/sc/v1/orders/(?P<id>[\\d]+)',
    methods: ['GET'],
    handler: (ctx, { id }) => one(ctx, id, (store, n) => store.order(n), orderResource),
  },
  {
    path: '/sc/v1/orders/subscription/(?P<id>[\\d]+)',
    methods: ['GET'],
    handler: (ctx, { id }) => {
      const list = listRequest(ctx, ORDER_ORDERBY, true);
      const { store } = ctx.state;
      const subscription = store.subscription(Number(id));
      if (!subscription) throw invalidId();
      const orders = subscription.orderIds.flatMap((orderId) => store.order(orderId) ?? []);
      const rendering = renderContext(ctx);
      return pageResponse(
        orders.sort(sortKey(list.orderby)),
        list,
        ctx.request,
        ctx.links,
        (order) => orderResource(order, rendering),
        !ctx.state.deviations.noPagingHeadersWhenEmpty,
      );
    },
  },
  {
    path: '/sc/v1/subscriptions',
    methods: ['GET'],
    handler: (ctx) =>
      listOf(
        ctx,
        (store) => ({ key: 'subscriptions', items: store.subscriptions }),
        ORDER_ORDERBY,
        true,
        subscriptionResource,
      ),
  },
  {
    path: '/sc/v1/subscriptions/(?P<id>[\\d]+)',
    methods: ['GET'],
    handler: (ctx, { id }) => one(ctx, id, (store, n) => store.subscription(n), subscriptionResource),
  },
  {
    path: '/sc/v1/products',
    methods: ['GET'],
    handler: (ctx) =>
      listOf(ctx, (store) => ({ key: 'products', items: store.products }), PRODUCT_ORDERBY, false, productResource),
  },
  {
    path: '/sc/v1/products/(?P<id>[\\d]+)',
    methods: ['GET'],
    handler: (ctx, { id }) => one(ctx, id, (store, n) => store.product(n), productResource),
  },
];
