/**
 * Deliveries checked before they start anything (docs/verification.md): the shared admission decision
 * (`shared/src/events/admit.ts`), with its notices in n8n's log. Forged deliveries are dropped.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	type DeliveredEvent,
	admitDeliveries as admit,
	takesStore,
} from '../../../shared/src';
import { storeClient } from '../common/transport';

const LOG_PREFIX = 'Commerce Service Trigger';

/** Whether admitting these records takes the store's key or a read (the shared admission's rule). */
export function needsStore(delivered: readonly DeliveredEvent[], verify: boolean): boolean {
	return delivered.some((delivery) => takesStore(delivery, verify));
}

/** The client for the verification read, with its short retry budget. */
export async function verificationClient(
	context: IWebhookFunctions,
): Promise<CommerceServiceClient> {
	return await storeClient.call(context, { purpose: 'verification' });
}

/** The records that go on, each with its `verification` marker where it was checked. */
export async function admitDeliveries(
	context: IWebhookFunctions,
	delivered: readonly DeliveredEvent[],
	event: string,
	verify: boolean,
	client?: CommerceServiceClient,
): Promise<IDataObject[]> {
	const { admitted, notices } = await admit({
		delivered,
		event,
		verify,
		client: async () => client ?? (await verificationClient(context)),
	});
	for (const notice of notices) {
		const line = `${LOG_PREFIX}: ${notice.message}`;
		if (notice.level === 'warn') context.logger.warn(line);
		else context.logger.info(line);
	}
	return admitted.map((record) => ({ ...record }) as IDataObject);
}
