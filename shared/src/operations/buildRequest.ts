/**
 * What the client's methods take (docs/service/operations.md), and how their inputs are written into
 * the HTTP request the pipeline sends. The reads and the triggers import the types without the client.
 */
import { type Store, endpoint, indexEndpoint } from '../config';
import { ConfigurationError, InvalidRequestError } from '../errors';
import type { HttpRequest } from '../http/transport';
import type { OperationSpec } from './catalogue';

type ParamValue = string | number | boolean | readonly (string | number)[] | null | undefined;
/** An operation's parameters by name, as the client's methods give them; the catalogue says where each travels. */
export type Params = Readonly<Record<string, ParamValue>>;
type JsonValue = NonNullable<HttpRequest['body']>;
type Where = { store: string; operation: string };

export interface PageParams {
  page?: number;
  per_page?: number;
}

interface SortParams<OrderBy extends string> {
  orderby?: OrderBy;
  order?: 'asc' | 'desc';
}

export interface DatedListParams extends PageParams, SortParams<'id' | 'date_created' | 'date_modified'> {
  /** `YYYY-MM-DD`: records after that date. */
  date_after?: string;
}

export type Id = number | string;

/** `POST webhook/subscribe/`'s inputs (docs/service/operations.md#webhook-operations), with plans and statuses as lists where real stores take them (docs/service/real-stores.md#subscribe). */
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

/** One plan id as the documented integer where it is digits (docs/service/operations.md#webhook-operations), several as a list, none left out. */
function planIdParam(plan: ParamValue): ParamValue {
  const ids = (typeof plan === 'string' ? [plan] : Array.isArray(plan) ? plan : [])
    .map((id) => String(id).trim())
    .filter(Boolean);
  if (ids.length === 0) return undefined;
  const values = ids.map(numericIfDigits);
  return values.length === 1 ? values[0] : values;
}

function numericIfDigits(id: string): string | number {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

/** Subscribe's `hook_url` must be an absolute http(s) URL: the platform sets it, so the hint says where. */
function checkedHookUrl(url: ParamValue, where: Where): ParamValue {
  if (typeof url === 'string' && /^https?:\/\/\S+$/i.test(url)) return url;
  throw new InvalidRequestError(
    where,
    'the webhook URL is not an absolute http(s) URL',
    'This is set by Zapier or n8n: re-save the trigger, or check the public URL of your n8n (WEBHOOK_URL, which every n8n reads; N8N_WEBHOOK_URL from n8n 2.35).',
    ['hook_url'],
  );
}

/** The parameters the store reads in a form of their own, by name (each name means one thing in every operation). */
const WRITTEN: Readonly<Record<string, (value: ParamValue, where: Where) => ParamValue>> = {
  hook_url: checkedHookUrl,
  plan_id: planIdParam,
  // A hook id as the documented integer where it is digits.
  id: (id) => numericIfDigits(String(id)),
};

function written(params: Params, where: Where): Params {
  const out: Record<string, ParamValue> = { ...params };
  for (const [name, write] of Object.entries(WRITTEN)) if (name in params) out[name] = write(params[name], where);
  return out;
}

/**
 * Turns an operation and its parameters into the HTTP request a transport sends (its timeout is the
 * attempt's), each parameter written as the store reads it (`WRITTEN`).
 */
export function buildRequest(
  operation: OperationSpec,
  store: Store,
  input: Params,
  sendsGetBody: boolean,
): Omit<HttpRequest, 'timeoutMs'> {
  const params = written(input, { store: store.label, operation: operation.label });
  const route = fillPath(operation, store, params);
  const target = operation.root === 'index' ? indexEndpoint(store) : endpoint(store, route);
  const query: Record<string, string> = { ...target.query };
  const body: Record<string, JsonValue> = {};
  const canSendBody = operation.method === 'POST' || sendsGetBody;

  for (const [name, place] of Object.entries(operation.params)) {
    const value = params[name];
    if (place === 'path' || isEmpty(value)) continue;
    if (place === 'query' || place === 'list') query[name] = toQueryValue(value);
    if (place === 'body' || (place === 'list' && canSendBody)) body[name] = toJson(value);
  }

  const headers: Record<string, string> = { accept: 'application/json' };
  // A store held without a key (a hook's old store) only takes the operations the catalogue marks keyless.
  if (operation.auth !== 'none' && !store.apiKey) {
    throw new ConfigurationError(
      { store: store.label, operation: operation.label },
      'this operation needs an API key, and none is held for this store',
      'Point the connection at this store, with its API key.',
    );
  }
  const request: Omit<HttpRequest, 'timeoutMs'> = {
    method: operation.method,
    url: target.url,
    query,
    headers,
    auth: operation.auth === 'none' ? { style: 'none' } : { style: operation.auth, apiKey: store.apiKey },
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
