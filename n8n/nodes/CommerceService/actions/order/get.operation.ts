import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../../shared/src';
import { toItems } from '../../../common/items';
import { readId } from '../readers';

const properties: INodeProperties[] = [
	{
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1042',
		description: 'The number of the order, as shown in the Studiocart orders list',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['get'] } },
	properties,
);

/** Operation 10. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	return toItems([await client.getOrder(readId(this, 'orderId', itemIndex))]);
}
