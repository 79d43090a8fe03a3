import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../../shared/src';
import { productPicker } from '../../../common/descriptions/pickers';
import { toItems } from '../../../common/items';
import { readId } from '../readers';

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
