/**
 * Runtime readers of the action node's parameters: paging through the shared paginator, Sort, Date
 * After and record IDs, each refusing a value the store would not take with a message naming it.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	OPERATIONS,
	type Page,
	type PageParams,
	PAGING_LIMITS,
	ORDERBY_VALUES,
	type RecordResource,
	collect,
	locatedId,
} from '@commerce-service/shared';
import { itemError } from '../../common/transport/errors';

/** The store's list operations: each has its own advice for a list too long for one walk. */
type ListOperation = {
	[K in keyof typeof OPERATIONS]: (typeof OPERATIONS)[K] extends { inParts: string } ? K : never;
}[keyof typeof OPERATIONS];

/** Return All through the shared paginator, or the first `limit` records, of the list `operation` reads. */
export async function listRecords<T>(
	context: IExecuteFunctions,
	client: CommerceServiceClient,
	itemIndex: number,
	operation: ListOperation,
	list: (page: PageParams) => Promise<Page<T>>,
): Promise<T[]> {
	const concurrency = readParallelRequests(context, itemIndex);
	const { inParts } = OPERATIONS[operation];
	const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
	// A list Return All cannot read to its end fails (IncompleteListError), never comes back short.
	if (returnAll)
		return await collect(client.iterate(list, { concurrency, operation: 'Return All', inParts }));
	const limit = Number(context.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		throw itemError(context.getNode(), 'Limit must be a whole number of at least 1', { itemIndex });
	}
	return await collect(client.iterate(list, { limit, concurrency, inParts }));
}

/** Options → Parallel Requests (1 to 16); left out, the paginator's default. */
export function readParallelRequests(
	context: IExecuteFunctions,
	itemIndex: number,
): number | undefined {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const raw = options.parallelRequests;
	if (raw === undefined || raw === null || raw === '') return undefined;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < 1 || value > PAGING_LIMITS.maxConcurrency) {
		throw itemError(
			context.getNode(),
			`Parallel Requests "${String(raw)}" is not a whole number from 1 to ${PAGING_LIMITS.maxConcurrency}`,
			{
				description: 'Use 1 for a fragile host (one page at a time), or up to 16 for a fast one',
				itemIndex,
			},
		);
	}
	return value;
}

type OrderBy<L extends keyof typeof ORDERBY_VALUES> = (typeof ORDERBY_VALUES)[L][number];

/** The Sort collection as the API's `orderby` / `order`; values outside the resource's list are refused. */
export function readSort<L extends keyof typeof ORDERBY_VALUES>(
	context: IExecuteFunctions,
	itemIndex: number,
	list: L,
): { orderby?: OrderBy<L>; order?: 'asc' | 'desc' } {
	const sort = context.getNodeParameter('sort', itemIndex, {}) as IDataObject;
	const out: { orderby?: OrderBy<L>; order?: 'asc' | 'desc' } = {};
	if (sort.orderBy !== undefined && sort.orderBy !== '') {
		const allowed: readonly string[] = ORDERBY_VALUES[list];
		const value = String(sort.orderBy);
		if (!allowed.includes(value)) {
			throw itemError(
				context.getNode(),
				`Sort → Order By "${value}" is not a field ${list} can be sorted by`,
				{
					description: `Choose one of: ${allowed.join(', ')}`,
					itemIndex,
				},
			);
		}
		out.orderby = value as OrderBy<L>;
	}
	if (sort.order !== undefined && sort.order !== '') {
		const value = String(sort.order);
		if (value !== 'asc' && value !== 'desc') {
			throw itemError(context.getNode(), `Sort → Order "${value}" is not a sort order`, {
				description: 'Choose Ascending or Descending',
				itemIndex,
			});
		}
		out.order = value;
	}
	return out;
}

/**
 * Filters → Created After as the API's `date_after`: the site-local day the user meant (a picked day as
 * written, a moment such as `$now` as the store's day at that moment: the client's `filterDayOf`).
 */
export async function readDateAfter(
	context: IExecuteFunctions,
	itemIndex: number,
	client: CommerceServiceClient,
): Promise<{ date_after?: string }> {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const raw: unknown = filters.dateAfter;
	if (raw === undefined || raw === null || raw === '') return {};
	const reading = await client.filterDayOf(raw);
	if (reading.day === null) {
		throw itemError(context.getNode(), `Created After "${String(raw)}" is not a date`, {
			description: `Pick a date, or use an expression that gives one such as 2026-01-31 or $today (${reading.reason})`,
			itemIndex,
		});
	}
	return { date_after: reading.day };
}

/**
 * The record a locator parameter names: From List, By ID or By URL (version 2), or the plain ID text a
 * version 1 node saved. `parameter` and `operation` name it in the message a wrong link gets.
 */
export function readRecordId(
	context: IExecuteFunctions,
	client: CommerceServiceClient,
	name: string,
	itemIndex: number,
	where: { resource: RecordResource; parameter: string; operation: string },
): string {
	const raw: unknown = context.getNodeParameter(name, itemIndex, '');
	if (typeof raw === 'string' || typeof raw === 'number') return String(raw).trim();
	if (typeof raw === 'object' && raw !== null && 'mode' in raw) {
		const locator = raw as { mode: unknown; value: unknown };
		return locatedId(
			client.store,
			where.resource,
			{ mode: String(locator.mode), value: locator.value },
			where,
		);
	}
	return '';
}
