import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { recordLocator } from '../../../common/descriptions/locators';
import { FROM_VERSION_2, VERSION_1, outputProperties, shapeRecords } from '../output';
import { readRecordId } from '../readers';

const properties: INodeProperties[] = [
	{
		...recordLocator('order', {
			displayName: 'Order',
			name: 'orderId',
			description: 'The order to get: pick it from the list, or give its number or its link',
		}),
		displayOptions: { show: FROM_VERSION_2 },
	},
	{
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: VERSION_1 },
		placeholder: 'e.g. 1042',
		description: 'The number of the order, as shown in the Studiocart orders list',
	},
	...outputProperties('order'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['get'] } },
	properties,
);

/** `GET orders/{order_id}` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const id = readRecordId(this, client, 'orderId', itemIndex, {
		resource: 'order',
		parameter: 'Order',
		operation: 'Get an order',
	});
	return shapeRecords(this, 'order', toItems([await client.getOrder(id)]), itemIndex);
}
