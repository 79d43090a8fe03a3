import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../descriptions';
import type { OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: OperationsOf<'subscription'> = { get, getAll };

export const description: INodeProperties[] = [
	operationSelector(
		'subscription',
		[
			{
				name: 'Get',
				value: 'get',
				description: 'Get a subscription by ID, with its invoices and next bill date',
				action: 'Get a subscription',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List subscriptions, newest first',
				action: 'Get many subscriptions',
			},
		],
		'get',
	),
	...get.description,
	...getAll.description,
];
