import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	SUMMARY_PERIODS,
	choiceText,
	salesSummary,
} from '@commerce-service/shared';
import { readParallelRequests } from '../readers';
import { pagingOptions } from '../descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		// n8n lists options by name.
		options: SUMMARY_PERIODS.map(({ value, label, description }) => ({
			name: label,
			value,
			description,
		})).sort((a, b) => a.name.localeCompare(b.name)),
		default: 'yesterday',
		description: "The days to sum, in the store's own time zone",
	},
	{
		displayName: 'From',
		name: 'from',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: { period: ['custom'] } },
		description: "The period's first day, in the store's own days",
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: { period: ['custom'] } },
		description: "The period's last day (included), in the store's own days",
	},
	{
		displayName: 'Product Name or ID',
		name: 'productId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getProductsOrAny' },
		default: '',
		description:
			'Only orders and subscriptions whose main product is this one. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Subscriptions (MRR)',
		name: 'subscriptions',
		type: 'boolean',
		default: true,
		description:
			'Whether to read every subscription of the store for the monthly recurring revenue (one request per 100 subscriptions)',
	},
	pagingOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['getSalesSummary'] } },
	properties,
);

/** `GET orders` of the period and every page of `GET subscriptions`, summed by the shared `salesSummary`. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const period = String(this.getNodeParameter('period', itemIndex, 'yesterday'));
	const custom = period === 'custom';
	const concurrency = readParallelRequests(this, itemIndex);
	const summary = await salesSummary(client, {
		period,
		from: custom ? this.getNodeParameter('from', itemIndex, '') : undefined,
		to: custom ? this.getNodeParameter('to', itemIndex, '') : undefined,
		productId: choiceText(this.getNodeParameter('productId', itemIndex, '')) || null,
		subscriptions: this.getNodeParameter('subscriptions', itemIndex, true) as boolean,
		...(concurrency === undefined ? {} : { concurrency }),
	});
	return [{ ...summary }];
}
