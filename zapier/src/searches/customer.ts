import { type Bundle, type ZObject, defineInputFields, defineSearch } from 'zapier-platform-core';
import { type Customer, FIELDS, RESOURCE_SAMPLES } from '../../../shared/src';
import { storeClient } from '../client';
import { withStoreErrors } from '../errors';
import { outputFields } from '../fields';
import { foundOrNothing, idInput, inputId } from './find';

/** Operation 8. */
export const perform = withStoreErrors(
  async (z: ZObject, bundle: Bundle): Promise<Customer[]> =>
    foundOrNothing(async () => [await storeClient(z, bundle).getCustomer(inputId(bundle.inputData, 'customer_id'))]),
);

const findCustomer = defineSearch({
  key: 'find_customer',
  noun: 'Customer',
  display: { label: 'Find Customer', description: 'Finds a customer by their ID, with their order count and lifetime value.' },
  operation: {
    inputFields: defineInputFields([idInput('customer_id', 'Customer', '311')]),
    perform,
    sample: RESOURCE_SAMPLES.customer,
    outputFields: outputFields(FIELDS.customer),
  },
});

export default findCustomer;
