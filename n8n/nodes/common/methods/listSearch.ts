/**
 * The From List mode of the record locators: one shared search per resource (`searchRecords`: the
 * store's own lists, a typed number read directly, customers found by email), mapped to n8n's
 * list-search result with the record's admin edit link.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import {
	RECORD_RESOURCES,
	RECORD_RESOURCE_NAMES,
	type RecordResource,
	searchRecords,
} from '@commerce-service/shared';
import { n8nClient } from '../transport';
import { storeNodeError } from '../transport/errors';

async function search(
	context: ILoadOptionsFunctions,
	resource: RecordResource,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	try {
		const client = await n8nClient.call(context);
		const page = await searchRecords(client, resource, { filter, token: paginationToken });
		return {
			results: page.results.map((entry) => ({
				name: entry.label,
				value: entry.id,
				url: entry.url,
			})),
			...(page.nextToken ? { paginationToken: page.nextToken } : {}),
		};
	} catch (error) {
		throw storeNodeError(context, error);
	}
}

type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

function listSearchOf(resource: RecordResource): ListSearchMethod {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await search(this, resource, filter, paginationToken);
	};
}

/** The list-search method of a resource, as `methods.listSearch` names it and its locator asks for it: `searchOrders`. */
export function searchMethodName(resource: RecordResource): string {
	const { collection } = RECORD_RESOURCES[resource];
	return `search${collection.charAt(0).toUpperCase()}${collection.slice(1)}`;
}

/** Every resource's list search by its method name: the action node's `methods.listSearch`. */
export const LIST_SEARCH: Readonly<Record<string, ListSearchMethod>> = Object.fromEntries(
	RECORD_RESOURCE_NAMES.map((resource) => [searchMethodName(resource), listSearchOf(resource)]),
);

/** The triggers' Product picker. */
export const searchProducts = listSearchOf('product');
