import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../descriptions';
import type { OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: OperationsOf<'customer'> = { get, getAll };

export const description: INodeProperties[] = [
	operationSelector(
		'customer',
		[
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
		'get',
	),
	...get.description,
	...getAll.description,
];
