import type { CommerceServiceClient } from '../client';
import type { PlatformLog } from '../platform/port';
import { matchesFilters, type EventFilters } from '../events/match';
import type { EventRecord } from '../events/record';
import { placeInSubscriptions } from '../reads/subscriptionCharges';
import { omit } from '../resources/pick';
import { SiteMemory } from '../siteMemory';
import type { Order, Subscription } from '../resources/records';
import { type PollState, openState, resourceWalks } from './memory';
import { type PollRule, pollRuleOf } from './rules';

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

const DEFAULT_POLL_LIMITS: PollLimits = {
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

const SILENT: PlatformLog = { info: () => undefined, warn: () => undefined };

export async function pollEvents(options: PollOptions): Promise<PollResult> {
  const { filters } = options;
  const rule = pollRuleOf(filters.event, options.client.store.label);
  const limits = { ...DEFAULT_POLL_LIMITS, ...options.limits };
  const logger = options.logger ?? SILENT;
  const now = (options.now ?? (() => new Date()))().toISOString();
  const { state, settled } = openState(options.state, options.client.store.label, now);
  const { client, withSite } = siteOfState(options.client, state);
  const memory = state.resources[rule.resource];
  const walks = resourceWalks(client, rule.resource, limits);

  if (!memory) {
    const first = await walks.firstLook();
    state.resources[rule.resource] = first.memory;
    logger.info(
      `First poll of ${rule.resource} on ${client.store.label}: nothing before now is emitted; changes from here on are.`,
    );
    return { events: [], state: withSite(), more: false, requests: first.requests, firstLook: true };
  }

  const walk = await walks.changes(memory);
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
    const lookup = await findRenewals(client, rule, changedOrders, logger);
    renewals = lookup.renewals;
    requests += lookup.requests;
  }

  const events: EventRecord[] = [];
  const processed: typeof walk.changes = [];
  const deferred: typeof walk.changes = [];
  for (const change of oldestFirst) {
    if (events.length >= limits.maxEvents) {
      deferred.push(change);
      continue;
    }
    processed.push(change);
    if (!happened(rule, change.record, change.before?.[1], memory.cursor, renewals)) continue;
    const item = { ...(change.record as unknown as Record<string, unknown>), trigger: filters.event } as EventRecord;
    if (matchesFilters(item, filters)) events.push(item);
  }
  if (deferred.length > 0) {
    logger.info(
      `Emitted ${events.length} events; ${deferred.length} more changes of ${rule.resource} follow on the next poll.`,
    );
  }
  state.resources[rule.resource] = walks.remember(memory, processed, deferred);
  return { events, state: settled(withSite()), more: deferred.length > 0, requests, firstLook: false };
}

/**
 * The site's zone and unit as the trigger's state keeps them (docs/polling.md): this poll's client
 * remembers them in a memory of its own, seeded from the state before it reads anything, and
 * `withSite` writes what it knows after the poll back into the state. A state from before `site` was
 * kept has the unit alone: it is trusted for one lifetime from now.
 */
function siteOfState(
  client: CommerceServiceClient,
  state: PollState,
): { client: CommerceServiceClient; withSite: () => PollState } {
  const { store } = client;
  const memory = new SiteMemory();
  if (state.site) memory.restore(store, state.site);
  else if (state.amountUnit) memory.keep(store, 'unit', { unit: state.amountUnit });
  const withSite = (): PollState => {
    const site = memory.factsOf(store);
    const unit = site.unit?.value.unit;
    const rest = omit(state, 'amountUnit', 'site');
    return { ...rest, ...(unit ? { amountUnit: unit } : {}), ...(site.zone || site.unit ? { site } : {}) };
  };
  return { client: client.withMemory(memory), withSite };
}

/** Whether the trigger's event happened to this record since the last poll (`statusBefore`: as memory held it). */
function happened(
  rule: PollRule,
  record: Order | Subscription,
  statusBefore: string | undefined,
  cursor: number,
  renewals: ReadonlySet<number>,
): boolean {
  if (!rule.shows(record, renewals)) return false;
  if (statusBefore !== undefined) return !rule.shows({ ...record, status: statusBefore }, renewals);
  // Not remembered: new when its id is past the cursor; otherwise an older record that just changed,
  // which can only tell a transition (its status before is unknown).
  return record.id > cursor || rule.kind === 'transition';
}

/**
 * Which of these orders are renewals (a subscription's later charge) rather than purchases, read from the
 * recently changed subscriptions (`placeInSubscriptions`): a renewal changes its subscription, which lists
 * it as a later invoice. REST orders do not name their subscription, and an item's `sub_summary` is price
 * text on one-off items too, so only the subscriptions tell. An order the lookup could not place (more
 * subscriptions changed than it reads) stays a purchase, said in the log, rather than move to another event.
 */
async function findRenewals(
  client: CommerceServiceClient,
  rule: PollRule,
  orders: readonly Order[],
  logger: PlatformLog,
): Promise<{ renewals: Set<number>; requests: number }> {
  // Only orders that would show the event as a purchase or as a renewal need placing (paid ones).
  const candidates = orders.filter((order) => rule.shows(order, new Set()) || rule.shows(order, new Set([order.id])));
  const { later, unplaced, requests } = await placeInSubscriptions(
    client,
    candidates.map((order) => order.id),
  );
  if (unplaced.size > 0) {
    logger.warn(
      `${unplaced.size} new orders on ${client.store.label} were not found among the recently changed subscriptions, so whether they are renewals cannot be told: they count as purchases.`,
    );
  }
  return { renewals: later, requests };
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
  const walks = resourceWalks(client, rule.resource, DEFAULT_POLL_LIMITS);
  for (let page = 1; page <= (options.pages ?? 3); page += 1) {
    const { items, last } = await walks.page(page, options.pageSize ?? 100);
    const renewals = rule.needsRenewals
      ? (await findRenewals(client, rule, items as Order[], SILENT)).renewals
      : new Set<number>();
    for (const record of items) {
      if (!rule.shows(record, renewals)) continue;
      const item = { ...(record as unknown as Record<string, unknown>), trigger: filters.event } as EventRecord;
      if (matchesFilters(item, filters)) return item;
    }
    if (last) break;
  }
  return null;
}
