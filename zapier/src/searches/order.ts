import { defineInputFields, defineSearch } from 'zapier-platform-core';
import { FIELDS, type Order, RESOURCE_SAMPLES } from '@commerce-service/shared';
import { outputFields } from '../fields';
import { findById, idInput } from './find';

/** `GET orders/{order_id}` */
export const perform = findById('order_id', (client, id): Promise<Order> => client.getOrder(id));

const findOrder = defineSearch({
  key: 'find_order',
  noun: 'Order',
  display: {
    label: 'Find Order',
    description:
      "Finds one order in the store by its numeric order ID. Returns the order with the customer's name and email, the product and payment plan, amounts and currency, payment gateway and transaction, status, dates and the items bought; returns no result when the store has no order with that ID.",
  },
  operation: {
    inputFields: defineInputFields([idInput('order_id', 'Order', '1042')]),
    perform,
    sample: RESOURCE_SAMPLES.order,
    outputFields: outputFields(FIELDS.order),
  },
});

export default findOrder;
