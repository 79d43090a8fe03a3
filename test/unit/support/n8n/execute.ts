import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import nock from 'nock';

import { CommerceService } from '../../../../n8n/nodes/CommerceService/CommerceService.node';
import { KEY, ORIGIN } from '../constants';
import { useNock } from '../nock';
import { type Fake, type FakeOptions, fakeExecute } from './context';

// Every suite that runs the action node through this kit gets the one nock lifecycle (`../nock.ts`).
useNock();

/** The action node run once on a fake `this`: its first output, and what the fake saw. */
export async function executeNode(
	options: FakeOptions,
): Promise<{ output: INodeExecutionData[] | undefined } & Fake> {
	const { context, ...fake } = fakeExecute(options);
	const [output] = await new CommerceService().execute.call(context);
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
