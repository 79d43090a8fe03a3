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
		displayOptions: { show: { resource: ['customer'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a customer by ID',
				action: 'Get a customer',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List customers with their lifetime value and order count',
				action: 'Get many customers',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
];
