import { createHash } from 'node:crypto';
import type { DatedListParams } from '../operations/buildRequest';
import { withoutInstants } from '../resources/instants';
import { type MoneyUnit, withAmountsAsSent } from '../resources/money';
import { DELIVERY_FIELDS } from '../resources/tables';
import type { Page } from '../paginate';
import { isRecord } from '../resources/coerce';
import type { Order, Subscription } from '../resources/records';
import type { CommerceServiceClient } from '../client';
import type { KeptFacts } from '../siteMemory';
import type { PollResource } from './rules';

/**
 * What a polling trigger keeps between polls, and the walks that keep it (docs/polling.md). The state
 * is plain JSON, so n8n's static data (or any key-value store) can hold it. It depends on the store
 * only, not on the trigger's event or filters: editing them never replays what was already looked at.
 *
 * A walk goes down a REST list sorted by `date_modified`, newest change first: what changed since the
 * records memory holds. Records the store does not show a modification date for, so the walk ends where
 * it meets a run of records memory holds unchanged.
 */

/** One record as last seen: id, status, and a short fingerprint of everything the store showed. */
type SeenRecord = [id: number, status: string, fingerprint: string];

interface ResourceMemory {
  /** The highest record id accounted for: a record with a greater id that memory does not hold is new. */
  cursor: number;
  /** Records seen, most recently changed first, at most `PollLimits.memory` of them. */
  seen: SeenRecord[];
}

export interface PollState {
  version: 1;
  /** The store (host and sub-folder) this memory belongs to; another store starts afresh. */
  store: string;
  /** When the first poll looked at the store (the injected clock, ISO 8601). */
  since: string;
  /** When the latest poll that changed this memory ran (ISO 8601): a quiet poll changes nothing. */
  polledAt: string;
  resources: Partial<Record<PollResource, ResourceMemory>>;
  /** The unit of the store's REST amounts once a poll could tell it (docs/amounts.md), as `site.unit` has it. */
  amountUnit?: MoneyUnit;
  /** The site's zone and unit as the last poll knew them, each with its lifetime: later polls make no reading. */
  site?: KeptFacts;
}

/**
 * This poll's state, dated `now`: what the previous poll kept (`raw`, as persisted), or a fresh one.
 * `settled(kept)` is what to hand back after the poll: a poll that changed no memory gives back the
 * state it was given, `polledAt` included, so a host that writes the state only when it changed (n8n's
 * durable poll cursor, docs/polling.md) writes nothing for a quiet poll.
 */
export function openState(raw: unknown, store: string, now: string) {
  const previous = readPollState(raw, store);
  const state: PollState = previous
    ? { ...previous, polledAt: now, resources: { ...previous.resources } }
    : { version: 1, store, since: now, polledAt: now, resources: {} };
  const settled = (kept: PollState): PollState =>
    !previous || JSON.stringify(previous.resources) !== JSON.stringify(kept.resources)
      ? kept
      : { ...kept, polledAt: previous.polledAt };
  return { state, settled };
}

/** Reads persisted state back; anything unreadable, of another version or of another store is `null` (start afresh). */
function readPollState(raw: unknown, store: string): PollState | null {
  if (!isRecord(raw) || raw.version !== 1 || raw.store !== store || !isRecord(raw.resources)) return null;
  const resources: PollState['resources'] = {};
  for (const name of ['orders', 'subscriptions'] as const) {
    const memory = readMemory(raw.resources[name]);
    if (memory) resources[name] = memory;
  }
  const since = typeof raw.since === 'string' ? raw.since : '';
  const polledAt = typeof raw.polledAt === 'string' ? raw.polledAt : '';
  const amountUnit = raw.amountUnit === 'decimal' || raw.amountUnit === 'cents' ? raw.amountUnit : undefined;
  // `site` is checked value by value where it is read (`SiteMemory.restore`).
  const site = isRecord(raw.site) ? (raw.site as KeptFacts) : undefined;
  return {
    version: 1,
    store,
    since,
    polledAt,
    resources,
    ...(amountUnit ? { amountUnit } : {}),
    ...(site ? { site } : {}),
  };
}

function readMemory(raw: unknown): ResourceMemory | undefined {
  if (!isRecord(raw) || typeof raw.cursor !== 'number' || !Number.isFinite(raw.cursor) || !Array.isArray(raw.seen))
    return undefined;
  const seen = raw.seen.filter(
    (entry: unknown): entry is SeenRecord =>
      Array.isArray(entry) &&
      entry.length === 3 &&
      typeof entry[0] === 'number' &&
      typeof entry[1] === 'string' &&
      typeof entry[2] === 'string',
  );
  return { cursor: raw.cursor, seen };
}

type Listed = Order | Subscription;

interface Change {
  record: Listed;
  fingerprint: string;
  /** What memory held for it, when it did. */
  before?: SeenRecord;
}

interface WalkLimits {
  pageSize: number;
  /** Records remembered per resource. */
  memory: number;
  /** Pages remembered by the first look. */
  firstPollPages: number;
  /** Records memory holds unchanged, in a row, that end the walk. */
  stopRun: number;
  /** Changed records at most per walk; past it, older changes are out of reach (a log line says so). */
  maxWalk: number;
}

interface WalkResult {
  /** Newest change first, each record once. */
  changes: Change[];
  /** Requests made. */
  requests: number;
  /** `maxWalk` was reached before the walk met what memory holds. */
  truncated: boolean;
}

type ListPage = (params: DatedListParams) => Promise<Page<Listed>>;

/**
 * One page of a list, most recently modified first, and whether it is the last one (short, or at the
 * store's page count): every walk of the engine reads the store this way.
 */
async function modifiedPage(
  list: ListPage,
  page: number,
  pageSize: number,
): Promise<{ items: Listed[]; last: boolean }> {
  const { items, totalPages } = await list({ orderby: 'date_modified', order: 'desc', page, per_page: pageSize });
  return { items, last: items.length < pageSize || (totalPages !== undefined && page >= totalPages) };
}

/**
 * Of the store's own fields only: the instants the client adds depend on the site's zone setting, and a
 * change of that setting between polls must not make every remembered record look changed (docs/dates.md).
 * Amounts likewise, as the store sent them: a poll that could not tell their unit and one that could
 * see the same record (docs/amounts.md).
 */
function fingerprintOf(record: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify(withAmountsAsSent(withoutInstants(record), DELIVERY_FIELDS)))
    .digest('base64')
    .slice(0, 12);
}

async function walkChanges(
  list: ListPage,
  memory: ReadonlyMap<number, SeenRecord>,
  limits: WalkLimits,
): Promise<WalkResult> {
  const changes: Change[] = [];
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

/**
 * Processed changes go first (most recent change first), then what memory held; deferred changes keep
 * their old entry so the next poll still sees them as changes. The cursor never passes a deferred new record.
 */
function remember(memory: ResourceMemory, processed: Change[], deferred: Change[], size: number): ResourceMemory {
  const fresh: SeenRecord[] = [...processed]
    .reverse()
    .map((change) => [change.record.id, String(change.record.status ?? ''), change.fingerprint]);
  const ids = new Set(fresh.map((entry) => entry[0]));
  const seen = [...fresh, ...memory.seen.filter((entry) => !ids.has(entry[0]))].slice(0, size);
  let cursor = Math.max(memory.cursor, ...processed.map((change) => change.record.id));
  const waiting = deferred
    .filter((change) => !change.before && change.record.id > memory.cursor)
    .map((change) => change.record.id);
  if (waiting.length > 0) cursor = Math.min(cursor, Math.min(...waiting) - 1);
  return { cursor, seen };
}

/** The first poll remembers the most recently changed records and the highest id, and emits nothing. */
async function firstLook(list: ListPage, limits: WalkLimits): Promise<{ memory: ResourceMemory; requests: number }> {
  const seen: SeenRecord[] = [];
  let requests = 0;
  let cursor = 0;
  for (let page = 1; page <= limits.firstPollPages; page += 1) {
    const { items, last } = await modifiedPage(list, page, limits.pageSize);
    requests += 1;
    for (const record of items) {
      if (seen.some((entry) => entry[0] === record.id)) continue;
      seen.push([record.id, String(record.status ?? ''), fingerprintOf(record)]);
      cursor = Math.max(cursor, record.id);
    }
    if (last) break;
  }
  // The newest record by id may not be among the most recently changed ones.
  const newest = await list({ orderby: 'id', order: 'desc', page: 1, per_page: 1 });
  requests += 1;
  for (const record of newest.items) cursor = Math.max(cursor, record.id);
  return { memory: { cursor, seen: seen.slice(0, limits.memory) }, requests };
}

/**
 * One resource of the store (orders or subscriptions) as a poll reads it: one page, most recently modified
 * first; the first look; the walk down to what `memory` holds; and the memory to keep after a poll.
 */
export function resourceWalks(client: CommerceServiceClient, resource: PollResource, limits: WalkLimits) {
  const list: ListPage =
    resource === 'orders' ? (params) => client.listOrders(params) : (params) => client.listSubscriptions(params);
  return {
    page: (page: number, pageSize = limits.pageSize) => modifiedPage(list, page, pageSize),
    firstLook: () => firstLook(list, limits),
    changes: (memory: ResourceMemory) =>
      walkChanges(list, new Map(memory.seen.map((entry) => [entry[0], entry] as const)), limits),
    remember: (memory: ResourceMemory, processed: Change[], deferred: Change[]) =>
      remember(memory, processed, deferred, limits.memory),
  };
}
