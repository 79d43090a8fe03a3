import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../common';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['subscription'] } },
		options: [
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
		default: 'get',
	},
	...get.description,
	...getAll.description,
];
