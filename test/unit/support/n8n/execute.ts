import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import nock from 'nock';

import { CommerceService } from '../../../../n8n/nodes/CommerceService/CommerceService.node';
import type * as ActionNode from '../../../../n8n/nodes/CommerceService/CommerceService.node';
import { loadFresh } from '../freshProcess';
import { KEY, ORIGIN } from '../constants';
import { useNock } from '../nock';
import { type Fake, type FakeOptions, fakeExecute } from './context';

// Every suite that runs the action node through this kit gets the one nock lifecycle (`../nock.ts`).
useNock();

/**
 * The action node run once on a fake `this`: its first output, and what the fake saw. `freshProcess`:
 * the node as a new process loads it, with nothing kept of the store's site.
 */
export async function executeNode(
	options: FakeOptions & { freshProcess?: boolean },
): Promise<{ output: INodeExecutionData[] | undefined } & Fake> {
	const { context, ...fake } = fakeExecute(options);
	const Node = options.freshProcess
		? loadFresh(
				() =>
					require('../../../../n8n/nodes/CommerceService/CommerceService.node') as typeof ActionNode,
			).CommerceService
		: CommerceService;
	const [output] = await new Node().execute.call(context);
	return { output, ...fake };
}

/** Get Many of one resource: the action node run once with these parameters. */
export function executeGetMany(
	resource: string,
	parameters: IDataObject,
): Promise<{ output: INodeExecutionData[] | undefined } & Fake> {
	return executeNode({ parameters: { resource, operation: 'getAll', ...parameters } });
}

/** nock on the store, answering only requests that carry the credential's key in `x-api-key`. */
export function keyedStore(): nock.Scope {
	return nock(ORIGIN, { reqheaders: { 'x-api-key': KEY } });
}

/**
 * The action node's Get of `resource`, against a store that answers `GET <path>` (with the key) with
 * `record`: the first item's JSON, once the store was asked.
 */
export async function executeGet(
	resource: string,
	parameters: IDataObject,
	path: string,
	record: object,
): Promise<IDataObject | undefined> {
	const scope = keyedStore().get(path).reply(200, record);
	const { output } = await executeNode({
		parameters: { resource, operation: 'get', ...parameters },
	});
	scope.done();
	return output?.[0]?.json;
}

/**
 * The action node's Get Many of `resource`, against a store that answers `GET <path>` with exactly
 * `query` (and the key) with `records`: the items' JSON, once the store was asked.
 */
export async function executeGetManyAnswered(
	resource: string,
	parameters: IDataObject,
	path: string,
	query: Record<string, string>,
	records: object[],
): Promise<IDataObject[] | undefined> {
	const scope = keyedStore().get(path).query(query).reply(200, records);
	const { output } = await executeGetMany(resource, parameters);
	scope.done();
	return output?.map((item) => item.json);
}
