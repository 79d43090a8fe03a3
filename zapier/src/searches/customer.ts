import { type Bundle, type PlainInputField, type ZObject, defineInputFields, defineSearch } from 'zapier-platform-core';
import { type Customer, FIELDS, InvalidRequestError, RESOURCE_SAMPLES, sameEmail } from '@commerce-service/shared';
import { zapierClient } from '../platform';
import { withStoreErrors } from '../errors';
import { outputFields } from '../fields';
import { foundOrNothing, idInput, inputText } from './find';

/**
 * Two optional inputs rather than one "ID or email" box: Zapier users map an email from a form or CRM
 * far more often than a store ID, and a typed ID input keeps Zapier's number check for those who do.
 */
const EMAIL_INPUT = {
  key: 'email',
  label: 'Email',
  type: 'string',
  required: false,
  helpText:
    "The customer's email address, for example mapped from a form or CRM step. Letter case and spaces around it do not matter. Fill in Email, Customer ID, or both.",
} as const satisfies PlainInputField;

const ID_INPUT = {
  ...idInput('customer_id', 'Customer', '311'),
  required: false,
  helpText:
    'The numeric ID of the customer, as shown in the Studiocart admin or mapped from an earlier step (for example 311). With an Email too, the customer must have both.',
} as const satisfies PlainInputField;

/**
 * `GET customers/{customer_id}` by ID; by email, the customers list walked until the first match (the API has no email
 * filter). Nothing found, or an ID whose email differs from the one given, is an empty result.
 */
export const perform = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<Customer[]> => {
  const client = zapierClient(z, bundle);
  const email = inputText(bundle.inputData, 'email');
  const id = inputText(bundle.inputData, 'customer_id');
  if (id !== '') {
    const found = await foundOrNothing(async () => [await client.getCustomer(id)]);
    return email === '' ? found : found.filter((customer) => sameEmail(customer.email, email));
  }
  if (email === '') {
    throw new InvalidRequestError(
      { store: client.store.label, operation: 'Find a customer' },
      'neither an email nor a customer ID was given',
      'Fill in Email or Customer ID, or map one from an earlier step.',
      ['email', 'customer_id'],
    );
  }
  const customer = await client.findCustomerByEmail(email);
  return customer ? [customer] : [];
});

const findCustomer = defineSearch({
  key: 'find_customer',
  noun: 'Customer',
  display: {
    label: 'Find Customer',
    description:
      "Finds one customer in the store by email address, numeric customer ID, or both. Returns the customer's name, email, date created, number of orders, lifetime value and last order date; returns no result when no customer matches.",
  },
  operation: {
    inputFields: defineInputFields([EMAIL_INPUT, ID_INPUT]),
    perform,
    sample: RESOURCE_SAMPLES.customer,
    outputFields: outputFields(FIELDS.customer),
  },
});

export default findCustomer;
