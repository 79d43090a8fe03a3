import { type Bundle, defineInputFields } from 'zapier-platform-core';
import { type TriggerChoices, readTriggerChoices } from '../../shared/src';

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

/** What the user chose in `TRIGGER_INPUTS`, read by the shared reader (Zapier may send numbers, strings or lists). */
export function readChoices(bundle: Pick<Bundle, 'inputData'>): TriggerChoices {
  const input = bundle.inputData ?? {};
  return readTriggerChoices({
    productId: input.product_id,
    planIds: input.plan_ids,
    pricesInCents: input.prices_in_cents,
  });
}
