import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { productPicker } from '../../../common/descriptions/pickers';
import { toItems } from '../../../common/items';
import { productLocator } from '../../../common/descriptions/locators';
import { VERSION_1, outputProperties, shapeRecords } from '../output';
import { readRecordId } from '../readers';

const properties: INodeProperties[] = [
	productLocator('The product to get'),
	{ ...productPicker, displayOptions: { show: VERSION_1 } },
	...outputProperties('product'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['product'], operation: ['get'] } },
	properties,
);

/** `GET products/{product_id}` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const id = readRecordId(this, client, 'productId', itemIndex, {
		resource: 'product',
		parameter: 'Product',
		operation: 'Get a product',
	});
	return shapeRecords(this, 'product', toItems([await client.getProduct(id)]), itemIndex);
}
