import { type Bundle, defineInputFields } from 'zapier-platform-core';
import { type TriggerParameter, type TriggerSetup, readTriggerSetup } from '@commerce-service/shared';

/** The filters every event trigger offers; both dropdowns are hidden triggers (`triggers/`). */
export const TRIGGER_INPUTS = defineInputFields([
  {
    key: 'product_id',
    label: 'Product',
    type: 'string',
    required: false,
    dynamic: 'product_list.id.name',
    helpText: 'Only trigger for this product (also when it is bought as an order bump). Leave empty for every product.',
  },
  {
    key: 'plan_ids',
    label: 'Plans',
    type: 'string',
    required: false,
    list: true,
    dynamic: 'plan_list.id.name',
    dependsOn: ['product_id'],
    helpText:
      'Only trigger for these payment plans of the product, or for purchases made as a bump, upsell or downsell. Leave empty for every plan.',
  },
  {
    key: 'prices_in_cents',
    label: 'Amounts in cents',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText: 'Yes: amounts arrive as whole numbers of cents (49.00 becomes 4900). No: as ordinary decimal amounts.',
  },
]);

/** Shown with the trigger's filters: a store owner may need to turn it off (a store that blocks reads). */
export const VERIFY_INPUT = defineInputFields([
  {
    key: 'verify_deliveries',
    label: 'Verify deliveries with the store',
    type: 'boolean',
    required: false,
    default: 'true',
    helpText:
      "Yes (recommended): before a delivery starts the Zap, its order or subscription is read back from your store, so a fake sale posted to this Zap's URL starts nothing. No: deliveries are not checked (one less request per event).",
  },
]);

/** Zapier's input key for each of the shared trigger settings (the event is the trigger itself). */
const INPUT_KEYS: Readonly<Record<Exclude<TriggerParameter, 'event'>, string>> = {
  productId: 'product_id',
  planIds: 'plan_ids',
  pricesInCents: 'prices_in_cents',
  verifyDeliveries: 'verify_deliveries',
};

/**
 * What the user set up on a trigger of `event`, read by the shared reader (Zapier may send numbers,
 * strings or lists). Dropdowns read it without an event.
 */
export function readSetup(bundle: Pick<Bundle, 'inputData'>, event = ''): TriggerSetup {
  const input: Record<string, unknown> = bundle.inputData ?? {};
  return readTriggerSetup((name, fallback) =>
    name === 'event' ? event : (input[INPUT_KEYS[name as Exclude<TriggerParameter, 'event'>]] ?? fallback),
  );
}
