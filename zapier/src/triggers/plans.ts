import type { Bundle, Trigger, ZObject } from 'zapier-platform-core';
import { PURCHASE_KIND_LABELS, PURCHASE_KINDS, type WebhookPlan, RESOURCE_SAMPLES } from '../../../shared/src';
import { storeClient } from '../client';
import { withStoreErrors } from '../errors';

/**
 * Operation 5: the chosen product's plans, always ending with the bump, upsell and downsell entries
 * (spec stores list only the first two). Without a product the store has no plans, only those entries.
 */
const perform = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<WebhookPlan[]> => {
  const product = bundle.inputData?.product_id;
  const productId = typeof product === 'string' || typeof product === 'number' ? String(product).trim() : '';
  const plans = productId ? await storeClient(z, bundle).listWebhookPlans(productId) : [];
  const listed = new Set(plans.map((plan) => plan.id));
  const missing = PURCHASE_KINDS.filter((kind) => !listed.has(kind)).map((kind) => ({ id: kind, name: PURCHASE_KIND_LABELS[kind] }));
  return [...plans, ...missing];
});

const planList: Trigger = {
  key: 'plan_list',
  noun: 'Plan',
  display: {
    label: 'List Plans',
    description: 'Lists the payment plans of the chosen product, for the Plans dropdown.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    perform,
    sample: RESOURCE_SAMPLES.webhookPlan,
    outputFields: [
      { key: 'id', label: 'Plan ID', type: 'string' },
      { key: 'name', label: 'Plan Name', type: 'string' },
    ],
  },
};

export default planList;
