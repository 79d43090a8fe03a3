import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../../shared/src';
import { toItems } from '../../../common/items';

// Operation 4 takes no parameters.
export const description: INodeProperties[] = [];

/** Operation 4: every published product, newest first, as ID and name. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
): Promise<IDataObject[]> {
	return toItems(await client.listWebhookProducts());
}
