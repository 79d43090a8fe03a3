import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	type DeliveredEvent,
	type EventRecord,
	EVENTS,
	admitReceived,
	readDelivery,
	readTriggerSetup,
	receiveDelivery,
} from '../../../shared/src';
import { nodeLog, triggerParameters } from '../common/context';
import { toItems } from '../common/items';
import { eventAndFilters } from '../common/descriptions/trigger';
import { searchProducts } from '../common/methods/listSearch';
import { getPlans, getProductsOrAny } from '../common/methods/loadOptions';
import { keptCredentialSettings, n8nClient } from '../common/transport';
import { storeNodeError } from '../common/transport/errors';
import { answerReceived } from './answer';
import { subscribeNodeHook, deleteNodeHook, nodeHookExists } from './hooks';

const LOG_PREFIX = 'Commerce Service Trigger';

export class CommerceServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Commerce Service Trigger',
		name: 'commerceServiceTrigger',
		icon: {
			light: 'file:../../icons/commerceService.svg',
			dark: 'file:../../icons/commerceService.dark.svg',
		},
		group: ['trigger'],
		// 2: the Product filter is a record locator (empty: any product); 1: the product dropdown.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when a Studiocart store sells, refunds, renews or captures a lead',
		defaults: { name: 'Commerce Service Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'commerceServiceApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			...eventAndFilters(
				EVENTS.map((kind) => kind.key),
				'The store event that starts the workflow',
			),
			{
				displayName: 'Amounts in Cents',
				name: 'pricesInCents',
				type: 'boolean',
				default: false,
				description:
					'Whether the store should send amounts as whole numbers of cents (4900) instead of decimals (49.00)',
			},
			{
				displayName: 'Verify Deliveries With the Store',
				name: 'verifyDeliveries',
				type: 'boolean',
				default: true,
				description:
					'Whether to check each delivery with the store before it starts the workflow: anyone who learns this trigger’s URL could post a fake sale. Costs one read of the order or subscription per delivery.',
			},
		],
	};

	methods = {
		loadOptions: { getPlans, getProductsOrAny },
		listSearch: { searchProducts },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				try {
					return await nodeHookExists(this);
				} catch (error) {
					// A stale hook that cannot be deleted would keep sending events: activation must fail.
					throw await storeNodeError(this, error);
				}
			},
			async create(this: IHookFunctions): Promise<boolean> {
				try {
					return await subscribeNodeHook(this);
				} catch (error) {
					throw await storeNodeError(this, error);
				}
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				try {
					return await deleteNodeHook(this);
				} catch (error) {
					// The hook id stays in static data, so the next deactivation or activation retries.
					throw await storeNodeError(this, error);
				}
			},
		},
	};

	/**
	 * The store waits for this answer inside its own request (a checkout, a gateway's callback), 5 s
	 * and never again, and verifying reads back from that same store. So the store is answered first,
	 * from the body alone, before anything reads a setting, the credential, the database or the store;
	 * then the delivery is filtered and verified. n8n starts the execution from the returned data and,
	 * told `noWebhookResponse`, writes no second answer (ARCHITECTURE.md, "The early answer").
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const delivered = readDelivery(deliveryBody(this));
		answerReceived(this, delivered.length);
		let admitted: EventRecord[] = [];
		try {
			admitted = await admitDelivered(this, delivered);
		} catch (error) {
			// After the answer, a throw would make n8n answer the finished request a second time, so
			// what stops a delivery here (a setting or a credential naming no usable store) is logged.
			const cause = await storeNodeError(this, error);
			this.logger.error(
				`${LOG_PREFIX}: a delivery of ${delivered.length} record(s) was answered but could not be admitted: ${cause.message}${
					cause.description ? ` ${cause.description}` : ''
				}`,
			);
		}
		if (admitted.length === 0) return { noWebhookResponse: true };
		return {
			noWebhookResponse: true,
			workflowData: [this.helpers.returnJsonArray(toItems(admitted))],
		};
	}
}

/**
 * The records of an answered delivery that go on: filtered by the trigger's settings, then verified.
 * The credential is read only when the delivery needs the store (the Product filter's link, the
 * verification read, the site's zone), and then as the process keeps it (`keptCredentialSettings`):
 * each read costs n8n a database query and an expression sandbox.
 */
async function admitDelivered(
	context: IWebhookFunctions,
	delivered: DeliveredEvent[],
): Promise<EventRecord[]> {
	const credential = async () => await keptCredentialSettings(context);
	const setup = readTriggerSetup(await triggerParameters(context, credential));
	return await admitReceived(receiveDelivery(delivered, setup), setup, {
		client: async () => await n8nClient.call(context, 'verification', await credential()),
		log: nodeLog(context, LOG_PREFIX),
	});
}

/** The delivery's body; one n8n could not parse (e.g. a wrong content type) arrives empty: the raw bytes. */
function deliveryBody(context: IWebhookFunctions): unknown {
	const body = context.getBodyData();
	const rawBody = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	return Object.keys(body ?? {}).length === 0 && rawBody !== undefined ? rawBody : body;
}
