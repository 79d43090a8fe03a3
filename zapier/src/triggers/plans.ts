import { type Bundle, type ZObject, defineTrigger } from 'zapier-platform-core';
import { type WebhookPlan, RESOURCE_SAMPLES, productPlanChoices } from '@commerce-service/shared';
import { zapierClient } from '../platform';
import { withStoreErrors } from '../errors';
import { readSetup } from '../inputs';

/** `GET webhook/plans/`: the chosen product's plan choices, bump, upsell and downsell included (shared rule). */
export const listPlans = withStoreErrors(
  async (z: ZObject, bundle: Bundle): Promise<WebhookPlan[]> =>
    productPlanChoices(readSetup(bundle).productId, () => zapierClient(z, bundle), { purchaseKinds: true }),
);

const planList = defineTrigger({
  key: 'plan_list',
  noun: 'Plan',
  display: {
    label: 'List Plans',
    description: 'Lists the payment plans of the chosen product, for the Plans dropdown.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    perform: listPlans,
    sample: RESOURCE_SAMPLES.webhookPlan,
    outputFields: [
      { key: 'id', label: 'Plan ID', type: 'string' },
      { key: 'name', label: 'Plan Name', type: 'string' },
    ],
  },
});

export default planList;
