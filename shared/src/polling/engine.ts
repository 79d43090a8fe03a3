import type { CommerceServiceClient } from '../storeApi';
import type { PlatformLog } from '../platform/port';
import { matchesFilters, type EventFilters } from '../events/match';
import type { EventRecord } from '../events/record';
import { findRenewals } from '../reads/subscriptionCharges';
import type { Order, Subscription } from '../resources/types';
import { factsOf, pollRuleOf, type PollRule } from './rules';
import { type PollResource, type PollState, readPollState, type ResourceMemory, type SeenRecord } from './state';
import { fingerprintOf, modifiedPage, type Change, type ListPage, walkChanges } from './walk';

/**
 * The polling trigger, platform-neutral (docs/polling.md): every matching event since the last poll, oldest
 * first, shaped as its webhook delivery (the REST record plus `trigger`), and the state to keep.
 */

interface PollLimits {
  /** Records asked per page (1 to 100). */
  pageSize: number;
  /** Events emitted per poll at most; the rest follow on the next poll. */
  maxEvents: number;
  /** Records remembered per resource (JSON: about 30 bytes each). */
  memory: number;
  /** Unchanged remembered records in a row that end a walk. */
  stopRun: number;
  /** Changed records a poll walks at most per resource. */
  maxWalk: number;
  /** Pages remembered by the first poll. */
  firstPollPages: number;
}

export const DEFAULT_POLL_LIMITS: PollLimits = {
  pageSize: 50,
  maxEvents: 1000,
  memory: 2000,
  stopRun: 10,
  maxWalk: 10_000,
  firstPollPages: 5,
};

interface PollOptions {
  client: CommerceServiceClient;
  /** The trigger's event and its Product and Plans filters, as for the webhook trigger. */
  filters: EventFilters;
  /** What the previous poll returned as `state`, as persisted (anything unreadable starts afresh). */
  state: unknown;
  /** The time now; injected so tests and platforms decide. */
  now?: () => Date;
  logger?: PlatformLog;
  limits?: Partial<PollLimits>;
}

interface PollResult {
  /** Oldest first. */
  events: EventRecord[];
  /** To persist as it is, and pass back to the next poll. */
  state: PollState;
  /** More changes wait for the next poll (`maxEvents` reached). */
  more: boolean;
  /** Requests made to the store. */
  requests: number;
  /** This poll took a first look at the resource (no memory of it, or memory of another store): it emitted nothing. */
  firstLook: boolean;
}

type Listed = Order | Subscription;

const SILENT: PlatformLog = { info: () => undefined, warn: () => undefined };

function lister(client: CommerceServiceClient, resource: PollResource): ListPage<Listed> {
  return resource === 'orders' ? (params) => client.listOrders(params) : (params) => client.listSubscriptions(params);
}

export async function pollEvents(options: PollOptions): Promise<PollResult> {
  const { client, filters } = options;
  const rule = pollRuleOf(filters.event, client.store.label);
  const limits = { ...DEFAULT_POLL_LIMITS, ...options.limits };
  const logger = options.logger ?? SILENT;
  const now = (options.now ?? (() => new Date()))().toISOString();
  const previous = readPollState(options.state, client.store.label);
  const state: PollState = previous
    ? { ...previous, polledAt: now, resources: { ...previous.resources } }
    : { version: 1, store: client.store.label, since: now, polledAt: now, resources: {} };
  const memory = state.resources[rule.resource];
  const list = lister(client, rule.resource);
  const withUnit = client.amounts.keptIn(state);

  if (!memory) {
    const first = await firstLook(list, limits);
    state.resources[rule.resource] = first.memory;
    logger.info(
      `First poll of ${rule.resource} on ${client.store.label}: nothing before now is emitted; changes from here on are.`,
    );
    return { events: [], state: withUnit(), more: false, requests: first.requests, firstLook: true };
  }

  const seen = new Map(memory.seen.map((entry) => [entry[0], entry] as const));
  const walk = await walkChanges(list, seen, limits);
  let requests = walk.requests;
  if (walk.truncated) {
    logger.warn(
      `More than ${limits.maxWalk} ${rule.resource} changed on ${client.store.label} since the last poll: older changes than these are skipped.`,
    );
  }
  const oldestFirst = [...walk.changes].reverse();
  let renewals = new Set<number>();
  if (rule.needsRenewals) {
    const changedOrders = oldestFirst.map((change) => change.record as Order);
    const lookup = await findRenewals(client, changedOrders);
    renewals = lookup.renewals;
    requests += lookup.requests;
  }

  const events: EventRecord[] = [];
  const processed: Change<Listed>[] = [];
  const deferred: Change<Listed>[] = [];
  for (const change of oldestFirst) {
    if (events.length >= limits.maxEvents) {
      deferred.push(change);
      continue;
    }
    processed.push(change);
    if (!happened(rule, change, memory.cursor, renewals)) continue;
    const item = { ...(change.record as unknown as Record<string, unknown>), trigger: filters.event } as EventRecord;
    if (matchesFilters(item, filters)) events.push(item);
  }
  if (deferred.length > 0) {
    logger.info(
      `Emitted ${events.length} events; ${deferred.length} more changes of ${rule.resource} follow on the next poll.`,
    );
  }
  state.resources[rule.resource] = remember(memory, processed, deferred, limits.memory);
  return { events, state: settled(previous, withUnit()), more: deferred.length > 0, requests, firstLook: false };
}

/**
 * A poll that changed no memory gives back the state it was given, `polledAt` included: a host that
 * writes the state only when it changed (n8n's durable poll cursor, docs/polling.md) then writes
 * nothing for a quiet poll.
 */
function settled(previous: PollState | null, state: PollState): PollState {
  if (!previous || JSON.stringify(previous.resources) !== JSON.stringify(state.resources)) return state;
  return { ...state, polledAt: previous.polledAt };
}

/** Whether the trigger's event happened to this record since the last poll. */
function happened(rule: PollRule, change: Change<Listed>, cursor: number, renewals: ReadonlySet<number>): boolean {
  const facts = factsOf(change.record, renewals);
  if (!rule.passed(facts)) return false;
  if (change.before) return !rule.passed({ ...facts, status: change.before[1] });
  // Not remembered: new when its id is past the cursor; otherwise an older record that just changed,
  // which can only tell a transition (its status before is unknown).
  return change.record.id > cursor || rule.kind === 'transition';
}

/**
 * Processed changes go first (most recent change first), then what memory held; deferred changes keep
 * their old entry so the next poll still sees them as changes. The cursor never passes a deferred new record.
 */
function remember(
  memory: ResourceMemory,
  processed: Change<Listed>[],
  deferred: Change<Listed>[],
  size: number,
): ResourceMemory {
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
async function firstLook(
  list: ListPage<Listed>,
  limits: PollLimits,
): Promise<{ memory: ResourceMemory; requests: number }> {
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

interface LatestOptions {
  client: CommerceServiceClient;
  filters: EventFilters;
  /** Pages of recently changed records looked through (default 3). */
  pages?: number;
  pageSize?: number;
}

/**
 * For a manual test ("Fetch Test Event"): the newest record that shows the event and fits the filters,
 * shaped as its event; `null` when none of the recently changed records does. Keeps no state.
 */
export async function latestEvent(options: LatestOptions): Promise<EventRecord | null> {
  const { client, filters } = options;
  const rule = pollRuleOf(filters.event, client.store.label);
  const list = lister(client, rule.resource);
  const pageSize = options.pageSize ?? 100;
  for (let page = 1; page <= (options.pages ?? 3); page += 1) {
    const { items, last } = await modifiedPage(list, page, pageSize);
    const renewals = rule.needsRenewals ? (await findRenewals(client, items as Order[])).renewals : new Set<number>();
    for (const record of items) {
      if (!rule.passed(factsOf(record, renewals))) continue;
      const item = { ...(record as unknown as Record<string, unknown>), trigger: filters.event } as EventRecord;
      if (matchesFilters(item, filters)) return item;
    }
    if (last) break;
  }
  return null;
}
