import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { recordLocator } from '../../../common/descriptions/locators';
import { FROM_VERSION_2, VERSION_1, outputProperties, shapeRecords } from '../output';
import { readRecordId } from '../readers';

const properties: INodeProperties[] = [
	{
		...recordLocator('customer', {
			displayName: 'Customer',
			name: 'customerId',
			description: 'The customer to get: pick it from the list, or give its number or its link',
		}),
		displayOptions: { show: FROM_VERSION_2 },
	},
	{
		displayName: 'Customer ID',
		name: 'customerId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: VERSION_1 },
		placeholder: 'e.g. 1024',
		description: 'The number of the customer, as shown in the Studiocart customers list',
	},
	...outputProperties('customer'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['get'] } },
	properties,
);

/** `GET customers/{customer_id}` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const id = readRecordId(this, client, 'customerId', itemIndex, {
		resource: 'customer',
		parameter: 'Customer',
		operation: 'Get a customer',
	});
	return shapeRecords(this, 'customer', toItems([await client.getCustomer(id)]), itemIndex);
}
