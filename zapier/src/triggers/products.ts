import { type Bundle, type ZObject, defineTrigger } from 'zapier-platform-core';
import { RESOURCE_SAMPLES } from '@commerce-service/shared';
import { zapierClient } from '../platform';
import { withStoreErrors } from '../errors';

/** A dropdown entry; Zapier keeps the chosen value as text whatever its type. */
interface ProductChoice {
  id: string;
  name: string;
}

/** `GET webhook/products/`: the store's published products, for the Product dropdown of every event trigger. */
export const listProducts = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<ProductChoice[]> => {
  const products = await zapierClient(z, bundle).listWebhookProducts();
  return products.map((product) => ({ id: String(product.id), name: product.name }));
});

const productList = defineTrigger({
  key: 'product_list',
  noun: 'Product',
  display: {
    label: 'List Products',
    description: "Lists the store's products, for the Product dropdown.",
    hidden: true,
  },
  operation: {
    type: 'polling',
    perform: listProducts,
    sample: RESOURCE_SAMPLES.webhookProduct,
    outputFields: [
      { key: 'id', label: 'Product ID', type: 'string' },
      { key: 'name', label: 'Product Name', type: 'string' },
    ],
  },
});

export default productList;
