import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { recordLocator } from '../../../common/descriptions/locators';
import { FROM_VERSION_2, VERSION_1, outputProperties, shapeRecords } from '../output';
import { readRecordId } from '../readers';

const properties: INodeProperties[] = [
	{
		...recordLocator('subscription', {
			displayName: 'Subscription',
			name: 'subscriptionId',
			description: 'The subscription to get: pick it from the list, or give its number or its link',
		}),
		displayOptions: { show: FROM_VERSION_2 },
	},
	{
		displayName: 'Subscription ID',
		name: 'subscriptionId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: VERSION_1 },
		placeholder: 'e.g. 2051',
		description: 'The number of the subscription, as shown in the Studiocart subscriptions list',
	},
	...outputProperties('subscription'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['subscription'], operation: ['get'] } },
	properties,
);

/** `GET subscriptions/{subscription_id}` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const id = readRecordId(this, client, 'subscriptionId', itemIndex, {
		resource: 'subscription',
		parameter: 'Subscription',
		operation: 'Get a subscription',
	});
	return shapeRecords(this, 'subscription', toItems([await client.getSubscription(id)]), itemIndex);
}
