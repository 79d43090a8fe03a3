import { EVENT_TYPES, type EventType } from '../events';
import { formatPrice } from '../format/money';
import { paymentTerms } from '../format/planText';
import { OFFER_PLAN_IDS } from '../matching';
import type { Plan } from '../store/types';
import type { Store } from '../store/store';
import type { SandboxDelivery, SandboxHook, SandboxProfile } from '../types';
import type { WorkerUsage } from '../workers';
import { redactUrl } from './redact';

/**
 * What the dashboard page reads from the admin API: the catalogue once (`/sandbox/v1/catalog`), with
 * the store's API key for its "Studiocart → Settings" card, then the activity every few seconds
 * (`/sandbox/v1/activity`). Hook URLs are shown with any key redacted, and payloads stay out: the page
 * shows which record an event was about, not its data.
 */

export interface DashboardSource {
  url: string;
  apiRoot: string;
  apiKey: string;
  profile: SandboxProfile;
  /** Whether deliveries carry `studiocart_secret` now (the deviation, switchable from the page). */
  secretInDeliveries: boolean;
  store: Store;
  hooks(): SandboxHook[];
  deliveries(): SandboxDelivery[];
  /** The host's PHP workers (`--php-workers`): how many, how many busy, how many requests wait. */
  workers(): WorkerUsage;
}

type EventGroup = 'orders' | 'subscriptions' | 'leads';

/** One button per event type; a type missing here fails the typecheck. */
const EVENT_BUTTONS: Record<EventType, { label: string; group: EventGroup; hint: string }> = {
  purchased: {
    label: 'Purchase',
    group: 'orders',
    hint: 'A paid order of the chosen product and plan (or as a bump, upsell or downsell).',
  },
  refunded: { label: 'Refund', group: 'orders', hint: 'The newest paid order of the choice becomes refunded.' },
  pending: { label: 'Cash-on-delivery order', group: 'orders', hint: 'A new order awaiting payment (one-off plans).' },
  active: { label: 'Start subscription', group: 'subscriptions', hint: 'A new active subscription (recurring plans).' },
  trialing: {
    label: 'Start trial',
    group: 'subscriptions',
    hint: 'A new subscription in its free trial (plans with a trial).',
  },
  renewal: { label: 'Renewal payment', group: 'subscriptions', hint: 'A subscription is charged again.' },
  failed: { label: 'Failed payment', group: 'subscriptions', hint: 'A renewal charge fails.' },
  paused: { label: 'Pause subscription', group: 'subscriptions', hint: 'The newest fitting subscription is paused.' },
  canceled: {
    label: 'Cancel subscription',
    group: 'subscriptions',
    hint: 'The newest fitting subscription is canceled.',
  },
  completed: { label: 'Complete installments', group: 'subscriptions', hint: 'An installment plan is paid in full.' },
  lead: { label: 'Capture lead', group: 'leads', hint: 'A checkout form is filled in, not yet paid.' },
};

const OFFER_LABELS: Record<(typeof OFFER_PLAN_IDS)[number], string> = {
  bump: 'As an order bump',
  upsell: 'As an upsell',
  downsell: 'As a downsell',
};

function planTerms(plan: Plan, currency: string): string {
  return paymentTerms(plan, plan.priceCents, currency) || formatPrice(plan.priceCents, currency);
}

export function catalog(source: DashboardSource): Record<string, unknown> {
  const { store } = source;
  return {
    store: { url: source.url, apiRoot: source.apiRoot, profile: source.profile, currency: store.currency },
    // Shown as a store's Studiocart → Settings shows it, so trying the sandbox teaches where a real key is.
    // The activity, read every few seconds, never carries it.
    settings: { apiKey: source.apiKey },
    products: store.products.map((product) => ({
      id: product.id,
      name: product.name,
      plans: product.plans.map((plan) => ({ id: plan.id, name: plan.name, terms: planTerms(plan, store.currency) })),
    })),
    offers: OFFER_PLAN_IDS.map((id) => ({ id, label: OFFER_LABELS[id] })),
    events: EVENT_TYPES.map((type) => ({ type, ...EVENT_BUTTONS[type] })),
  };
}

/** Which record a delivery was about: an order or subscription id, and the customer's email. */
function subject(payload: Record<string, unknown>): { id: number | string | null; email: string | null } {
  const id = payload.id;
  const email = payload.customer_email ?? payload.email;
  return {
    id: typeof id === 'number' || typeof id === 'string' ? id : null,
    email: typeof email === 'string' ? email : null,
  };
}

export function activity(source: DashboardSource, limit: number): Record<string, unknown> {
  const { store } = source;
  const secrets = [source.apiKey];
  const productName = (id: number | null) => (id === null ? null : (store.product(id)?.name ?? null));
  const deliveries = source.deliveries();
  return {
    // The page's switch: with it on, triggers prove deliveries by the key; off, by reading the record back.
    secretInDeliveries: source.secretInDeliveries,
    counts: {
      orders: store.orders.length,
      subscriptions: store.subscriptions.length,
      customers: store.customers.length,
      leads: store.leads.length,
    },
    workers: source.workers(),
    hooks: source.hooks().map((hook) => ({
      id: hook.id,
      url: redactUrl(hook.hookUrl, secrets),
      events: hook.statuses,
      productId: hook.productId,
      productName: productName(hook.productId),
      planIds: hook.planIds,
      source: hook.source,
      createdAt: hook.createdAt,
    })),
    deliveriesTotal: deliveries.length,
    deliveries: deliveries
      .slice(-limit)
      .reverse()
      .map((delivery) => ({
        hookId: delivery.hookId,
        url: redactUrl(delivery.hookUrl, secrets),
        event: delivery.event,
        status: delivery.status,
        ...(delivery.error ? { error: redactUrl(delivery.error, secrets) } : {}),
        durationMs: delivery.durationMs,
        deliveredAt: delivery.deliveredAt,
        record: subject(delivery.payload),
      })),
  };
}
