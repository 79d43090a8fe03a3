import type { Page } from '../paginate';

/** A list answer as a page: its records, and the store's totals where its headers give them. */
export function pageOf<T>(items: T[], headers: Readonly<Record<string, string | undefined>>): Page<T> {
  const total = headerCount(headers['x-wp-total']);
  const totalPages = headerCount(headers['x-wp-totalpages']);
  return {
    items,
    ...(total !== undefined ? { total } : {}),
    ...(totalPages !== undefined ? { totalPages } : {}),
  };
}

/** A count header (`X-WP-Total`, `X-WP-TotalPages`); absent, empty or unreadable is unknown, not 0. */
function headerCount(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const count = Number(header);
  return Number.isFinite(count) ? count : undefined;
}
