import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { POLLABLE_EVENTS } from '@commerce-service/shared';
import { eventAndFilters } from '../common/descriptions/trigger';
import { searchProducts } from '../common/methods/listSearch';
import { getPlans, getProductsOrAny } from '../common/methods/loadOptions';
import { storeNodeError } from '../common/transport/errors';
import { runPoll } from './poll';

export class CommerceServicePollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Commerce Service Polling Trigger',
		name: 'commerceServicePollingTrigger',
		icon: {
			light: 'file:../../icons/commerceService.svg',
			dark: 'file:../../icons/commerceService.dark.svg',
		},
		group: ['trigger'],
		// 2: the Product filter is a record locator (empty: any product); 1: the product dropdown.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow for new store events by asking the store on a schedule: works behind a firewall and loses nothing while n8n is down',
		defaults: { name: 'Commerce Service Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'commerceServiceApi', required: true }],
		properties: [
			// Lead Captured is not offered: the store's API has no leads to read (docs/polling.md).
			...eventAndFilters(
				POLLABLE_EVENTS,
				'The store event that starts the workflow (Lead Captured needs the webhook trigger)',
			),
			{
				displayName:
					'Each poll emits every matching event since the previous one, oldest first. Amounts are decimals (49.5), as the webhook trigger’s; the store’s own number is kept as <field>_sent.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
		],
	};

	methods = {
		loadOptions: { getPlans, getProductsOrAny },
		listSearch: { searchProducts },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		try {
			const items = await runPoll(this);
			return items ? [this.helpers.returnJsonArray(items)] : null;
		} catch (error) {
			throw storeNodeError(this, error);
		}
	}
}
