import { type Bundle, type ZObject, defineInputFields, defineSearch } from 'zapier-platform-core';
import { FIELDS, type Order, collect, RESOURCE_SAMPLES } from '@commerce-service/shared';
import { zapierClient } from '../platform';
import { withStoreErrors } from '../errors';
import { outputFields } from '../fields';
import { foundOrNothing, idInput, inputText } from './find';

/** Enough for any subscription's history, well inside Zapier's 30 s and response limits. */
const MAX_ORDERS = 200;

/**
 * `GET orders/subscription/{subscription_id}`: every order (first payment and renewals) of a subscription, newest first. Zapier uses
 * the first result in later steps; all of them show in the test.
 */
export const perform = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<Order[]> => {
  const client = zapierClient(z, bundle);
  const id = inputText(bundle.inputData, 'subscription_id');
  return foundOrNothing(() =>
    collect(
      client.iterate((page) => client.listSubscriptionOrders(id, { ...page, orderby: 'date_created', order: 'desc' }), {
        limit: MAX_ORDERS,
      }),
    ),
  );
});

const findSubscriptionOrders = defineSearch({
  key: 'find_subscription_orders',
  noun: 'Order',
  display: {
    label: 'Find Orders of a Subscription',
    description:
      "Finds the orders of one subscription (its first payment and every renewal) by the subscription's numeric ID. Returns up to 200 orders, newest first, each with amounts, status, dates and the items bought; later steps use the newest. Returns no result when the store has no subscription with that ID.",
  },
  operation: {
    inputFields: defineInputFields([idInput('subscription_id', 'Subscription', '2051')]),
    perform,
    sample: RESOURCE_SAMPLES.order,
    outputFields: outputFields(FIELDS.order),
  },
});

export default findSubscriptionOrders;
