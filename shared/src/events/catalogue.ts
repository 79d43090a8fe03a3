/**
 * Every store event (docs/service/events.md#catalogue), once. Both adapters turn this list into
 * triggers: key, label, description, noun, sample, and how "recent examples" are fetched through
 * latest-orders (docs/service/events.md#recent-examples).
 */
import { EVENT_SAMPLES } from './samples';
import type { EventRecord } from './record';

type EventKey =
  | 'purchased'
  | 'refunded'
  | 'pending'
  | 'active'
  | 'trialing'
  | 'paused'
  | 'canceled'
  | 'completed'
  | 'lead'
  | 'renewal'
  | 'failed';

/** What an event's record is (`EventKind['noun']`): its payload's fields and its Zapier noun follow from it. */
type EventNoun = 'order' | 'subscription' | 'lead';

interface RecentQuery {
  /** Sent as latest-orders' `status` when the store can select the event by it. */
  status?: string;
  /** Latest-order statuses kept client-side (the store may ignore or lack the status filter). */
  keep: readonly string[];
  /**
   * `renewals`: keep only orders that a subscription lists after its first invoice. Latest-orders has
   * no filter for renewals, and its `paid` also brings first purchases.
   */
  only?: 'renewals';
}

export interface EventKind {
  key: EventKey;
  /** As a store owner says it: "Product Purchased". */
  label: string;
  description: string;
  noun: EventNoun;
  /** `null`: latest-orders cannot show this event (e.g. leads); the sample stands in. */
  recent: RecentQuery | null;
  sample: EventRecord;
}

export const EVENTS: readonly EventKind[] = [
  {
    key: 'purchased',
    label: 'Product Purchased',
    description: 'Triggers when a customer pays for an order, one-off or the first payment of a plan.',
    noun: 'order',
    recent: { status: 'paid', keep: ['paid', 'completed'] },
    sample: EVENT_SAMPLES.purchased,
  },
  {
    key: 'refunded',
    label: 'Order Refunded',
    description: 'Triggers when an order is refunded.',
    noun: 'order',
    recent: { keep: ['refunded'] },
    sample: EVENT_SAMPLES.refunded,
  },
  {
    key: 'pending',
    label: 'Order Pending Payment',
    description: 'Triggers when a cash-on-delivery order is placed and awaits payment.',
    noun: 'order',
    recent: { status: 'pending', keep: ['pending', 'pending-payment'] },
    sample: EVENT_SAMPLES.pending,
  },
  {
    key: 'active',
    label: 'Subscription Started',
    description: 'Triggers when a subscription becomes active.',
    noun: 'subscription',
    recent: { status: 'active', keep: ['active'] },
    sample: EVENT_SAMPLES.active,
  },
  {
    key: 'trialing',
    label: 'Subscription Trial Started',
    description: 'Triggers when a subscription starts its free trial.',
    noun: 'subscription',
    recent: { keep: ['trialing'] },
    sample: EVENT_SAMPLES.trialing,
  },
  {
    key: 'paused',
    label: 'Subscription Paused',
    description: 'Triggers when a subscription is paused.',
    noun: 'subscription',
    recent: { status: 'paused', keep: ['paused'] },
    sample: EVENT_SAMPLES.paused,
  },
  {
    key: 'canceled',
    label: 'Subscription Canceled',
    description: 'Triggers when a subscription is canceled.',
    noun: 'subscription',
    recent: { status: 'canceled', keep: ['canceled', 'cancelled'] },
    sample: EVENT_SAMPLES.canceled,
  },
  {
    key: 'completed',
    label: 'Payment Plan Completed',
    description: 'Triggers when an installment plan receives its last payment.',
    noun: 'subscription',
    recent: { status: 'completed', keep: ['completed'] },
    sample: EVENT_SAMPLES.completed,
  },
  {
    key: 'lead',
    label: 'Lead Captured',
    description: 'Triggers when a visitor fills in the first step of a two-step checkout form.',
    noun: 'lead',
    recent: null,
    sample: EVENT_SAMPLES.lead,
  },
  {
    key: 'renewal',
    label: 'Subscription Renewed',
    description: 'Triggers when a subscription is charged for a new period (stores that send renewals).',
    noun: 'order',
    recent: { status: 'paid', keep: ['paid'], only: 'renewals' },
    sample: EVENT_SAMPLES.renewal,
  },
  {
    key: 'failed',
    label: 'Subscription Payment Failed',
    description: 'Triggers when a subscription charge fails (stores that send failed charges).',
    noun: 'order',
    recent: { status: 'failed', keep: ['failed'] },
    sample: EVENT_SAMPLES.failed,
  },
];

/**
 * What one event brings, per noun, in a store owner's words: the fields of its delivery
 * (docs/service/events.md#catalogue). Zapier adds it to each trigger's description, which people and
 * agents (Zapier MCP, AI Actions) read to choose a trigger.
 */
export const EVENT_CONTENTS: Readonly<Record<EventNoun, string>> = {
  order:
    "the order: the customer's name and email, the product and payment plan, amounts and currency, payment gateway and transaction, status, dates and the items bought",
  subscription:
    "the subscription: the customer's name and email, the product and plan, amounts and currency, status, dates, billing interval, next bill date and invoices",
  lead: "the lead: the visitor's name and email and the product of the checkout form",
};

export function eventKind(key: string): EventKind | undefined {
  return EVENTS.find((kind) => kind.key === key);
}

/** Plan-list entries that stand for how a product was bought rather than for a plan. */
export const PURCHASE_KINDS = ['bump', 'upsell', 'downsell'] as const;
