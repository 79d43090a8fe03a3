/**
 * What the polling trigger does on each poll, apart from n8n's node description: read its setup, run
 * the shared polling engine with the state kept in the node's static data, and shape the events as
 * items (docs/polling.md). Kept out of the node file so the node stays a description plus one call.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type EventRecord,
	type VerificationMarker,
	VERIFICATION_FIELD,
	latestEvent,
	pollEvents,
	readPollSetup,
} from '../../../shared/src';
import { nodeLog, triggerParameters } from '../common/context';
import { toItems } from '../common/items';
import { storeClient } from '../common/transport';

/** Where the engine's state lives in the node's static data (one key, plain JSON). */
export const STATE_KEY = 'pollState';

/**
 * A polled record was read from the store with the API key: it is genuine by construction. It carries
 * the webhook trigger's marker too, so a workflow that keeps only verified items works with either
 * trigger.
 */
const READ_FROM_STORE: VerificationMarker = { status: 'verified', method: 'store' };

export function toPollItems(events: readonly EventRecord[]): IDataObject[] {
	return toItems(events.map((event) => ({ ...event, [VERIFICATION_FIELD]: READ_FROM_STORE })));
}

/**
 * One poll. In manual mode ("Fetch Test Event") the newest matching record, and the state is left
 * alone; otherwise every matching event since the last poll, oldest first, with the new state saved
 * in static data (n8n persists it with the execution, or at activation for the first poll).
 */
export async function runPoll(context: IPollFunctions): Promise<IDataObject[] | null> {
	const client = await storeClient.call(context);
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
	const log = nodeLog(context, 'Commerce Service Polling Trigger');
	const result = await pollEvents({
		client,
		filters,
		state: staticData[STATE_KEY],
		logger: log,
	});
	staticData[STATE_KEY] = result.state as unknown as IDataObject;
	if (result.events.length === 0) return null;
	log.info(
		`${result.events.length} ${filters.event} event(s) on ${client.store.label} (${result.requests} request(s))`,
	);
	return toPollItems(result.events);
}
