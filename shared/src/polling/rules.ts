import { ConfigurationError } from '../errors';
import type { EventKind } from '../events/catalogue';
import { normaliseStatus } from '../events/statusFit';
import { toNumber } from '../resources/coerce';
import type { Order, Subscription } from '../resources/records';

/**
 * Which events the REST API can show, and how a record's status tells that one happened
 * (docs/polling.md). `creation` events happen when the record is made: a record the trigger has not
 * seen being made (older than its memory) cannot tell them. `transition` events are a status the
 * record moves into: seen as a change of the status remembered, or, for a record memory does not hold,
 * as the record showing that status after it changed.
 */

type PollableEvent = Exclude<EventKind['key'], 'lead'>;

interface RecordFacts {
  status: string;
  /** A subscription with a free trial (`trial_days` > 0). */
  hasTrial: boolean;
  /** An order that is a subscription's later charge, not its first payment. */
  isRenewal: boolean;
}

/** Which list a poll watches; its event's rule decides. */
export type PollResource = 'orders' | 'subscriptions';

interface EventRule {
  resource: PollResource;
  kind: 'creation' | 'transition';
  /** Whether a record with these facts has been through the event. */
  passed(facts: RecordFacts): boolean;
  /** Orders only: the rule needs to know which orders are renewals. */
  needsRenewals?: boolean;
}

const PAID = ['paid', 'completed', 'refunded'];
const STARTED = ['trialing', 'active', 'past_due', 'paused', 'canceled', 'cancelled', 'completed'];

const inStatus =
  (statuses: readonly string[]) =>
  (facts: RecordFacts): boolean =>
    statuses.includes(normaliseStatus(facts.status));

/** An event's rule, with `shows`: whether a record has been through the event (`renewals`: orders known to be renewals). */
export interface PollRule extends EventRule {
  shows(record: Order | Subscription, renewals: ReadonlySet<number>): boolean;
}

const POLL_RULES: Readonly<Record<PollableEvent, EventRule>> = {
  // A refunded order was paid first; a renewal is not a purchase.
  purchased: {
    resource: 'orders',
    kind: 'creation',
    needsRenewals: true,
    passed: (f) => inStatus(PAID)(f) && !f.isRenewal,
  },
  renewal: {
    resource: 'orders',
    kind: 'creation',
    needsRenewals: true,
    passed: (f) => inStatus(PAID)(f) && f.isRenewal,
  },
  // Only while it waits: a cash-on-delivery order already paid when first seen cannot be told from a card payment.
  pending: { resource: 'orders', kind: 'creation', passed: inStatus(['pending-payment', 'pending']) },
  failed: { resource: 'orders', kind: 'creation', passed: inStatus(['failed']) },
  refunded: { resource: 'orders', kind: 'transition', passed: inStatus(['refunded']) },
  active: { resource: 'subscriptions', kind: 'creation', passed: (f) => !f.hasTrial && inStatus(STARTED)(f) },
  trialing: { resource: 'subscriptions', kind: 'creation', passed: (f) => f.hasTrial && inStatus(STARTED)(f) },
  paused: { resource: 'subscriptions', kind: 'transition', passed: inStatus(['paused']) },
  canceled: { resource: 'subscriptions', kind: 'transition', passed: inStatus(['canceled', 'cancelled']) },
  completed: { resource: 'subscriptions', kind: 'transition', passed: inStatus(['completed']) },
};

export const POLLABLE_EVENTS = Object.keys(POLL_RULES) as PollableEvent[];

/**
 * The one answer to "can this event be polled?", for the engine and the trigger's set-up check alike:
 * the event's rule, with `shows` (whether a record has been through the event; `renewals`: the orders
 * known to be renewals), or a `ConfigurationError` that says why not (a lead, or no event of the store).
 */
export function pollRuleOf(event: string, store: string): PollRule {
  if (Object.prototype.hasOwnProperty.call(POLL_RULES, event)) {
    const rule = POLL_RULES[event as PollableEvent];
    const shows = (record: Order | Subscription, renewals: ReadonlySet<number>): boolean =>
      rule.passed(factsOf(record, renewals));
    return { ...rule, shows };
  }
  const why = event === 'lead' ? 'the store’s API has no leads' : `"${event}" is not an event of the store`;
  throw new ConfigurationError(
    { store, operation: 'Poll for events' },
    `this event cannot be polled: ${why}`,
    event === 'lead' ? 'Use the webhook trigger for Lead Captured.' : 'Choose one of the events the trigger offers.',
  );
}

/** What a rule looks at in an order or a subscription. */
function factsOf(record: Order | Subscription, renewals: ReadonlySet<number>): RecordFacts {
  const trialDays = 'trial_days' in record ? (toNumber(record.trial_days) ?? 0) : 0;
  return { status: String(record.status ?? ''), hasTrial: trialDays > 0, isRenewal: renewals.has(record.id) };
}
