import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../../shared/src';
import { toItems } from '../../../common/items';
import { dateAfterFilter, pagingOptions, returnAllAndLimit, sortCollection } from '../descriptions';
import { listRecords, readDateAfter, readId, readSort } from '../readers';

const properties: INodeProperties[] = [
	{
		displayName: 'Subscription ID',
		name: 'subscriptionId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '2051',
		description: 'The number of the subscription whose orders (first payment and renewals) to get',
	},
	...returnAllAndLimit(),
	dateAfterFilter,
	sortCollection('orders'),
	pagingOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['getAllForSubscription'] } },
	properties,
);

/** Operation 11. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const subscriptionId = readId(this, 'subscriptionId', itemIndex);
	const params = {
		...(await readDateAfter(this, itemIndex, client)),
		...readSort(this, itemIndex, 'orders'),
	};
	return toItems(
		await listRecords(this, client, itemIndex, (page) =>
			client.listSubscriptionOrders(subscriptionId, { ...params, ...page }),
		),
	);
}
