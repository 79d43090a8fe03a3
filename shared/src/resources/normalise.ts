import type { ResultShape } from '../operations/catalogue';
import { asList, asOne, coerceRecord, isRecord, type Schema, toNumber, toText } from './coerce';
import { CUSTOMER, LATEST_ORDER, ORDER, PRODUCT, SUBSCRIPTION, WEBHOOK_PLAN, WEBHOOK_PRODUCT } from './schemas';
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
} from './types';

/** What each result shape reads into. */
export interface ResultTypes {
  nothing: undefined;
  hookId: HookSubscription;
  hookDeletion: HookDeletion;
  webhookProducts: WebhookProduct[];
  webhookPlans: WebhookPlan[];
  latestOrders: LatestOrder[];
  customers: Customer[];
  customer: Customer;
  orders: Order[];
  order: Order;
  subscriptions: Subscription[];
  subscription: Subscription;
  products: Product[];
  product: Product;
}

/** Thrown when a 2xx body cannot be read as the shape; the client turns it into an `UnexpectedResponseError`. */
export class ShapeError extends Error {}

const LIST_SCHEMAS: Partial<Record<ResultShape, Schema>> = {
  webhookProducts: WEBHOOK_PRODUCT,
  webhookPlans: WEBHOOK_PLAN,
  customers: CUSTOMER,
  orders: ORDER,
  subscriptions: SUBSCRIPTION,
  products: PRODUCT,
};

const ONE_SCHEMAS: Partial<Record<ResultShape, Schema>> = {
  customer: CUSTOMER,
  order: ORDER,
  subscription: SUBSCRIPTION,
  product: PRODUCT,
};

/** Reads a parsed 2xx body (`undefined` for an empty one) into its documented shape (docs/service/shapes.md). */
export function normalise<S extends ResultShape>(shape: S, body: unknown): ResultTypes[S] {
  return read(shape, body) as ResultTypes[S];
}

function read(shape: ResultShape, body: unknown): unknown {
  if (shape === 'nothing') return undefined;
  if (shape === 'hookId') return { id: hookId(body) };
  // A deletion the store confirmed is a success whatever it echoes (`{id}`, `[{url, id}]`).
  if (shape === 'hookDeletion') return { id: toText(asOne(body)?.id) ?? '', alreadyGone: false };
  if (shape === 'latestOrders') return asList(body).filter(isRecord).map(latestOrder);
  const listSchema = LIST_SCHEMAS[shape];
  if (listSchema)
    return asList(body)
      .filter(isRecord)
      .map((raw) => coerceRecord(listSchema, raw, 'fill'));
  const oneSchema = ONE_SCHEMAS[shape];
  const one = asOne(body);
  // A record without an id (`{}`, `[]`) is no record: say so rather than invent `id: 0`.
  if (!oneSchema || !one || one.id === undefined || one.id === null) throw new ShapeError('expected one record');
  return coerceRecord(oneSchema, one, 'fill');
}

/** Subscribe's `{id}` (a string in docs/service/shapes.md#resthook, a number on real stores), delete's `{id}` or `[{url, id}]`. */
function hookId(body: unknown): string {
  const record = asOne(body);
  const id = toText(record ? record.id : body);
  if (!id || !/^\S+$/.test(id)) throw new ShapeError('expected a webhook id');
  return id;
}

function latestOrder(raw: Record<string, unknown>): LatestOrder {
  const record = coerceRecord<LatestOrder>(LATEST_ORDER, raw, 'fill');
  // Rich records on current stores have the event payload's `id`/`status` instead of the documented names (docs/service/real-stores.md#latest-orders).
  if (raw.order_id === undefined && raw.id !== undefined) record.order_id = Math.trunc(toNumber(raw.id) ?? 0);
  if (raw.order_status === undefined && raw.status !== undefined) record.order_status = toText(raw.status) ?? '';
  record.order_amount = (toNumber(raw.order_amount) ?? 0).toFixed(2);
  return record;
}
