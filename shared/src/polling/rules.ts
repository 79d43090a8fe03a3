import type { EventKey } from '../events/catalogue';
import { normaliseStatus } from '../events/statusFit';
import type { PollResource } from './state';

/**
 * Which events the REST API can show, and how a record's status tells that one happened
 * (docs/polling.md). `creation` events happen when the record is made: a record the trigger has not
 * seen being made (older than its memory) cannot tell them. `transition` events are a status the
 * record moves into: seen as a change of the status remembered, or, for a record memory does not hold,
 * as the record showing that status after it changed.
 */

type PollableEvent = Exclude<EventKey, 'lead'>;

export interface RecordFacts {
  status: string;
  /** A subscription with a free trial (`trial_days` > 0). */
  hasTrial: boolean;
  /** An order that is a subscription's later charge, not its first payment. */
  isRenewal: boolean;
}

export interface PollRule {
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

const POLL_RULES: Readonly<Record<PollableEvent, PollRule>> = {
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

export function pollRuleOf(event: string): PollRule | undefined {
  return Object.prototype.hasOwnProperty.call(POLL_RULES, event) ? POLL_RULES[event as PollableEvent] : undefined;
}
