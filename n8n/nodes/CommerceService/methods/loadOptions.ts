import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { PURCHASE_KIND_LABELS, PURCHASE_KINDS } from '../../../../shared/src';
import { toNodeError } from '../transport/errors';
import { storeClient } from '../transport';

/** Published products (operation 4), by name. */
export async function getProducts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		const client = await storeClient.call(this);
		const products = await client.listWebhookProducts();
		return products
			.map((product) => ({
				name: product.name || `Product ${product.id}`,
				value: String(product.id),
				description: `ID ${product.id}`,
			}))
			.sort(byName);
	} catch (error) {
		throw toNodeError(this.getNode(), error);
	}
}

/** The same list, led by "Any Product" (an empty value), for filters where no product means all. */
export async function getProductsOrAny(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const products = await getProducts.call(this);
	return [{ name: 'Any Product', value: '', description: 'Do not filter by product' }, ...products];
}

/**
 * Payment plans of the chosen product (operation 5), including the store's bump / upsell / downsell
 * entries. With no product chosen, only those purchase kinds apply.
 */
export async function getPlans(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const productId = String(this.getCurrentNodeParameter('productId') ?? '').trim();
	if (!/^\d+$/.test(productId)) {
		return PURCHASE_KINDS.map((kind) => ({ name: PURCHASE_KIND_LABELS[kind], value: kind }));
	}
	try {
		const client = await storeClient.call(this);
		const plans = await client.listWebhookPlans(productId);
		return plans.map((plan) => ({ name: plan.name || plan.id, value: plan.id, description: `ID ${plan.id}` }));
	} catch (error) {
		throw toNodeError(this.getNode(), error);
	}
}

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}
