/**
 * What both trigger nodes ask first: the event, then the Product and Plans filters. The webhook trigger
 * offers every event of the shared catalogue; the polling trigger those the REST API can show.
 */
import type { INodeProperties } from 'n8n-workflow';

import { EVENTS, type EventKey } from '../../../../shared/src';
import { planFilter, productFilter } from './pickers';

export function eventAndFilters(
	events: readonly EventKey[],
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
		productFilter('events'),
		planFilter('events of these payment plans, or of purchases made as a bump, upsell or downsell'),
	];
}
