import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { toItems } from '../../../common/items';
import { pagingOptions } from '../descriptions';
import { readParallelRequests } from '../readers';

const properties: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. name@email.com',
		required: true,
		default: '',
		description:
			'The email address of the customer to get; letter case and spaces around it do not matter',
	},
	pagingOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['getByEmail'] } },
	properties,
);

/**
 * The customer with this email, or no item: the API has no email filter, so the customers list is
 * walked (pages in parallel where the store reports totals) until the first match. As with n8n's
 * other lookups, nothing found means no output item; the node's "Always Output Data" setting turns
 * that into one empty item so the workflow goes on.
 */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const email = String(this.getNodeParameter('email', itemIndex, ''));
	const concurrency = readParallelRequests(this, itemIndex);
	const customer = await client.findCustomerByEmail(
		email,
		concurrency === undefined ? {} : { concurrency },
	);
	return customer ? toItems([customer]) : [];
}
