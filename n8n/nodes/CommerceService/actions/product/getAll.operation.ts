import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { pagingOptions, returnAllAndLimit, sortCollection } from '../descriptions';
import { outputProperties, shapeRecords } from '../output';
import { listRecords, readSort } from '../readers';

// The store filters products by nothing but paging and sort (no Date After).
const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	...outputProperties('product'),
	pagingOptions,
	sortCollection('products'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['product'], operation: ['getAll'] } },
	properties,
);

/** `GET products` */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const params = readSort(this, itemIndex, 'products');
	const products = await listRecords(this, client, itemIndex, 'listProducts', (page) =>
		client.listProducts({ ...params, ...page }),
	);
	return shapeRecords(this, 'product', toItems(products), itemIndex);
}
