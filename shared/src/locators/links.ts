/**
 * The links a store owner has for one record, how a pasted link is read back into its id, and the id a
 * picker names (from the list, by id or by link). Two kinds of link are accepted: the WordPress admin
 * edit link (`…/wp-admin/post.php?post=1042&action=edit`: Studiocart keeps orders, subscriptions and
 * products as WordPress posts) and the record's REST address, the `link` field of orders and
 * subscriptions (`…/wp-json/sc/v1/orders/1042`, or the `?rest_route=` form of a site without pretty
 * permalinks). Nothing here knows a platform.
 */
import { type Store, endpoint } from '../config';
import { InvalidRequestError } from '../errors';
import { redact } from '../http/redact';
import { RECORD_RESOURCES, RECORD_RESOURCE_NAMES, type RecordResource } from '../resources/records';

/** The REST collection of each resource (docs/service/operations.md#operation-table). */
export const RECORD_COLLECTIONS = Object.fromEntries(
  RECORD_RESOURCE_NAMES.map((resource) => [resource, RECORD_RESOURCES[resource].collection]),
) as Readonly<Record<RecordResource, string>>;

const NAMESPACE = '/sc/v1';
const ID = /^[1-9]\d{0,14}$/;

/** Where an error about a pasted link is reported: the operation and the parameter's label. */
interface LinkContext {
  operation: string;
  /** The parameter as the user sees it, e.g. `Order`. */
  parameter: string;
}

/** The record's edit page in the WordPress admin. */
export function adminEditLink(store: Store, id: number | string): string {
  return `${store.baseUrl}/wp-admin/post.php?post=${id}&action=edit`;
}

/** The record's REST address, as the store writes it in `link`. */
function restLink(store: Store, resource: RecordResource, id: number | string): string {
  const { url, query } = endpoint(store, `${RECORD_COLLECTIONS[resource]}/${id}`);
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
}

/** The links a message offers as examples for `resource` on this store. */
function expectedLinks(store: Store, resource: RecordResource): string {
  const rest = restLink(store, resource, 1042);
  return `edit link from your WordPress admin (${adminEditLink(store, 1042)}) or its API link (${rest})`;
}

/**
 * The id a pasted link names, or an `InvalidRequestError` naming the parameter and the links that
 * were expected: a link to another site, or one that names no record of this resource.
 */
function recordIdFromLink(store: Store, resource: RecordResource, link: string, context: LinkContext): string {
  const typed = link.trim();
  const shown = redact(typed, [store.apiKey]);
  const refuse = (why: string) =>
    new InvalidRequestError(
      { store: store.label, operation: context.operation },
      `${context.parameter} "${shown}" ${why}`,
      `Paste the ${resource}'s ${expectedLinks(store, resource)}, or choose By ID.`,
      [context.parameter],
    );
  if (typed === '') throw refuse('is empty');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    throw refuse('is not a link');
  }
  const site = new URL(store.baseUrl);
  const basePath = site.pathname.replace(/\/+$/, '');
  if (sameHost(url.hostname, site.hostname) === false || !withinPath(url.pathname, basePath)) {
    throw refuse(`is a link to ${url.host}${url.pathname === '/' ? '' : url.pathname}, not to ${store.label}`);
  }
  const path = url.pathname.slice(basePath.length).replace(/\/+$/, '');

  if (/^\/wp-admin\/post\.php$/i.test(path)) {
    const post = (url.searchParams.get('post') ?? '').trim();
    if (ID.test(post)) return post;
    throw refuse('is an admin link without a record number (post=…)');
  }
  const route = restRoute(store, url, path);
  if (route !== null) {
    const match = /^\/([a-z_]+)\/(\d+)$/i.exec(route);
    const other = match ? resourceOfCollection(match[1] ?? '') : undefined;
    if (match && other === resource && ID.test(match[2] ?? '')) return match[2] ?? '';
    if (match && other) throw refuse(`is the API link of ${withArticle(other)}, not of ${withArticle(resource)}`);
  }
  throw refuse(`names no ${resource} of ${store.label}`);
}

/** The route after the namespace (`/orders/1042`), for any of the forms a REST address takes. */
function restRoute(store: Store, url: URL, path: string): string | null {
  const routeParam = url.searchParams.get('rest_route');
  const candidates: string[] = [];
  if (routeParam !== null) candidates.push(routeParam);
  if (store.apiRoot.style === 'path' && withinPath(path, store.apiRoot.prefix)) {
    candidates.push(`${NAMESPACE}${path.slice(store.apiRoot.prefix.length)}`);
  }
  if (/^\/wp-json(\/|$)/i.test(path)) candidates.push(path.slice('/wp-json'.length));
  for (const candidate of candidates) {
    const trimmed = `/${candidate.replace(/^\/+|\/+$/g, '')}`;
    if (trimmed.toLowerCase().startsWith(`${NAMESPACE}/`)) return trimmed.slice(NAMESPACE.length);
  }
  return null;
}

function resourceOfCollection(collection: string): RecordResource | undefined {
  const lower = collection.toLowerCase();
  return (Object.keys(RECORD_COLLECTIONS) as RecordResource[]).find((key) => RECORD_COLLECTIONS[key] === lower);
}

/** Host names compare in any case, with or without `www.`. */
function sameHost(a: string, b: string): boolean {
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
  return bare(a) === bare(b);
}

function withinPath(path: string, base: string): boolean {
  if (base === '' || base === '/') return true;
  const lowerPath = path.toLowerCase();
  const lowerBase = base.toLowerCase();
  return lowerPath === lowerBase || lowerPath.startsWith(`${lowerBase}/`);
}

function withArticle(resource: RecordResource): string {
  return `${/^[aeiou]/.test(resource) ? 'an' : 'a'} ${resource}`;
}

/*
 * A record chosen in a platform's picker, whichever way it was given: from the list or by id (the id
 * itself, a leading `#` as the store shows it allowed), or by one of the links above. The shared client
 * then checks the id is a whole number and the store says whether it exists.
 */

type LocatorMode = 'list' | 'id' | 'url';

interface RecordLocator {
  mode: LocatorMode | string;
  value: unknown;
}

/** The id a locator names. A link that names no record of `resource` throws an `InvalidRequestError`. */
export function locatedId(
  store: Store,
  resource: RecordResource,
  locator: RecordLocator,
  context: LinkContext,
): string {
  if (locator.mode === 'url') return recordIdFromLink(store, resource, idText(locator.value), context);
  return idText(locator.value);
}

/** An id as typed or picked: trimmed, without the `#` the store shows before it. */
export function idText(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return text.trim().replace(/^#\s*/, '');
}
