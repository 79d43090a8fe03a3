import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../../shared/src';
import { toItems } from '../../../common/items';
import { readId } from '../readers';

const properties: INodeProperties[] = [
	{
		displayName: 'Subscription ID',
		name: 'subscriptionId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '2051',
		description: 'The number of the subscription, as shown in the Studiocart subscriptions list',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['subscription'], operation: ['get'] } },
	properties,
);

/** Operation 13. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	return toItems([await client.getSubscription(readId(this, 'subscriptionId', itemIndex))]);
}
