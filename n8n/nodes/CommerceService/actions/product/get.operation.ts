import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../../shared/src';
import { readId, toItems } from '../common';

export const productPicker: INodeProperties = {
	displayName: 'Product Name or ID',
	name: 'productId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getProducts' },
	required: true,
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'The list shows published products; use an expression for a draft',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['product'], operation: ['get'] } },
	[productPicker],
);

/** Operation 15. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	return toItems([await client.getProduct(readId(this, 'productId', itemIndex))]);
}
