import type { Links } from './addressing';
import { invalidParams } from './errors';
import { parseDay, DAY } from './format/time';
import { startOfLocalDay, type SiteTimezone } from './format/zone';
import type { ApiRequest } from './http/incoming';
import type { ApiResponse } from './http/outgoing';

/** Paging and sorting of list operations: WordPress defaults and bounds (page 1, per_page 10 of 1..100, desc, date_created). */
export interface ListParams {
  page: number;
  perPage: number;
  order: 'asc' | 'desc';
  orderby: string;
  /** Records strictly after the end of this site-local day (epoch seconds), like WP_Date_Query's `after` on a date. */
  after: number | null;
}

export const ORDER_ORDERBY = ['id', 'date_created', 'date_modified'] as const;
export const PRODUCT_ORDERBY = ['id', 'date_created', 'date_modified', 'product_name'] as const;

function oneOf(name: string, allowed: readonly string[]): string {
  const list =
    allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} and ${allowed[allowed.length - 1]}` : allowed[0];
  return `${name} is not one of ${list}.`;
}

function asIntegerOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return null;
}

/** Every bad parameter is reported at once, as WordPress does: `Invalid parameter(s): per_page, order`. */
export function readListParams(
  request: ApiRequest,
  orderby: readonly string[],
  withDateAfter: boolean,
  zone: SiteTimezone = { name: 'UTC' },
): ListParams {
  const params = request.params;
  const reasons: Record<string, string> = {};
  const result: ListParams = { page: 1, perPage: 10, order: 'desc', orderby: 'date_created', after: null };

  if (params.page !== undefined) {
    const page = asIntegerOrNull(params.page);
    if (page === null) reasons.page = 'page is not of type integer.';
    else if (page < 1) reasons.page = 'page must be greater than or equal to 1';
    else result.page = page;
  }
  if (params.per_page !== undefined) {
    const perPage = asIntegerOrNull(params.per_page);
    if (perPage === null) reasons.per_page = 'per_page is not of type integer.';
    else if (perPage < 1 || perPage > 100)
      reasons.per_page = 'per_page must be between 1 (inclusive) and 100 (inclusive)';
    else result.perPage = perPage;
  }
  if (params.order !== undefined) {
    if (params.order === 'asc' || params.order === 'desc') result.order = params.order;
    else reasons.order = oneOf('order', ['asc', 'desc']);
  }
  if (params.orderby !== undefined) {
    if (typeof params.orderby === 'string' && orderby.includes(params.orderby)) result.orderby = params.orderby;
    else reasons.orderby = oneOf('orderby', orderby);
  }
  if (withDateAfter && params.date_after !== undefined) {
    const day = typeof params.date_after === 'string' ? parseDay(params.date_after) : null;
    if (day === null) reasons.date_after = 'Invalid date.';
    // WordPress reads the day in the site's zone: "after D" starts at the site's midnight after D.
    else result.after = startOfLocalDay(zone, day + DAY) - 1;
  }
  if (Object.keys(reasons).length > 0) throw invalidParams(reasons);
  return result;
}

export interface Sortable {
  id: number;
  createdAt: number;
  /** Orders and subscriptions say modifiedAt, products updatedAt; customers have neither and sort by creation. */
  modifiedAt?: number;
  updatedAt?: number;
  name?: string;
}

const modified = (item: Sortable): number => item.modifiedAt ?? item.updatedAt ?? item.createdAt;

export function sortKey(orderby: string): (a: Sortable, b: Sortable) => number {
  switch (orderby) {
    case 'id':
      return (a, b) => a.id - b.id;
    case 'date_modified':
      return (a, b) => modified(a) - modified(b) || a.id - b.id;
    case 'product_name':
      return (a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'en', { sensitivity: 'base' }) || a.id - b.id;
    default:
      return (a, b) => a.createdAt - b.createdAt || a.id - b.id;
  }
}

/** One page of an ascending list, walked in the requested direction, with WordPress's paging headers. */
export function pageResponse<T extends Sortable>(
  ascending: readonly T[],
  list: ListParams,
  request: ApiRequest,
  links: Links,
  render: (item: T) => unknown,
  headersWhenEmpty: boolean,
): ApiResponse {
  const start = (list.page - 1) * list.perPage;
  const end = start + list.perPage;
  const picked: T[] = [];
  let total = 0;
  const count = ascending.length;
  for (let step = 0; step < count; step += 1) {
    const item = ascending[list.order === 'asc' ? step : count - 1 - step];
    if (list.after !== null && item.createdAt <= list.after) continue;
    if (total >= start && total < end) picked.push(item);
    total += 1;
  }
  const body = picked.map(render);
  if (total === 0 && !headersWhenEmpty) return { status: 200, body };
  const totalPages = Math.ceil(total / list.perPage);
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
  const relative = request.route.replace(/^\/sc\/v1/i, '');
  const pageLink = (page: number): string =>
    `<${links.rest(relative, [...request.queryPairs.filter(([key]) => key !== 'page'), ['page', String(page)]])}>`;
  const rels: string[] = [];
  if (list.page > 1 && totalPages > 0) rels.push(`${pageLink(Math.min(list.page - 1, totalPages))}; rel="prev"`);
  if (list.page < totalPages) rels.push(`${pageLink(list.page + 1)}; rel="next"`);
  if (rels.length > 0) headers.Link = rels.join(', ');
  return { status: 200, body, headers };
}
