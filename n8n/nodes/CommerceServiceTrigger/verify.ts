/**
 * Deliveries checked before they start anything (docs/verification.md): the shared admission decision
 * (`shared/src/events/admit.ts`), with its notices in n8n's log. Forged deliveries are dropped.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	type DeliveredEvent,
	admitDeliveries as admit,
} from '../../../shared/src';
import { storeClient } from '../common/transport';

const LOG_PREFIX = 'Commerce Service Trigger';

/** The records that go on, each with its `verification` marker where it was checked. */
export async function admitDeliveries(
	context: IWebhookFunctions,
	delivered: readonly DeliveredEvent[],
	event: string,
	verify: boolean,
): Promise<IDataObject[]> {
	let client: CommerceServiceClient | undefined;
	// The store waits for the webhook's answer: its read gets the short retry budget.
	const store = async () =>
		(client ??= await storeClient.call(context, { purpose: 'verification' }));
	const { admitted, notices } = await admit({ delivered, event, verify, client: store });
	for (const notice of notices) {
		const line = `${LOG_PREFIX}: ${notice.message}`;
		if (notice.level === 'warn') context.logger.warn(line);
		else context.logger.info(line);
	}
	// Each timestamp also as an instant (docs/dates.md), on the same client: one zone read per delivery.
	const dated = await (await store()).withInstants(admitted);
	return dated.map((record) => ({ ...record }) as IDataObject);
}
