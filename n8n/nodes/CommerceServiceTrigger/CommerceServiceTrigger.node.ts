import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	type EventRecord,
	type TriggerSetup,
	EVENTS,
	admitReceived,
	readTriggerSetup,
	receiveDelivery,
} from '../../../shared/src';
import { nodeLog, triggerParameters } from '../common/context';
import { toItems } from '../common/items';
import { eventAndFilters } from '../common/descriptions/trigger';
import { searchProducts } from '../common/methods/listSearch';
import { getPlans, getProductsOrAny } from '../common/methods/loadOptions';
import { n8nClient } from '../common/transport';
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
	 * The store waits for this answer inside its own request (a checkout, a gateway's callback), and
	 * verifying reads back from that same store: on a host with few PHP workers, verifying first
	 * would deadlock until the store's 5 s limit. So the delivery is read and filtered, the store is
	 * answered, and only then verified; n8n starts the execution from the returned data and, told
	 * `noWebhookResponse`, writes no second answer (ARCHITECTURE.md, "The early answer").
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		let client: CommerceServiceClient | undefined;
		let setup: TriggerSetup;
		try {
			setup = readTriggerSetup(await triggerParameters(this));
		} catch (error) {
			throw await storeNodeError(this, error);
		}
		const received = receiveDelivery(deliveryBody(this), setup);
		try {
			// Before answering: a credential that names no usable store fails the call, not the log.
			if (received.needsStore) client = await n8nClient.call(this, 'verification');
		} catch (error) {
			throw await storeNodeError(this, error);
		}
		answerReceived(this, received.total);
		let admitted: EventRecord[] = [];
		try {
			admitted = await admitReceived(received, setup, {
				client: async () => client ?? (await n8nClient.call(this, 'verification')),
				log: nodeLog(this, LOG_PREFIX),
			});
		} catch (error) {
			// Not expected (a failing store gives unverified items, not an error). After the answer, a
			// throw would make n8n answer the finished request a second time, so it is logged instead.
			this.logger.error(
				`${LOG_PREFIX}: a "${setup.event}" delivery was answered but could not be admitted: ${
					error instanceof Error ? error.message : String(error)
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

/** The delivery's body; one n8n could not parse (e.g. a wrong content type) arrives empty: the raw bytes. */
function deliveryBody(context: IWebhookFunctions): unknown {
	const body = context.getBodyData();
	const rawBody = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	return Object.keys(body ?? {}).length === 0 && rawBody !== undefined ? rawBody : body;
}
