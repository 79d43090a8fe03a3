import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { dateAfterFilter, pagingOptions, returnAllAndLimit, sortCollection } from '../descriptions';
import { outputProperties, shapeRecords } from '../output';
import { listRecords, readDateAfter, readSort } from '../readers';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	...outputProperties('subscription'),
	dateAfterFilter,
	pagingOptions,
	sortCollection('subscriptions'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['subscription'], operation: ['getAll'] } },
	properties,
);

/** `GET subscriptions` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const params = {
		...(await readDateAfter(this, itemIndex, client)),
		...readSort(this, itemIndex, 'subscriptions'),
	};
	const subscriptions = await listRecords(this, client, itemIndex, 'listSubscriptions', (page) =>
		client.listSubscriptions({ ...params, ...page }),
	);
	return shapeRecords(this, 'subscription', toItems(subscriptions), itemIndex);
}
