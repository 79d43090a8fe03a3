import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	choiceText,
	readProductPlanChoices,
} from '@commerce-service/shared';
import { planFilter, productFilter } from '../../../common/descriptions/pickers';
import { toItems } from '../../../common/items';

const properties: INodeProperties[] = [
	productFilter('orders'),
	planFilter('orders of these payment plans'),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Active Subscription', value: 'active' },
			{ name: 'Any Status', value: '' },
			{ name: 'Canceled Subscription', value: 'canceled' },
			{ name: 'Completed', value: 'completed', description: 'Completed orders or payment plans' },
			{ name: 'Paid', value: 'paid', description: 'Paid or completed orders' },
			{ name: 'Paused Subscription', value: 'paused' },
			{
				name: 'Pending Payment',
				value: 'pending',
				description: 'Cash-on-delivery orders awaiting payment',
			},
		],
		default: '',
		description: 'Only orders in this state',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['getLatest'] } },
	properties,
);

/** `POST webhook/latest-orders/`: at most the 10 newest orders; "no orders yet" is an empty result, not an error. */
export async function execute(
	this: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const { productId, planIds } = readProductPlanChoices({
		productId: this.getNodeParameter('productId', itemIndex, ''),
		planIds: this.getNodeParameter('planIds', itemIndex, []),
	});
	const status = choiceText(this.getNodeParameter('status', itemIndex, ''));
	const orders = await client.latestOrders({
		product_id: productId ?? null,
		plan_id: planIds,
		status: status || null,
	});
	return toItems(orders);
}
