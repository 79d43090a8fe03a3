/**
 * What the polling trigger does on each poll, apart from n8n's node description: read its setup, run
 * the shared polling engine with the state kept in the node's static data, and shape the events as
 * items (docs/polling.md). Kept out of the node file so the node stays a description plus one call.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type EventFilters,
	type EventRecord,
	type VerificationMarker,
	POLLABLE_EVENTS,
	VERIFICATION_FIELD,
	choiceText,
	eventFiltersOf,
	latestEvent,
	pollEvents,
	readTriggerChoices,
} from '../../../shared/src';
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

type ParameterReader = (name: string, fallback: unknown) => unknown;

/** The trigger's event and its Product and Plans filters, as the webhook trigger reads them. */
export function readPollFilters(context: IPollFunctions, parameter: ParameterReader): EventFilters {
	const event = choiceText(parameter('event', ''));
	if (!(POLLABLE_EVENTS as readonly string[]).includes(event)) {
		throw new NodeOperationError(context.getNode(), `"${event}" cannot be polled`, {
			description:
				event === 'lead'
					? 'The store’s API has no leads: use the Commerce Service Trigger (webhook) for Lead Captured.'
					: 'Choose one of the events in the list.',
		});
	}
	const choices = readTriggerChoices({
		productId: parameter('productId', ''),
		planIds: parameter('planIds', []),
	});
	return eventFiltersOf(event, choices);
}

export function toPollItems(events: readonly EventRecord[]): IDataObject[] {
	return toItems(events.map((event) => ({ ...event, [VERIFICATION_FIELD]: READ_FROM_STORE })));
}

/**
 * One poll. In manual mode ("Fetch Test Event") the newest matching record, and the state is left
 * alone; otherwise every matching event since the last poll, oldest first, with the new state saved
 * in static data (n8n persists it with the execution, or at activation for the first poll).
 */
export async function runPoll(context: IPollFunctions): Promise<IDataObject[] | null> {
	const filters = readPollFilters(context, (name, fallback) =>
		context.getNodeParameter(name, fallback),
	);
	const client = await storeClient.call(context);

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
	const result = await pollEvents({
		client,
		filters,
		state: staticData[STATE_KEY],
		logger: {
			info: (message) => context.logger.info(`Commerce Service Polling Trigger: ${message}`),
			warn: (message) => context.logger.warn(`Commerce Service Polling Trigger: ${message}`),
		},
	});
	staticData[STATE_KEY] = result.state as unknown as IDataObject;
	if (result.events.length === 0) return null;
	context.logger.info(
		`Commerce Service Polling Trigger: ${result.events.length} ${filters.event} event(s) on ${client.store.label} (${result.requests} request(s))`,
	);
	return toPollItems(result.events);
}
