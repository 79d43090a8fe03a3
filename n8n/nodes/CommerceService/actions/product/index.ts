import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../descriptions';
import type { OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getPlans from './getPlans.operation';
import * as getPublished from './getPublished.operation';

export const operations: OperationsOf<'product'> = { get, getAll, getPlans, getPublished };

export const description: INodeProperties[] = [
	operationSelector(
		'product',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get a product with its payment plans and prices',
				action: 'Get a product',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List products with their payment plans and prices',
				action: 'Get many products',
			},
			{
				name: 'Get Plans',
				value: 'getPlans',
				description: "List a product's payment plans by ID and name",
				action: 'Get the payment plans of a product',
			},
			{
				name: 'Get Published',
				value: 'getPublished',
				description: 'List the IDs and names of all published products, newest first',
				action: 'Get the published products',
			},
		],
		'get',
	),
	...get.description,
	...getAll.description,
	...getPlans.description,
	...getPublished.description,
];
