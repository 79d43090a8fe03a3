import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../descriptions';
import type { OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getAllForSubscription from './getAllForSubscription.operation';
import * as getLatest from './getLatest.operation';
import * as getSalesSummary from './getSalesSummary.operation';

export const operations: OperationsOf<'order'> = {
	get,
	getAll,
	getAllForSubscription,
	getLatest,
	getSalesSummary,
};

export const description: INodeProperties[] = [
	operationSelector(
		'order',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get an order by ID',
				action: 'Get an order',
			},
			{
				name: 'Get Latest',
				value: 'getLatest',
				description: 'Get the 10 newest orders, filtered by product, plan and status',
				action: 'Get the latest orders',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List orders, newest first',
				action: 'Get many orders',
			},
			{
				name: 'Get Many for a Subscription',
				value: 'getAllForSubscription',
				description: 'List the orders of one subscription: its first payment and each renewal',
				action: 'Get many orders of a subscription',
			},
			{
				name: 'Get Sales Summary',
				value: 'getSalesSummary',
				description:
					"Sum a period's orders (gross, refunds, net, tax per currency, top products) and the subscriptions' MRR",
				action: 'Get a sales summary',
			},
		],
		'get',
	),
	...get.description,
	...getAll.description,
	...getAllForSubscription.description,
	...getLatest.description,
	...getSalesSummary.description,
];
