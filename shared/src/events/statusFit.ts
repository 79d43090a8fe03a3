import type { EventKind } from './catalogue';

/**
 * Which statuses of the store's record fit each event (docs/verification.md has the table and why).
 * A record fits when it shows the event's own status, or a status it can only have reached after the
 * event in its normal life (a purchase since refunded, a subscription started and since canceled). A
 * status it has not reached yet (a "refund" of an order the store shows as paid) does not fit.
 */

type RecordKind = 'order' | 'subscription';

export interface StatusFit {
  /** What the delivery's `id` names, read with `GET orders/{order_id}` or `GET subscriptions/{subscription_id}`. */
  record: RecordKind;
  /** The status the record has when the event happens. */
  own: readonly string[];
  /** Every status that fits: `own`, then those reached later in the record's normal life. */
  fits: readonly string[];
}

// Status spellings seen on stores: `pending` and `pending-payment`, `canceled` and `cancelled`.
const PAID_LIFE = ['paid', 'completed', 'refunded'] as const;
const SUBSCRIPTION_LIFE = ['active', 'past_due', 'paused', 'canceled', 'cancelled', 'completed'] as const;

const STATUS_FIT: Readonly<Record<Exclude<EventKind['key'], 'lead'>, StatusFit>> = {
  purchased: { record: 'order', own: ['paid', 'completed'], fits: PAID_LIFE },
  renewal: { record: 'order', own: ['paid', 'completed'], fits: PAID_LIFE },
  pending: { record: 'order', own: ['pending-payment', 'pending'], fits: ['pending-payment', 'pending', ...PAID_LIFE] },
  refunded: { record: 'order', own: ['refunded'], fits: ['refunded'] },
  // A failed charge stays failed; a retry that succeeds is a new order.
  failed: { record: 'order', own: ['failed'], fits: ['failed'] },
  trialing: { record: 'subscription', own: ['trialing'], fits: ['trialing', ...SUBSCRIPTION_LIFE] },
  active: { record: 'subscription', own: ['active'], fits: SUBSCRIPTION_LIFE },
  // A paused subscription can be resumed, and then lives on as an active one.
  paused: { record: 'subscription', own: ['paused'], fits: SUBSCRIPTION_LIFE },
  canceled: { record: 'subscription', own: ['canceled', 'cancelled'], fits: ['canceled', 'cancelled'] },
  completed: { record: 'subscription', own: ['completed'], fits: ['completed'] },
};

export function statusFitOf(event: string): StatusFit | undefined {
  return Object.prototype.hasOwnProperty.call(STATUS_FIT, event)
    ? STATUS_FIT[event as keyof typeof STATUS_FIT]
    : undefined;
}

export function normaliseStatus(status: string): string {
  return status.trim().toLowerCase();
}
