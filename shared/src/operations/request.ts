import { endpoint, type Store } from '../config';
import { InvalidRequestError } from '../errors';
import type { HttpRequest, JsonValue } from '../http/transport';
import type { OperationSpec } from './catalogue';

type ParamValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type Params = Readonly<Record<string, ParamValue>>;

interface BuildOptions {
  sendsGetBody: boolean;
  timeoutMs: number;
}

/** Turns an operation and its parameters into the HTTP request a transport sends. */
export function buildRequest(
  operation: OperationSpec,
  store: Store,
  params: Params,
  options: BuildOptions,
): HttpRequest {
  const target = endpoint(store, fillPath(operation, store, params));
  const query: Record<string, string> = { ...target.query };
  const body: Record<string, JsonValue> = {};
  const canSendBody = operation.method === 'POST' || options.sendsGetBody;

  for (const [name, place] of Object.entries(operation.params)) {
    const value = params[name];
    if (place === 'path' || isEmpty(value)) continue;
    if (place === 'query' || place === 'list') query[name] = toQueryValue(value);
    if (place === 'body' || (place === 'list' && canSendBody)) body[name] = toJson(value);
  }

  const headers: Record<string, string> = { accept: 'application/json' };
  if (operation.auth === 'query') query.api_key = store.apiKey;
  if (operation.auth === 'header') headers['x-api-key'] = store.apiKey;

  const request: HttpRequest = {
    method: operation.method,
    url: target.url,
    query,
    headers,
    timeoutMs: options.timeoutMs,
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
