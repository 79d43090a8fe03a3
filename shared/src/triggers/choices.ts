/**
 * What a user chose on an event trigger (product, plans, amounts in cents, verification), read once for
 * both platforms, and what those choices mean for the delivery filter and for recent examples (the store's subscribe
 * call is made from them in `hooks.ts`).
 * Zapier and n8n hand over the same choice in different forms (a number or a string for the product,
 * a list or a comma-separated string for plans, a boolean or text for a flag), so the reader accepts
 * all of them.
 */
import type { EventFilters } from '../events/match';
import type { ParameterReader } from '../platform/port';

/** The choices as the platform gave them, before reading. */
interface RawProductPlanChoices {
  productId?: unknown;
  planIds?: unknown;
  pricesInCents?: unknown;
}

/** The choices, read: no product means any product, no plans mean any plan. */
interface ProductPlanChoices {
  productId: string | undefined;
  /** Plan ids, and/or `bump`, `upsell`, `downsell`. */
  planIds: string[];
  pricesInCents: boolean;
}

const YES = new Set(['true', 'yes', '1', 'on']);

export function readProductPlanChoices(raw: RawProductPlanChoices): ProductPlanChoices {
  const productId = choiceText(raw.productId);
  return {
    productId: productId || undefined,
    planIds: choiceList(raw.planIds),
    pricesInCents: choiceFlag(raw.pricesInCents),
  };
}

/** A single value as trimmed text; anything but a string or a number is no choice. */
export function choiceText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** A list arrives as an array, or as one comma-separated string when mapped from an earlier step. */
function choiceList(value: unknown): string[] {
  const values = Array.isArray(value) ? value.map(choiceText) : choiceText(value).split(',');
  return values.map((item) => item.trim()).filter(Boolean);
}

/** A yes/no choice: a boolean, or text such as `true`, `yes`, `1`, `on` (any case). */
function choiceFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return YES.has(choiceText(value).toLowerCase());
}

/** What a webhook trigger is set up for: its event, the user's choices, and whether deliveries are verified. */
export interface TriggerSetup extends ProductPlanChoices {
  /** The store event (`purchased`, `refunded`, …). */
  event: string;
  /** The "verify deliveries with the store" option. */
  verify: boolean;
}

/**
 * The shared names of a trigger's settings. Zapier's input keys differ (`product_id`, …): its adapter
 * maps them; n8n's parameter names are these.
 */
export type TriggerParameter = 'event' | 'productId' | 'planIds' | 'pricesInCents' | 'verifyDeliveries';

/** A webhook trigger's setup, read once for both platforms through the platform's `ParameterReader`. */
export function readTriggerSetup(read: ParameterReader): TriggerSetup {
  return {
    event: choiceText(read('event', '')),
    ...readProductPlanChoices({
      productId: read('productId', ''),
      planIds: read('planIds', []),
      pricesInCents: read('pricesInCents', false),
    }),
    verify: readVerify(read('verifyDeliveries', true)),
  };
}

/** On unless the user said no: a trigger saved before the option existed is verified too. */
function readVerify(value: unknown): boolean {
  return value === undefined || value === null || value === '' ? true : choiceFlag(value);
}

/** The filter a delivery must pass for a trigger of `event` with these choices (see `matchesFilters`). */
export function eventFiltersOf(event: string, choices: ProductPlanChoices): EventFilters {
  return { event, productId: choices.productId ?? null, planIds: choices.planIds };
}

/** Recent examples (see `recentEvents`) narrowed like the trigger's live deliveries. */
export function recentOptionsOf(choices: ProductPlanChoices, limit: number) {
  return {
    productId: choices.productId ?? null,
    planIds: choices.planIds,
    limit,
    pricesInCents: choices.pricesInCents,
  };
}
