import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as customer from './actions/customer';
import * as order from './actions/order';
import * as product from './actions/product';
import * as subscription from './actions/subscription';
import type { Resource } from './actions/node.type';
import { router } from './actions/router';
import { getPlans, getProducts, getProductsOrAny } from '../common/methods/loadOptions';
import {
	searchCustomers,
	searchOrders,
	searchProducts,
	searchSubscriptions,
} from '../common/methods/listSearch';

/** The Resource selector; its values are the resources of `actions/node.type.ts`. */
const RESOURCE_OPTIONS: { name: string; value: Resource }[] = [
	{ name: 'Customer', value: 'customer' },
	{ name: 'Order', value: 'order' },
	{ name: 'Product', value: 'product' },
	{ name: 'Subscription', value: 'subscription' },
];

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
			...customer.description,
			...order.description,
			...product.description,
			...subscription.description,
		],
	};

	methods = {
		loadOptions: { getPlans, getProducts, getProductsOrAny },
		listSearch: { searchCustomers, searchOrders, searchProducts, searchSubscriptions },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
