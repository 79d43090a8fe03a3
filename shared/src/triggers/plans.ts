/**
 * The payment-plan choices of a product, the same in every picker: the product's plans (`GET webhook/plans/`)
 * and, where a trigger filter accepts them, the purchase kinds bump, upsell and downsell. Stores list
 * only some of those kinds (docs/service/real-stores.md#products-and-plans), so the missing ones are appended; without a
 * product there are no plans, only the kinds.
 */
import type { Id } from '../operations/buildRequest';
import type { CommerceServiceClient } from '../client';
import { PURCHASE_KINDS } from '../events/catalogue';
import type { WebhookPlan } from '../resources/types';

type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** How the store names those entries in its plan list (`GET webhook/plans/`). */
const PURCHASE_KIND_LABELS: Readonly<Record<PurchaseKind, string>> = {
  bump: 'Purchased as a bump',
  upsell: 'Purchased as an upsell',
  downsell: 'Purchased as a downsell',
};

interface PlanChoiceOptions {
  /** Include bump, upsell and downsell (trigger filters); leave them out for a list of real plans. */
  purchaseKinds: boolean;
}

export function isPurchaseKind(planId: string): planId is PurchaseKind {
  return (PURCHASE_KINDS as readonly string[]).includes(planId);
}

/** A plan list with the purchase kinds appended where missing, or with them removed. */
export function planChoices(plans: readonly WebhookPlan[], options: PlanChoiceOptions): WebhookPlan[] {
  if (!options.purchaseKinds) return plans.filter((plan) => !isPurchaseKind(plan.id));
  const listed = new Set(plans.map((plan) => plan.id));
  const missing = PURCHASE_KINDS.filter((kind) => !listed.has(kind)).map((kind) => ({
    id: kind,
    name: PURCHASE_KIND_LABELS[kind],
  }));
  return [...plans, ...missing];
}

/** The connected store's client, made only when it is needed (no product asks the store nothing). */
export type ClientSource = () => CommerceServiceClient | Promise<CommerceServiceClient>;

/** The plan choices of a product, read from the store (`GET webhook/plans/`). */
export async function productPlanChoices(
  productId: Id | undefined,
  client: ClientSource,
  options: PlanChoiceOptions,
): Promise<WebhookPlan[]> {
  const id = typeof productId === 'number' ? String(productId) : (productId ?? '').trim();
  const plans = id ? await (await client()).listWebhookPlans(id) : [];
  return planChoices(plans, options);
}
