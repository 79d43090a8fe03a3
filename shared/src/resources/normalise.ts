import type { OPERATIONS, OperationKey, ResultShape } from '../operations/catalogue';
import { asList, coerceRecord, isRecord, toNumber, toText } from './coerce';
import type { FieldTable } from './table';
import {
  CUSTOMER_FIELDS,
  DELIVERY_FIELDS,
  ORDER_FIELDS,
  PRODUCT_FIELDS,
  SUBSCRIPTION_FIELDS,
  WEBHOOK_FIELDS,
} from './tables';
import type * as Resources from './types';

/** `POST webhook/subscribe/`'s answer, with the id kept as an opaque string whatever the store sent. */
interface HookSubscription {
  id: string;
}

/** `POST webhook/delete/`'s outcome. `alreadyGone` is true when the store no longer knew the hook. */
interface HookDeletion {
  id: string;
  alreadyGone: boolean;
}

/** What each result shape reads into. */
interface ResultTypes {
  nothing: undefined;
  hookId: HookSubscription;
  hookDeletion: HookDeletion;
  webhookProducts: Resources.WebhookProduct[];
  webhookPlans: Resources.WebhookPlan[];
  latestOrders: Resources.LatestOrder[];
  customers: Resources.Customer[];
  customer: Resources.Customer;
  orders: Resources.Order[];
  order: Resources.Order;
  subscriptions: Resources.Subscription[];
  subscription: Resources.Subscription;
  products: Resources.Product[];
  product: Resources.Product;
}

/** What an operation's answer reads into. */
export type ResultOf<K extends OperationKey> = ResultTypes[(typeof OPERATIONS)[K]['result']];

/** Thrown while a 2xx body is read when it does not have the shape; `normalise` answers with its message. */
class ShapeError extends Error {}

const LIST_TABLES: Partial<Record<ResultShape, FieldTable>> = {
  webhookProducts: WEBHOOK_FIELDS.product,
  webhookPlans: WEBHOOK_FIELDS.plan,
  customers: CUSTOMER_FIELDS,
  orders: ORDER_FIELDS,
  subscriptions: SUBSCRIPTION_FIELDS,
  products: PRODUCT_FIELDS,
};

const ONE_TABLES: Partial<Record<ResultShape, FieldTable>> = {
  customer: CUSTOMER_FIELDS,
  order: ORDER_FIELDS,
  subscription: SUBSCRIPTION_FIELDS,
  product: PRODUCT_FIELDS,
};

/** Results that are store records (latest orders and the REST resources): each gets its instants and its amounts handed on. */
const RECORD_RESULTS: ReadonlySet<ResultShape> = new Set<ResultShape>([
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

/**
 * The table whose times and amounts a result's records carry (docs/dates.md, docs/amounts.md); none for
 * a result that holds no store records. Rich latest-order records are delivery payloads
 * (docs/service/real-stores.md#latest-orders).
 */
export function resultTable(shape: ResultShape): FieldTable | undefined {
  if (!RECORD_RESULTS.has(shape)) return undefined;
  return shape === 'latestOrders' ? DELIVERY_FIELDS : (LIST_TABLES[shape] ?? ONE_TABLES[shape]);
}

/**
 * Reads a parsed 2xx body (`undefined` for an empty one) into its documented shape (docs/service/shapes.md),
 * or says why it does not have it (the pipeline turns that into an `UnexpectedResponseError`). A fault
 * that is not about the body's shape still throws.
 */
export function normalise<S extends ResultShape>(
  shape: S,
  body: unknown,
): { ok: true; value: ResultTypes[S] } | { ok: false; problem: string } {
  let failure: unknown;
  try {
    return { ok: true, value: read(shape, body) as ResultTypes[S] };
  } catch (error) {
    failure = error; // decided below: n8n's lint allows no re-throw inside a catch (ARCHITECTURE.md, n8n's lint)
  }
  if (failure instanceof ShapeError) return { ok: false, problem: failure.message };
  throw failure;
}

function read(shape: ResultShape, body: unknown): unknown {
  if (shape === 'nothing') return undefined;
  if (shape === 'hookId') return { id: hookId(body) };
  // A deletion the store confirmed is a success whatever it echoes (`{id}`, `[{url, id}]`).
  if (shape === 'hookDeletion') return { id: toText(asOne(body)?.id) ?? '', alreadyGone: false };
  if (shape === 'latestOrders') return asList(body).filter(isRecord).map(latestOrder);
  const listTable = LIST_TABLES[shape];
  if (listTable)
    return asList(body)
      .filter(isRecord)
      .map((raw) => coerceRecord(listTable, raw, 'fill'));
  const oneTable = ONE_TABLES[shape];
  const one = asOne(body);
  // A record without an id (`{}`, `[]`) is no record: say so rather than invent `id: 0`.
  if (!oneTable || !one || one.id === undefined || one.id === null) throw new ShapeError('expected one record');
  return coerceRecord(oneTable, one, 'fill');
}

/** Subscribe's `{id}` (a string in docs/service/shapes.md#resthook, a number on real stores), delete's `{id}` or `[{url, id}]`. */
function hookId(body: unknown): string {
  const record = asOne(body);
  const id = toText(record ? record.id : body);
  if (!id || !/^\S+$/.test(id)) throw new ShapeError('expected a webhook id');
  return id;
}

function latestOrder(raw: Record<string, unknown>): Resources.LatestOrder {
  const record = coerceRecord<Resources.LatestOrder>(WEBHOOK_FIELDS.latestOrder, raw, 'fill');
  // Rich records on current stores have the event payload's `id`/`status` instead of the documented names (docs/service/real-stores.md#latest-orders).
  if (raw.order_id === undefined && raw.id !== undefined) record.order_id = Math.trunc(toNumber(raw.id) ?? 0);
  if (raw.order_status === undefined && raw.status !== undefined) record.order_status = toText(raw.status) ?? '';
  record.order_amount = (toNumber(raw.order_amount) ?? 0).toFixed(2);
  return record;
}

/** One record as the store may send it: the object itself, or an array that wraps it. */
function asOne(value: unknown): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  if (Array.isArray(value) && value.length >= 1 && isRecord(value[0])) return value[0];
  return undefined;
}
