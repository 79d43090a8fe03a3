/**
 * The From List mode of the record locators: one shared search per resource (`searchRecords`: the
 * store's own lists, a typed number read directly, customers found by email), mapped to n8n's
 * list-search result with the record's admin edit link.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { type RecordResource, searchRecords } from '../../../../shared/src';
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
		throw await storeNodeError(context, error);
	}
}

export async function searchOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await search(this, 'order', filter, paginationToken);
}

export async function searchSubscriptions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await search(this, 'subscription', filter, paginationToken);
}

export async function searchCustomers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await search(this, 'customer', filter, paginationToken);
}

export async function searchProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await search(this, 'product', filter, paginationToken);
}
