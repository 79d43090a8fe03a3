/**
 * Parameter descriptions the action node's operations share: paging (Return All / Limit), the Date
 * After filter, the Sort collection, and each resource's Operation selector (typed by `node.type.ts`).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	ORDERBY_VALUES,
	PAGING_LIMITS,
	RECORD_RESOURCES,
	type RecordResource,
} from '@commerce-service/shared';
import type { NodeMap, Resource } from './node.type';

/** Parallel Requests: the shared walk's default and ceiling. */
const { concurrency: DEFAULT_CONCURRENCY, maxConcurrency: MAX_CONCURRENCY } = PAGING_LIMITS;

/** One entry of a resource's Operation selector; `value` must be an operation of that resource. */
export type OperationOption<R extends Resource> = INodePropertyOptions & {
	value: NodeMap[R];
	action: string;
};

/** The Operation selector shown for `resource`. */
export function operationSelector<R extends Resource>(
	resource: R,
	options: OperationOption<R>[],
	defaultOperation: NodeMap[R],
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
}

export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/**
 * Options → Parallel Requests, for every operation that walks pages. Stores that report their totals
 * get the pages after the first `parallelRequests` at a time; a busy answer (429/503) drops the walk to
 * one at a time on its own.
 */
export const pagingOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Parallel Requests',
			name: 'parallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY, numberPrecision: 0 },
			default: DEFAULT_CONCURRENCY,
			description:
				'How many pages to ask the store for at once, when it reports how many there are. 1 = one at a time, for fragile hosts.',
		},
	],
};

export const dateAfterFilter: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			displayName: 'Created After',
			name: 'dateAfter',
			type: 'dateTime',
			default: '',
			description:
				"Only records created after the end of this day in the store's own time zone (records of the day itself are left out). A date and time with a zone, such as $now, counts as the store's day at that moment.",
		},
	],
};

const ORDER_BY_LABELS: Record<string, string> = {
	date_created: 'Date Created',
	date_modified: 'Date Modified',
	id: 'ID',
	product_name: 'Product Name',
};

/**
 * n8n's guidelines: sorting is a collection of its own, below Options, on every list of many records
 * (Return All) that the store sorts. The store sorts a resource's list when the catalogue names its
 * sort fields (`ORDERBY_VALUES`): orders, subscriptions and products, not customers.
 */
export function storeSorts(resource: RecordResource): boolean {
	return RECORD_RESOURCES[resource].collection in ORDERBY_VALUES;
}

export function sortCollection(list: keyof typeof ORDERBY_VALUES): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort Field',
		default: {},
		options: [
			{
				displayName: 'Order',
				name: 'order',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc', description: 'Oldest or smallest first' },
					{ name: 'Descending', value: 'desc', description: 'Newest or largest first' },
				],
				default: 'desc',
			},
			{
				displayName: 'Order By',
				name: 'orderBy',
				type: 'options',
				options: ORDERBY_VALUES[list].map((value) => ({
					name: ORDER_BY_LABELS[value] ?? value,
					value,
				})),
				default: 'date_created',
				description: 'The field the store sorts by',
			},
		],
	};
}
