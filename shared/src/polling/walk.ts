import { createHash } from 'node:crypto';
import type { DatedListParams } from '../operations/inputs';
import { withoutInstants } from '../dates/fields';
import { withAmountsAsSent } from '../resources/money';
import { DELIVERY_FIELDS } from '../resources/tables';
import type { Page } from '../paginate';
import type { SeenRecord } from './state';

/**
 * One walk down a REST list sorted by `date_modified`, newest change first: what changed since the
 * records memory holds (docs/polling.md). Records the store does not show a modification date for, so
 * the walk ends where it meets a run of records memory holds unchanged.
 */

interface Listed {
  id: number;
  status: string;
}

export interface Change<T extends Listed> {
  record: T;
  fingerprint: string;
  /** What memory held for it, when it did. */
  before?: SeenRecord;
}

interface WalkLimits {
  pageSize: number;
  /** Records memory holds unchanged, in a row, that end the walk. */
  stopRun: number;
  /** Changed records at most per walk; past it, older changes are out of reach (a log line says so). */
  maxWalk: number;
}

interface WalkResult<T extends Listed> {
  /** Newest change first, each record once. */
  changes: Change<T>[];
  /** Requests made. */
  requests: number;
  /** `maxWalk` was reached before the walk met what memory holds. */
  truncated: boolean;
}

export type ListPage<T> = (params: DatedListParams) => Promise<Page<T>>;

/**
 * One page of a list, most recently modified first, and whether it is the last one (short, or at the
 * store's page count): every walk of the engine reads the store this way.
 */
export async function modifiedPage<T>(
  list: ListPage<T>,
  page: number,
  pageSize: number,
): Promise<{ items: T[]; last: boolean }> {
  const { items, totalPages } = await list({ orderby: 'date_modified', order: 'desc', page, per_page: pageSize });
  return { items, last: items.length < pageSize || (totalPages !== undefined && page >= totalPages) };
}

/**
 * Of the store's own fields only: the instants the client adds depend on the site's zone setting, and a
 * change of that setting between polls must not make every remembered record look changed (docs/dates.md).
 * Amounts likewise, as the store sent them: a poll that could not tell their unit and one that could
 * see the same record (docs/amounts.md).
 */
export function fingerprintOf(record: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify(withAmountsAsSent(withoutInstants(record), DELIVERY_FIELDS)))
    .digest('base64')
    .slice(0, 12);
}

export async function walkChanges<T extends Listed>(
  list: ListPage<T>,
  memory: ReadonlyMap<number, SeenRecord>,
  limits: WalkLimits,
): Promise<WalkResult<T>> {
  const changes: Change<T>[] = [];
  const met = new Set<number>();
  let run = 0;
  let requests = 0;
  for (let page = 1; ; page += 1) {
    const { items, last } = await modifiedPage(list, page, limits.pageSize);
    requests += 1;
    for (const record of items) {
      // A record changed while we walk moves to the top: met twice, counted once.
      if (met.has(record.id)) continue;
      met.add(record.id);
      const fingerprint = fingerprintOf(record);
      const before = memory.get(record.id);
      if (before && before[2] === fingerprint) {
        run += 1;
        if (run >= limits.stopRun) return { changes, requests, truncated: false };
        continue;
      }
      run = 0;
      changes.push({ record, fingerprint, ...(before ? { before } : {}) });
      if (changes.length >= limits.maxWalk) return { changes, requests, truncated: true };
    }
    if (last) return { changes, requests, truncated: false };
  }
}
