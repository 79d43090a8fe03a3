/**
 * What the operation wrappers take (docs/service/operations.md), and how a few inputs are written on
 * the wire. Types only and two small shapers: the reads and the triggers import them without the client.
 */
import { InvalidRequestError } from '../errors';
import { OPERATIONS } from './catalogue';
import type { Params } from '../http/pipeline';

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

/** Operation 2's inputs (docs/service/operations.md#webhook-operations), with plans and statuses as lists where real stores take them (docs/service/real-stores.md#subscribe). */
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
export function planIdParam(plan: string | readonly string[] | null | undefined): Params[string] {
  const ids = (typeof plan === 'string' ? [plan] : (plan ?? [])).map((id) => id.trim()).filter(Boolean);
  if (ids.length === 0) return undefined;
  const values = ids.map(numericIfDigits);
  return values.length === 1 ? values[0] : values;
}

export function numericIfDigits(id: string): string | number {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

/** Subscribe's `hook_url` must be an absolute http(s) URL: the platform sets it, so the hint says where. */
export function checkHookUrl(url: string, store: string): void {
  if (/^https?:\/\/\S+$/i.test(url)) return;
  throw new InvalidRequestError(
    { store, operation: OPERATIONS.subscribeHook.label },
    'the webhook URL is not an absolute http(s) URL',
    'This is set by Zapier or n8n: re-save the trigger, or check the public URL of your n8n (N8N_WEBHOOK_URL; WEBHOOK_URL on n8n 1.x).',
    ['hook_url'],
  );
}
