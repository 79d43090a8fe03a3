import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { type CommerceServiceClient, planChoices } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { productPicker } from '../../../common/descriptions/pickers';
import { productLocator } from '../../../common/descriptions/locators';
import { VERSION_1 } from '../output';
import { readRecordId } from '../readers';

const properties: INodeProperties[] = [
	productLocator('The product whose payment plans to list'),
	{ ...productPicker, displayOptions: { show: VERSION_1 } },
	{
		displayName: 'Include Bump, Upsell and Downsell',
		name: 'includePurchaseKinds',
		type: 'boolean',
		default: false,
		description:
			'Whether to also return the entries "Purchased as a bump", "as an upsell" and "as a downsell" that trigger filters accept',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['product'], operation: ['getPlans'] } },
	properties,
);

/** `GET webhook/plans/`: the product's payment plans (ID and name), with or without the purchase kinds (shared rule). */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const purchaseKinds = this.getNodeParameter('includePurchaseKinds', itemIndex, false) as boolean;
	const productId = readRecordId(this, client, 'productId', itemIndex, {
		resource: 'product',
		parameter: 'Product',
		operation: 'Get the payment plans of a product',
	});
	const plans = await client.listWebhookPlans(productId);
	return toItems(planChoices(plans, { purchaseKinds }));
}
