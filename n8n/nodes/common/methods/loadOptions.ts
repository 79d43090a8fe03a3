/** The loaders both nodes' Product and Plans pickers use (`../descriptions/pickers.ts`). */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import {
	idText,
	isPurchaseKind,
	locatedId,
	productPlanChoices,
	readProductPlanChoices,
} from '@commerce-service/shared';
import { isLocator } from '../context';
import { n8nClient } from '../transport';
import { storeNodeError } from '../transport/errors';

/** Published products (`GET webhook/products/`), by name. */
export async function getProducts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		const client = await n8nClient.call(this);
		const products = await client.listWebhookProducts();
		return products
			.map((product) => ({
				name: product.name || `Product ${product.id}`,
				value: String(product.id),
				description: `ID ${product.id}`,
			}))
			.sort(byName);
	} catch (error) {
		throw storeNodeError(this, error);
	}
}

/** The same list, led by "Any Product" (an empty value), for filters where no product means all. */
export async function getProductsOrAny(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const products = await getProducts.call(this);
	return [{ name: 'Any Product', value: '', description: 'Do not filter by product' }, ...products];
}

/**
 * The chosen product's plan choices (`GET webhook/plans/`) with bump, upsell and downsell, the same as Zapier's
 * Plans dropdown (shared rule); with no product chosen, only those purchase kinds.
 */
export async function getPlans(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		const { productId } = readProductPlanChoices({ productId: await chosenProduct(this) });
		const plans = await productPlanChoices(productId, () => n8nClient.call(this), {
			purchaseKinds: true,
		});
		return plans.map((plan) =>
			isPurchaseKind(plan.id)
				? { name: plan.name || plan.id, value: plan.id }
				: { name: plan.name || plan.id, value: plan.id, description: `ID ${plan.id}` },
		);
	} catch (error) {
		throw storeNodeError(this, error);
	}
}

/** The Product the plans follow: a dropdown's id (version 1) or a record locator's (version 2). */
async function chosenProduct(context: ILoadOptionsFunctions): Promise<unknown> {
	const product = context.getCurrentNodeParameter('productId');
	if (!isLocator(product)) return product;
	if (product.mode !== 'url') return idText(product.value);
	const client = await n8nClient.call(context);
	return locatedId(client.store, 'product', product, {
		operation: 'List payment plans',
		parameter: 'Product',
	});
}

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}
