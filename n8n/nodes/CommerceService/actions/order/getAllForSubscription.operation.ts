import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { dateAfterFilter, pagingOptions, returnAllAndLimit, sortCollection } from '../descriptions';
import { recordLocator } from '../../../common/descriptions/locators';
import { FROM_VERSION_2, VERSION_1 } from '../output';
import { listRecords, readDateAfter, readRecordId, readSort } from '../readers';

const properties: INodeProperties[] = [
	{
		...recordLocator('subscription', {
			displayName: 'Subscription',
			name: 'subscriptionId',
			description: 'The subscription whose orders (first payment and renewals) to get',
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
		description: 'The number of the subscription whose orders (first payment and renewals) to get',
	},
	...returnAllAndLimit(),
	dateAfterFilter,
	pagingOptions,
	sortCollection('orders'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['getAllForSubscription'] } },
	properties,
);

/** `GET orders/subscription/{subscription_id}` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const subscriptionId = readRecordId(this, client, 'subscriptionId', itemIndex, {
		resource: 'subscription',
		parameter: 'Subscription',
		operation: 'Get many orders of a subscription',
	});
	const params = {
		...(await readDateAfter(this, itemIndex, client)),
		...readSort(this, itemIndex, 'orders'),
	};
	return toItems(
		await listRecords(this, client, itemIndex, 'listSubscriptionOrders', (page) =>
			client.listSubscriptionOrders(subscriptionId, { ...params, ...page }),
		),
	);
}
