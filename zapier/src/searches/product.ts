import { defineInputFields, defineSearch } from 'zapier-platform-core';
import { FIELDS, type Product, RESOURCE_SAMPLES } from '@commerce-service/shared';
import { outputFields } from '../fields';
import { findById, idInput } from './find';

/** `GET products/{product_id}` */
export const perform = findById('product_id', (client, id): Promise<Product> => client.getProduct(id));

const findProduct = defineSearch({
  key: 'find_product',
  noun: 'Product',
  display: {
    label: 'Find Product',
    description:
      "Finds one product in the store by its numeric product ID. Returns the product's name, status, description, dates, page and image links, sale flag and payment plans; returns no result when the store has no product with that ID.",
  },
  operation: {
    inputFields: defineInputFields([idInput('product_id', 'Product', '87')]),
    perform,
    sample: RESOURCE_SAMPLES.product,
    outputFields: outputFields(FIELDS.product),
  },
});

export default findProduct;
