import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../descriptions';
import type { OperationsOf } from '../node.type';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getByEmail from './getByEmail.operation';

export const operations: OperationsOf<'customer'> = { get, getAll, getByEmail };

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
				name: 'Get by Email',
				value: 'getByEmail',
				description: 'Find the customer with an email address (no item when the store has none)',
				action: 'Get a customer by email',
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
	...getByEmail.description,
];
