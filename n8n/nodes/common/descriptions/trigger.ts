/**
 * What both trigger nodes ask first: the event, then the Product and Plans filters. The webhook trigger
 * offers every event of the shared catalogue; the polling trigger those the REST API can show.
 */
import type { INodeProperties } from 'n8n-workflow';

import { EVENTS, type EventKind } from '@commerce-service/shared';
import { recordLocator } from './locators';
import { planFilter, productFilter } from './pickers';

const VERSION_1 = { '@version': [1] };
const FROM_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };

export function eventAndFilters(
	events: readonly EventKind['key'][],
	description: string,
): INodeProperties[] {
	const options = EVENTS.filter((kind) => events.includes(kind.key))
		.sort((a, b) => a.label.localeCompare(b.label))
		.map((kind) => ({ name: kind.label, value: kind.key, description: kind.description }));
	return [
		{
			displayName: 'Event',
			name: 'event',
			type: 'options',
			required: true,
			options,
			default: 'purchased',
			description,
		},
		// Version 2: the product is a record locator, empty for any product; Plans follow its value.
		{
			...recordLocator('product', {
				displayName: 'Product',
				name: 'productId',
				description:
					'Only events of this product (also when it was bought as a bump); leave empty for any product',
			}),
			required: false,
			displayOptions: { show: FROM_VERSION_2 },
		},
		{ ...productFilter('events'), displayOptions: { show: VERSION_1 } },
		{
			...planFilter(
				'events of these payment plans, or of purchases made as a bump, upsell or downsell',
				'productId.value',
			),
			displayOptions: { show: FROM_VERSION_2 },
		},
		{
			...planFilter(
				'events of these payment plans, or of purchases made as a bump, upsell or downsell',
			),
			displayOptions: { show: VERSION_1 },
		},
	];
}
