import type { Bundle, PlainInputField } from 'zapier-platform-core';
import type { EventFilters, EventKind } from '../../shared/src';

/** The filters every event trigger offers; both dropdowns are hidden triggers (`triggers/`). */
export const TRIGGER_INPUTS: PlainInputField[] = [
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
];

/** What the user chose in `TRIGGER_INPUTS`, read defensively (Zapier may send numbers, strings or lists). */
export interface TriggerChoices {
  productId: string | undefined;
  planIds: string[];
  pricesInCents: boolean;
}

export function readChoices(bundle: Pick<Bundle, 'inputData'>): TriggerChoices {
  const input = bundle.inputData ?? {};
  const product = text(input.product_id);
  return { productId: product || undefined, planIds: list(input.plan_ids), pricesInCents: yes(input.prices_in_cents) };
}

export function filtersOf(kind: EventKind, choices: TriggerChoices): EventFilters {
  return { event: kind.key, productId: choices.productId ?? null, planIds: choices.planIds };
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** A list field arrives as an array, or as one comma-separated string when mapped from another step. */
function list(value: unknown): string[] {
  const values = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return values.map((item) => item.trim()).filter(Boolean);
}

function yes(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return ['true', 'yes', '1', 'on'].includes(text(value).toLowerCase());
}
