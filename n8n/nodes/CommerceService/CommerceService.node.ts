import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { RECORD_RESOURCES, RECORD_RESOURCE_NAMES } from '@commerce-service/shared';
import type { Resource } from './actions/node.type';
import { RESOURCE_FOLDERS, router } from './actions/router';
import { getPlans, getProducts, getProductsOrAny } from '../common/methods/loadOptions';
import { LIST_SEARCH } from '../common/methods/listSearch';

/** The Resource selector: the shared record resources, each with its folder of `actions/` (`RESOURCE_FOLDERS`). */
const RESOURCE_OPTIONS: { name: string; value: Resource }[] = RECORD_RESOURCE_NAMES.map(
	(resource) => ({
		name: RECORD_RESOURCES[resource].displayName,
		value: resource,
	}),
);

export class CommerceService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Commerce Service',
		name: 'commerceService',
		icon: {
			light: 'file:../../icons/commerceService.svg',
			dark: 'file:../../icons/commerceService.dark.svg',
		},
		group: ['input'],
		// 2: record locators, and Simplify (or an agent's Output) on Get and Get Many; 1: plain ID fields.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Read customers, orders, subscriptions and products of a Studiocart store',
		defaults: { name: 'Commerce Service' },
		usableAsTool: true,
		builderHint: {
			searchHint:
				'Reads (never changes) the customers, orders, subscriptions and products of a Studiocart store on WordPress; pair with Commerce Service Trigger to react to sales',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-commerce-service.commerceServiceTrigger',
					relationHint: 'Starts a workflow when the store sells, refunds or renews',
				},
			],
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'commerceServiceApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCE_OPTIONS,
				default: 'order',
			},
			...RECORD_RESOURCE_NAMES.flatMap((resource) => RESOURCE_FOLDERS[resource].description),
		],
	};

	methods = {
		loadOptions: { getPlans, getProducts, getProductsOrAny },
		listSearch: LIST_SEARCH,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
