/**
 * One paginator for every REST list: it never trusts a server to end the walk, and never ends one
 * silently short. A walk that must stop before the list's end (the page cap, a store that ignores
 * paging) throws an `IncompleteListError` saying how many records it read and why.
 */
import { IncompleteListError } from './errors';

export interface Page<T> {
  items: T[];
  /** From `X-WP-Total`, when the store sent it. */
  total?: number;
  /** From `X-WP-TotalPages`, when the store sent it. */
  totalPages?: number;
}

/**
 * Tells a walk that the store said "busy" (429 or 503) to any request of the client. The client
 * (`CommerceServiceClient.busy`) is the usual source; `subscribe` returns the unsubscribe function.
 */
interface BusySignal {
  subscribe(listener: () => void): () => void;
}

export interface PaginateOptions {
  /** Stop after this many records; all of them when omitted. */
  limit?: number;
  /** Records asked per page, 1 to 100 (default 100); never more than `limit`. */
  perPage?: number;
  /**
   * Most pages one walk reads, whatever the server says (default 1000: 100,000 records). A list
   * longer than that is an `IncompleteListError`, never a short list.
   */
  maxPages?: number;
  /**
   * Pages requested at once once the first page has given the totals (default 4, at most 16);
   * 1 = one page after the other. Without totals the walk is always one page at a time.
   */
  concurrency?: number;
  /** After a "busy" notice the walk goes on one request at a time (set by `client.iterate`). */
  busy?: BusySignal;
  /** The store an `IncompleteListError` names (set by `client.iterate`). */
  store?: string;
  /** The operation it names, e.g. "Get many orders (Return All)"; default "Read a whole list". */
  operation?: string;
  /** How to read this list in parts when the cap stops it (the catalogue's `inParts`); default: a Limit. */
  inParts?: string;
}

/** A walk's defaults and its ceiling on parallel pages (n8n's Parallel Requests offers 1 to `maxConcurrency`). */
export const PAGING_LIMITS = { maxPages: 1000, concurrency: 4, maxConcurrency: 16 } as const;

type FetchPage<T> = (page: number, perPage: number) => Promise<Page<T>>;

/**
 * Walks pages 1, 2, ... and yields records in page order. The list has ended on an empty page, a short
 * page, a page longer than asked (the store ignored paging and sent everything) or past
 * `X-WP-TotalPages`; the walk also stops at `limit`. It fails (`IncompleteListError`, after the records
 * read so far) when more records are wanted but it cannot go on: past `maxPages`, or on a page that
 * repeats the one before (a store that ignores `page`) unless the store's total says nothing is missing.
 *
 * When page 1 carries `X-WP-TotalPages` or `X-WP-Total`, the following pages (only as many as `limit`
 * needs) are requested `concurrency` at a time; no more than `concurrency` pages are ever held ahead
 * of the consumer. A busy notice during the walk drops it to one request at a time for the rest of it.
 */
export async function* paginate<T>(
  fetchPage: FetchPage<T>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const limit = Number.isFinite(options.limit) ? Number(options.limit) : Number.POSITIVE_INFINITY;
  if (limit <= 0) return;
  const perPage = clamp(Math.min(Number.isFinite(options.perPage) ? Number(options.perPage) : 100, limit), 1, 100);
  const maxPages = Math.max(1, options.maxPages ?? PAGING_LIMITS.maxPages);
  const concurrency = clamp(
    Number.isFinite(options.concurrency) ? Number(options.concurrency) : PAGING_LIMITS.concurrency,
    1,
    PAGING_LIMITS.maxConcurrency,
  );

  const context = { store: options.store ?? 'the store', operation: options.operation ?? 'Read a whole list' };
  const rules = new StopRules<T>(perPage, limit, new Stops(context, perPage, maxPages, options.inParts));
  const first = await fetchPage(1, perPage);
  rules.total = first.total;
  const lastPage = lastPageOf(first, perPage);
  const needed = Number.isFinite(limit) ? Math.ceil(limit / perPage) : Number.POSITIVE_INFINITY;
  // Known from page 1: the pages wanted exceed the cap. Fail before any record is returned.
  if (lastPage !== undefined && Math.min(lastPage, needed) > maxPages) throw rules.stops.pageLimit(0, first.total);
  if (concurrency > 1 && lastPage !== undefined) {
    const walkTo = Math.min(lastPage, needed);
    yield* parallelWalk(fetchPage, first, rules, walkTo, concurrency, options.busy);
    return;
  }

  let page = 1;
  let current = first;
  for (;;) {
    const { take, more } = rules.accept(current.items, page);
    yield* take;
    if (!more) return;
    if (current.totalPages !== undefined && page >= current.totalPages) return;
    page += 1;
    if (page > maxPages) throw rules.stops.pageLimit(rules.yielded, current.total);
    current = await fetchPage(page, perPage);
  }
}

/** Pages 2..`lastPage` requested ahead in a window of `concurrency`, yielded in page order. */
async function* parallelWalk<T>(
  fetchPage: FetchPage<T>,
  first: Page<T>,
  rules: StopRules<T>,
  lastPage: number,
  concurrency: number,
  busy: BusySignal | undefined,
): AsyncGenerator<T, void, undefined> {
  let window = concurrency;
  const unsubscribe = busy?.subscribe(() => {
    window = 1;
  });
  // Requested pages not yet handed to the consumer; never more than `window` of them.
  const ahead = new Map<number, Promise<Page<T>>>();
  let nextToRequest = 2;
  const fill = (): void => {
    while (ahead.size < window && nextToRequest <= lastPage) {
      const request = fetchPage(nextToRequest, rules.perPage);
      // A page dropped because the walk ended early must not surface as an unhandled rejection.
      request.catch(() => undefined);
      ahead.set(nextToRequest, request);
      nextToRequest += 1;
    }
  };
  try {
    fill();
    const opening = rules.accept(first.items, 1);
    yield* opening.take;
    if (!opening.more) return;
    for (let page = 2; page <= lastPage; page += 1) {
      fill();
      const request = ahead.get(page);
      if (!request) return;
      const current = await request;
      ahead.delete(page);
      const { take, more } = rules.accept(current.items, page);
      // Ask for the next pages before the consumer works through this one.
      if (more) fill();
      yield* take;
      if (!more) return;
    }
  } finally {
    unsubscribe?.();
  }
}

/** The stop rules, page by page: which records to yield and whether the walk goes on. */
class StopRules<T> {
  yielded = 0;
  /** `X-WP-Total` of page 1, when the store sent it. */
  total: number | undefined;
  private previous: T[] | undefined;

  constructor(
    readonly perPage: number,
    private readonly limit: number,
    readonly stops: Stops,
  ) {}

  accept(items: T[], page: number): { take: T[]; more: boolean } {
    if (items.length === 0) return { take: [], more: false };
    if (this.previous !== undefined && samePage(this.previous, items)) {
      // The store ignores `page`: the records after these cannot be read, unless its total says none are missing.
      if (this.total === undefined || this.yielded < Math.min(this.total, this.limit))
        throw this.stops.repeatedPage(this.yielded, page);
      return { take: [], more: false };
    }
    this.previous = items;
    const room = this.limit - this.yielded;
    const take = items.length <= room ? items : items.slice(0, room);
    this.yielded += take.length;
    const more = this.yielded < this.limit && items.length === this.perPage;
    return { take, more };
  }
}

/** The errors of a walk that cannot reach the end of its list: what was read, why it stopped, what to do. */
class Stops {
  constructor(
    private readonly context: { store: string; operation: string },
    private readonly perPage: number,
    private readonly maxPages: number,
    /** The list's own advice (the catalogue's `inParts`); without it, one that any list can follow. */
    private readonly inParts: string | undefined,
  ) {}

  pageLimit(read: number, total: number | undefined): IncompleteListError {
    const most = this.maxPages * this.perPage;
    const has = total !== undefined ? `the store has ${count(total)}` : 'the list did not end there';
    return new IncompleteListError(
      this.context,
      `it stopped after reading ${count(read)}: one walk reads at most ${this.maxPages} pages (${count(most)}) and ${has}`,
      this.inParts ?? `Set a Limit of at most ${count(most)} to read the first ones the store lists.`,
      'page-limit',
      read,
    );
  }

  repeatedPage(read: number, page: number): IncompleteListError {
    return new IncompleteListError(
      this.context,
      `it stopped after reading ${count(read)}: the store sent the same records for page ${page} as for page ${page - 1}, so it ignores paging and the records after these cannot be read`,
      'Check that no caching or security plugin caches the API (the page number travels in the query string), or update Studiocart.',
      'repeated-page',
      read,
    );
  }
}

function count(records: number): string {
  return `${records.toLocaleString('en-US')} ${records === 1 ? 'record' : 'records'}`;
}

/** The last page the store announced (`X-WP-TotalPages`, else from `X-WP-Total`); undefined without totals. */
function lastPageOf(first: Page<unknown>, perPage: number): number | undefined {
  if (first.totalPages !== undefined) return first.totalPages;
  if (first.total !== undefined) return Math.ceil(first.total / perPage);
  return undefined;
}

/** Same records in the same order; cheap when pages differ, which is the usual case. */
function samePage<T>(a: T[], b: T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i] && JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
  }
  return true;
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
