/**
 * A picker's list, read from the store's own lists: one store page per picker page when nothing is
 * typed; with a search text, the list is walked (in parallel where the store sends totals) until a
 * picker page of matches is found or the list ends. The store's API has no search parameter, so
 * matching is done here: customers by name or email, orders and subscriptions by number, buyer or
 * product, products by name. A number (`1042`, `#1042`) is also read directly, so it shows first.
 * The token handed back is the next store page to read.
 */
import type { CommerceServiceClient } from '../client';
import type { PageParams } from '../operations/buildRequest';
import { isMissingRecord } from '../errors';
import type { Page } from '../paginate';
import { recordLabel } from './labels';
import { RECORD_RESOURCES, type RecordResource } from '../resources/records';
import { adminEditLink } from './links';

interface LocatorEntry {
  id: string;
  /** What the picker shows, e.g. `#1042 · Jane Doe · Pro Course · $49`. */
  label: string;
  /** The record's edit page in the WordPress admin. */
  url: string;
}

interface LocatorPage {
  results: LocatorEntry[];
  /** Where the next picker page starts; absent at the end of the list. */
  nextToken?: string;
}

interface LocatorSearch {
  /** What the user typed; empty lists the store's records in its own order. */
  filter?: string;
  /** A `nextToken` of the page before. */
  token?: string;
  /** Matches a search gathers before it answers (default 50). */
  wanted?: number;
  /** Store pages read at once during a search (default 8). */
  concurrency?: number;
}

/** Records per store page: the API's maximum, so a picker page costs one request. */
const LOCATOR_PAGE_SIZE = 100;
const DEFAULT_WANTED = 50;
const DEFAULT_CONCURRENCY = 8;

type AnyRecord = { id: number } & Record<string, unknown>;

/** The store's list and read of a resource, as its block in `resources/records.ts` names them. */
function sourceOf(client: CommerceServiceClient, resource: RecordResource) {
  const { reads } = RECORD_RESOURCES[resource];
  return {
    list: async (p: PageParams) => (await client.list(reads.list, { ...p })) as unknown as Page<AnyRecord>,
    get: async (id: string) => (await client.call(reads.get, { [reads.id]: id })) as unknown as AnyRecord,
  };
}

export async function searchRecords(
  client: CommerceServiceClient,
  resource: RecordResource,
  search: LocatorSearch = {},
): Promise<LocatorPage> {
  const source = sourceOf(client, resource);
  const start = pageOfToken(search.token);
  const filter = (search.filter ?? '').trim();
  const entry = (record: AnyRecord): LocatorEntry => ({
    id: String(record.id),
    label: recordLabel(resource, record),
    url: adminEditLink(client.store, record.id),
  });

  if (filter === '') {
    const page = await source.list({ page: start, per_page: LOCATOR_PAGE_SIZE });
    const more = page.items.length === LOCATOR_PAGE_SIZE && (page.totalPages === undefined || start < page.totalPages);
    return { results: page.items.map(entry), ...(more ? { nextToken: String(start + 1) } : {}) };
  }

  const results: LocatorEntry[] = [];
  const seen = new Set<string>();
  const direct = start === 1 ? await readById(source, filter) : undefined;
  if (direct) {
    results.push(entry(direct));
    seen.add(String(direct.id));
  }
  const wanted = search.wanted ?? DEFAULT_WANTED;
  const offset = start - 1;
  // The walk starts at `start`: its pages and the store's totals are shifted to match.
  const walk = client.iterate<AnyRecord>(
    async (params) => shiftPage(await source.list({ ...params, page: (params.page ?? 1) + offset }), offset),
    { concurrency: search.concurrency ?? DEFAULT_CONCURRENCY, perPage: LOCATOR_PAGE_SIZE, operation: 'Search a list' },
  );
  let read = 0;
  for await (const record of walk) {
    read += 1;
    if (matches(resource, record, filter) && !seen.has(String(record.id))) {
      seen.add(String(record.id));
      results.push(entry(record));
    }
    // Stop at the end of a store page, so the next picker page starts on a page boundary.
    if (results.length >= wanted && read % LOCATOR_PAGE_SIZE === 0) {
      return { results, nextToken: String(start + read / LOCATOR_PAGE_SIZE) };
    }
  }
  return { results };
}

/** Whether a record matches a search text (any letter case). */
function matches(resource: RecordResource, record: Record<string, unknown>, filter: string): boolean {
  const wanted = filter.trim().toLowerCase();
  if (wanted === '') return true;
  const number = /^#?\s*(\d+)$/.exec(wanted)?.[1];
  if (number !== undefined && String(record.id) === number) return true;
  const texts = RECORD_RESOURCES[resource].search
    .map((key) => (typeof record[key] === 'string' ? record[key].trim().toLowerCase() : ''))
    .filter((text) => text !== '');
  // All of them together: a customer's first and last name, typed as one.
  return [...texts, texts.join(' ')].some((text) => text.includes(wanted));
}

/** A typed number is read directly; a number the store does not have is simply no direct hit. */
async function readById(
  source: { get: (id: string) => Promise<AnyRecord> },
  filter: string,
): Promise<AnyRecord | undefined> {
  const number = /^#?\s*([1-9]\d{0,14})$/.exec(filter)?.[1];
  if (number === undefined) return undefined;
  return source.get(number).catch((error: unknown) => {
    if (isMissingRecord(error)) return undefined;
    throw error;
  });
}

function shiftPage<T>(page: Page<T>, offset: number): Page<T> {
  if (offset === 0) return page;
  return {
    items: page.items,
    ...(page.total !== undefined ? { total: Math.max(0, page.total - offset * LOCATOR_PAGE_SIZE) } : {}),
    ...(page.totalPages !== undefined ? { totalPages: Math.max(0, page.totalPages - offset) } : {}),
  };
}

function pageOfToken(token: string | undefined): number {
  const page = Number(token);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
