import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { pagingOptions, returnAllAndLimit } from '../descriptions';
import { outputProperties, shapeRecords } from '../output';
import { listRecords } from '../readers';

// The store lists customers with paging only: no date filter and no sort.
const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	...outputProperties('customer'),
	pagingOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['getAll'] } },
	properties,
);

/** `GET customers` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const customers = await listRecords(this, client, itemIndex, 'listCustomers', (page) =>
		client.listCustomers(page),
	);
	return shapeRecords(this, 'customer', toItems(customers), itemIndex);
}
