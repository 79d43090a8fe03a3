/**
 * What a webhook trigger is set up for, read once for both platforms through the platform's
 * `ParameterReader`: its event, the user's choices, and whether deliveries are verified.
 */
import type { ParameterReader } from '../platform/port';
import { choiceFlag, choiceText, readProductPlanChoices } from './choices';

export interface TriggerSetup extends ReturnType<typeof readProductPlanChoices> {
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
