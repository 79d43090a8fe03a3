/**
 * What the polling trigger does on each poll, apart from n8n's node description: read its setup, run
 * the shared polling engine with the state kept in the node's static data, and shape the events as
 * items (docs/polling.md). Kept out of the node file so the node stays a description plus one call.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type EventRecord,
	latestEvent,
	markReadFromStore,
	pollEvents,
	readPollSetup,
} from '@commerce-service/shared';
import { nodeLog, triggerParameters } from '../common/context';
import { toItems } from '../common/items';
import { n8nClient } from '../common/transport';

/** Where the engine's state lives in the node's static data (one key, plain JSON). */
export const STATE_KEY = 'pollState';

function toPollItems(events: readonly EventRecord[]): IDataObject[] {
	// A polled record was read from the store with the API key: marked verified, as a checked delivery.
	return toItems(events.map((event) => markReadFromStore(event)));
}

/** The workflow static data key of a node's first-look copy (one per trigger node). */
const firstLookKey = (nodeId: string): string => `commerceServicePollFirstLook:${nodeId}`;

/** Of the node's state and the first-look copy, the one a poll changed last (the node's on a tie). */
function newer(own: unknown, copy: unknown): unknown {
	const at = (state: unknown): string =>
		state !== null &&
		typeof state === 'object' &&
		typeof (state as IDataObject).polledAt === 'string'
			? ((state as IDataObject).polledAt as string)
			: '';
	return copy !== undefined && at(copy) > at(own) ? copy : own;
}

/**
 * One poll. In manual mode ("Fetch Test Event") the newest matching record, and the state is left
 * alone; otherwise every matching event since the last poll, oldest first, with the new state saved
 * in static data (n8n persists it with the execution, or at activation for the first poll).
 */
export async function runPoll(context: IPollFunctions): Promise<IDataObject[] | null> {
	const client = await n8nClient.call(context);
	// Checked before any request: an event the store's API cannot show (a lead) fails with why.
	const filters = readPollSetup(await triggerParameters(context), client.store.label);

	if (context.getMode() === 'manual') {
		const latest = await latestEvent({ client, filters });
		if (!latest) {
			throw new NodeOperationError(
				context.getNode(),
				'No matching record among the store’s recent changes',
				{
					description:
						'The test looks through the most recently changed orders or subscriptions. Make a matching sale on the store, or loosen the Product and Plans filters, then fetch again.',
				},
			);
		}
		return toPollItems([latest]);
	}

	const staticData = context.getWorkflowStaticData('node');
	const workflowData = context.getWorkflowStaticData('global');
	const copyKey = firstLookKey(context.getNode().id);
	const log = nodeLog(context, 'Commerce Service Polling Trigger');
	const result = await pollEvents({
		client,
		filters,
		state: newer(staticData[STATE_KEY], workflowData[copyKey]),
		logger: log,
	});
	staticData[STATE_KEY] = result.state as unknown as IDataObject;
	// A first look is also kept in the workflow's own static data: on n8n's durable scheduler the node's
	// static data is a cursor n8n does not commit for the poll it runs at activation, while the workflow's
	// is saved there (docs/polling.md#on-n8ns-durable-scheduler). Once a later poll has run, the copy goes.
	if (result.firstLook) workflowData[copyKey] = result.state as unknown as IDataObject;
	else if (copyKey in workflowData) delete workflowData[copyKey];
	if (result.events.length === 0) return null;
	log.info(
		`${result.events.length} ${filters.event} event(s) on ${client.store.label} (${result.requests} request(s))`,
	);
	return toPollItems(result.events);
}
