/**
 * Deliveries checked before they start anything (docs/verification.md). The shared parser has already
 * taken `studiocart_secret` out of every record; here each matching record is verified with the store
 * (on by default), or, with the option off, judged by its secret alone (a wrong secret is proof of
 * forgery without a read). Forged deliveries are dropped with a warning that names the reason, never
 * the customer or the key.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	type DeliveredEvent,
	type Verification,
	checkOrigin,
	markVerification,
	verifiedItem,
} from '../../../shared/src';
import { storeClient } from '../shared/transport';

const LOG_PREFIX = 'Commerce Service Trigger';

/** The records that go on, each with its `verification` marker where it was checked. */
export async function admitDeliveries(
	context: IWebhookFunctions,
	delivered: readonly DeliveredEvent[],
	event: string,
	verify: boolean,
): Promise<IDataObject[]> {
	let client: CommerceServiceClient | undefined;
	const clientOnce = async () => (client ??= await storeClient.call(context));
	const admitted: IDataObject[] = [];
	for (const delivery of delivered) {
		if (!verify && !delivery.secret) {
			// Not checked, as the user chose: the delivery goes on as the store sent it.
			admitted.push({ ...delivery.record } as IDataObject);
			continue;
		}
		const store = await clientOnce();
		const { verdict, item } = verify
			? await verifiedItem(store, delivery, event)
			: secretOnly(delivery, store.store.apiKey);
		report(context, verdict, event, store.store.label);
		if (item) admitted.push({ ...item } as IDataObject);
	}
	return admitted;
}

/** The option off: the secret alone decides, and no read is made. */
function secretOnly(delivery: DeliveredEvent, apiKey: string): { verdict: Verification; item: IDataObject | null } {
	const verdict: Verification =
		checkOrigin(delivery.secret, apiKey) === 'match'
			? { status: 'verified', method: 'secret' }
			: {
					status: 'forged',
					reason: 'secret-mismatch',
					message: 'the delivery carries a studiocart_secret that is not this store’s API key',
				};
	return { verdict, item: markVerification(delivery.record, verdict) as IDataObject | null };
}

function report(context: IWebhookFunctions, verdict: Verification, event: string, store: string): void {
	if (verdict.status === 'forged') {
		context.logger.warn(
			`${LOG_PREFIX}: dropped a "${event}" delivery that did not come from ${store} (${verdict.reason}): ${verdict.message}. No execution was started.`,
		);
	} else if (verdict.status === 'unverified') {
		context.logger.warn(
			`${LOG_PREFIX}: a "${event}" delivery goes on unverified (${verdict.reason}): ${verdict.message}`,
		);
	}
}
