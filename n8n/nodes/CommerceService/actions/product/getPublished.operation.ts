import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';

// `GET webhook/products/` takes no parameters.
export const description: INodeProperties[] = [];

/** `GET webhook/products/`: every published product, newest first, as ID and name. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
): Promise<IDataObject[]> {
	return toItems(await client.listWebhookProducts());
}
