import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../../shared/src';
import { toItems } from '../../../common/items';
import { readId } from '../readers';

const properties: INodeProperties[] = [
	{
		displayName: 'Customer ID',
		name: 'customerId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1024',
		description: 'The number of the customer, as shown in the Studiocart customers list',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['get'] } },
	properties,
);

/** Operation 8. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	return toItems([await client.getCustomer(readId(this, 'customerId', itemIndex))]);
}
