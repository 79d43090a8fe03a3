import { defineInputFields, defineSearch } from 'zapier-platform-core';
import { FIELDS, type Subscription, RESOURCE_SAMPLES } from '@commerce-service/shared';
import { outputFields } from '../fields';
import { findById, idInput } from './find';

/** `GET subscriptions/{subscription_id}` */
export const perform = findById('subscription_id', (client, id): Promise<Subscription> => client.getSubscription(id));

const findSubscription = defineSearch({
  key: 'find_subscription',
  noun: 'Subscription',
  display: {
    label: 'Find Subscription',
    description:
      "Finds one subscription in the store by its numeric subscription ID. Returns the subscription with the customer's name and email, the product and plan, amounts and currency, status, billing interval, next bill date and invoices (the orders it charged); returns no result when the store has no subscription with that ID.",
  },
  operation: {
    inputFields: defineInputFields([idInput('subscription_id', 'Subscription', '2051')]),
    perform,
    sample: RESOURCE_SAMPLES.subscription,
    outputFields: outputFields(FIELDS.subscription),
  },
});

export default findSubscription;
