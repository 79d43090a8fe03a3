import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { dateAfterFilter, pagingOptions, returnAllAndLimit, sortCollection } from '../descriptions';
import { outputProperties, shapeRecords } from '../output';
import { listRecords, readDateAfter, readSort } from '../readers';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	...outputProperties('order'),
	dateAfterFilter,
	pagingOptions,
	sortCollection('orders'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['getAll'] } },
	properties,
);

/** `GET orders` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const params = {
		...(await readDateAfter(this, itemIndex, client)),
		...readSort(this, itemIndex, 'orders'),
	};
	const orders = await listRecords(this, client, itemIndex, 'listOrders', (page) =>
		client.listOrders({ ...params, ...page }),
	);
	return shapeRecords(this, 'order', toItems(orders), itemIndex);
}
