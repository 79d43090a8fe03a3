/** One paginator for every REST list: it never trusts a server to end the walk. */

export interface Page<T> {
  items: T[];
  /** From `X-WP-Total`, when the store sent it. */
  total?: number;
  /** From `X-WP-TotalPages`, when the store sent it. */
  totalPages?: number;
}

export interface PaginateOptions {
  /** Stop after this many records; all of them when omitted. */
  limit?: number;
  /** Records asked per page, 1 to 100 (default 100); never more than `limit`. */
  perPage?: number;
  /** Hard cap on pages fetched, whatever the server says (default 1000). */
  maxPages?: number;
}

export const DEFAULT_MAX_PAGES = 1000;

/**
 * Walks pages 1, 2, ... and yields records. Stops at `limit`, on an empty page, a short page, a page
 * that repeats the previous one, past `X-WP-TotalPages`, and at `maxPages`.
 */
export async function* paginate<T>(
  fetchPage: (page: number, perPage: number) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const limit = Number.isFinite(options.limit) ? Number(options.limit) : Number.POSITIVE_INFINITY;
  if (limit <= 0) return;
  const perPage = clamp(Math.min(Number.isFinite(options.perPage) ? Number(options.perPage) : 100, limit), 1, 100);
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  let yielded = 0;
  let previous: string | undefined;
  for (let page = 1; page <= maxPages; page += 1) {
    const { items, totalPages } = await fetchPage(page, perPage);
    if (items.length === 0) return;
    const signature = JSON.stringify(items);
    if (signature === previous) return;
    previous = signature;
    for (const item of items) {
      yield item;
      yielded += 1;
      if (yielded >= limit) return;
    }
    if (items.length < perPage) return;
    if (totalPages !== undefined && page >= totalPages) return;
  }
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
