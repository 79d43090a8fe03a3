/**
 * Deliveries checked before they start anything (docs/verification.md): the shared admission decision
 * (`shared/src/events/admit.ts`), with its notices in n8n's log. Forged deliveries are dropped.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { type DeliveredEvent, admitDeliveries as admit } from '../../../shared/src';
import { storeClient } from '../common/transport';

const LOG_PREFIX = 'Commerce Service Trigger';

/** The records that go on, each with its `verification` marker where it was checked. */
export async function admitDeliveries(
	context: IWebhookFunctions,
	delivered: readonly DeliveredEvent[],
	event: string,
	verify: boolean,
): Promise<IDataObject[]> {
	const { admitted, notices } = await admit({
		delivered,
		event,
		verify,
		// The store waits for the webhook's answer: its read gets the short retry budget.
		client: async () => await storeClient.call(context, { purpose: 'verification' }),
	});
	for (const notice of notices) {
		const line = `${LOG_PREFIX}: ${notice.message}`;
		if (notice.level === 'warn') context.logger.warn(line);
		else context.logger.info(line);
	}
	return admitted.map((record) => ({ ...record }) as IDataObject);
}
