import { requireParamKey } from '../auth';
import { invalidHandler, invalidId, missingParams, RestError } from '../errors';
import { latestOrderRecord, richLatestOrderRecord } from '../format/latestOrders';
import type { ApiResponse } from '../http/outgoing';
import { sortKey } from '../listing';
import { matches, orderSubject, subscriptionSubject, type Filter } from '../matching';
import { readFlag, readList, readOptionalId, readString } from '../params';
import type { RouteContext, RouteDef } from '../router';
import type { Order, Subscription } from '../store/types';
import { renderContext } from './render';

/** Operations 1 to 6 (webhook management) and the real stores' webhook/zap-delete. */

const ok = (body: unknown): ApiResponse => ({ status: 200, body });

function validate({ request, state }: RouteContext): ApiResponse {
  requireParamKey(request, state.config.apiKey);
  return ok(state.deviations.emptyValidateBody ? '' : {});
}

function subscribe({ request, state }: RouteContext): ApiResponse {
  requireParamKey(request, state.config.apiKey);
  const { params } = request;
  const hookUrl = readString(params.hook_url);
  if (hookUrl === '') {
    if (state.deviations.subscribeErrorAs404) throw new RestError(404, 'rest_subscribe_error', 'hook_url is required');
    throw missingParams(['hook_url']);
  }
  const hook = state.hooks.subscribe({
    hookUrl,
    productId: readOptionalId(params, 'product_id'),
    planIds: readList(params.plan_id),
    statuses: readList(params.status),
    source: readString(params.source),
    pricesInCents: readFlag(params.prices_in_cents),
    at: state.store.now,
  });
  return ok({ id: state.deviations.numericSubscribeId ? Number(hook.id) : hook.id });
}

function hookIdParam({ request }: RouteContext): string {
  const id = readString(request.params.id);
  if (id === '') throw missingParams(['id']);
  return id;
}

const notFoundHook = (id: string): RestError =>
  new RestError(404, 'rest_subscribe_error', `no webhook with this ID found: ${id}`);

function deleteHook(ctx: RouteContext): ApiResponse {
  if (ctx.state.deviations.brokenWebhookDelete) throw invalidHandler();
  const id = hookIdParam(ctx);
  const removed = ctx.state.hooks.remove(id);
  if (!removed) throw notFoundHook(id);
  return ok({ id: Number(removed.id) });
}

function zapDelete(ctx: RouteContext): ApiResponse {
  const id = hookIdParam(ctx);
  const removed = ctx.state.hooks.remove(id);
  if (!removed) throw notFoundHook(id);
  return ok([{ url: removed.hookUrl, id: removed.id }]);
}

function products({ state }: RouteContext): ApiResponse {
  const newestFirst = [...state.store.products].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return ok(newestFirst.map((product) => ({ id: product.id, name: product.name })));
}

function plans({ request, state }: RouteContext): ApiResponse {
  const productId = readOptionalId(request.params, 'product_id');
  if (productId === null) {
    if (state.deviations.nullPlansWithoutProduct) return ok(null);
    throw missingParams(['product_id']);
  }
  const product = state.store.product(productId);
  if (!product) throw invalidId();
  const entries = product.plans.map((plan) => ({ id: plan.id, name: plan.name }));
  entries.push({ id: 'bump', name: 'Purchased as a bump' }, { id: 'upsell', name: 'Purchased as an upsell' });
  if (state.deviations.downsellPlanEntry) entries.push({ id: 'downsell', name: 'Purchased as a downsell' });
  return ok(entries);
}

type Selection =
  | { kind: 'orders'; statuses: ReadonlySet<string> | null }
  | { kind: 'subscriptions'; statuses: ReadonlySet<string> };

/** What a latest-orders `status` selects; real stores read a few values their own way. */
function selectionFor(status: string, realSemantics: boolean): Selection {
  if (status === '') return { kind: 'orders', statuses: null };
  if (realSemantics) {
    if (status === 'paid') return { kind: 'orders', statuses: new Set(['paid', 'completed']) };
    if (status === 'pending') return { kind: 'orders', statuses: new Set(['pending-payment']) };
    if (['active', 'completed', 'canceled', 'paused'].includes(status))
      return { kind: 'subscriptions', statuses: new Set([status]) };
  } else if (['active', 'completed', 'canceled'].includes(status)) {
    return { kind: 'subscriptions', statuses: new Set([status]) };
  }
  return { kind: 'orders', statuses: new Set([status]) };
}

const LATEST_LIMIT = 10;

function newest<T extends Order | Subscription>(sortedAscending: readonly T[], keep: (record: T) => boolean): T[] {
  const out: T[] = [];
  for (let index = sortedAscending.length - 1; index >= 0 && out.length < LATEST_LIMIT; index -= 1) {
    if (keep(sortedAscending[index])) out.push(sortedAscending[index]);
  }
  return out;
}

function latestOrders(ctx: RouteContext): ApiResponse {
  const { request, state } = ctx;
  requireParamKey(request, state.config.apiKey);
  const { deviations, store } = state;
  const filter: Filter = {
    productId: readOptionalId(request.params, 'product_id'),
    planIds: readList(request.params.plan_id),
    productIncludesBumps: deviations.bumpMatchesProduct,
  };
  const selection = selectionFor(readString(request.params.status), deviations.realStatusFilter);
  const byDate = sortKey('date_created');
  const records: (Order | Subscription)[] =
    selection.kind === 'orders'
      ? newest(
          store.sorted('orders:date_created', store.orders, byDate),
          (order) =>
            (selection.statuses === null || selection.statuses.has(order.status)) &&
            matches(orderSubject(order), filter),
        )
      : newest(
          store.sorted('subscriptions:date_created', store.subscriptions, byDate),
          (subscription) =>
            selection.statuses.has(subscription.status) && matches(subscriptionSubject(subscription), filter),
        );
  if (records.length === 0 && deviations.noOrdersAs404) {
    throw new RestError(404, 'no_orders', 'there are no orders for this product yet');
  }
  const render = renderContext(ctx, 'decimal');
  return ok(
    records.map((record) =>
      deviations.richLatestOrders ? richLatestOrderRecord(record, render) : latestOrderRecord(record, render),
    ),
  );
}

const W = '/sc/v1/webhook';

export const WEBHOOK_ROUTES: readonly RouteDef[] = [
  { path: `${W}/validate`, methods: ['POST'], handler: validate },
  { path: `${W}/subscribe`, methods: ['POST'], handler: subscribe },
  { path: `${W}/delete`, methods: ['POST'], handler: deleteHook },
  {
    path: `${W}/zap-delete`,
    methods: ['POST'],
    handler: zapDelete,
    servedWhen: (state) => state.deviations.zapDeleteRoute || state.deviations.brokenWebhookDelete,
  },
  { path: `${W}/products`, methods: ['GET'], handler: products },
  { path: `${W}/plans`, methods: ['GET'], handler: plans },
  { path: `${W}/latest-orders`, methods: ['POST'], handler: latestOrders },
];
