import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	type StoreSettings,
	EVENTS,
	admitReceived,
	carryDeliveries,
	readCarried,
	readDelivery,
	readTriggerSetup,
	receiveDelivery,
} from '@commerce-service/shared';
import { deliveryParameters, nodeLog, triggerParameters } from '../common/context';
import { toItems } from '../common/items';
import { eventAndFilters } from '../common/descriptions/trigger';
import { searchProducts } from '../common/methods/listSearch';
import { getPlans, getProductsOrAny } from '../common/methods/loadOptions';
import { credentialSettings, n8nClient } from '../common/transport';
import { storeNodeError } from '../common/transport/errors';
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
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
				// Empty, so n8n answers with the node's `webhookResponse`: left out, n8n 1.x and 2.x
				// answer `onReceived` with their default's name, the text "firstEntryJson".
				responseData: '',
			},
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
	 * and never again. So this reads the body and the node's own settings, nothing that costs a read
	 * of the credential, the database or the store, and n8n answers once it has saved the execution,
	 * as for its own Webhook node. The check with the store runs in that execution (`execute`), on a
	 * worker in queue mode (ARCHITECTURE.md, "The answer and the check").
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const delivered = readDelivery(deliveryBody(this));
		const answer = { received: delivered.length };
		const { matching } = receiveDelivery(delivered, readTriggerSetup(deliveryParameters(this)));
		if (matching.length === 0) return { webhookResponse: answer };
		return {
			webhookResponse: answer,
			workflowData: [this.helpers.returnJsonArray(toItems(carryDeliveries(matching)))],
		};
	}

	/**
	 * The execution a delivery started: the records `webhook()` handed on, filtered by every setting and
	 * checked with the store, one credential read for the whole delivery. An empty output ends the
	 * execution there: nothing in the delivery was this trigger's or came from the store.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const delivered = readCarried(this.getInputData().map((item) => item.json));
		let settings: Promise<StoreSettings> | undefined;
		const credential = async () => await (settings ??= credentialSettings(this));
		try {
			const setup = readTriggerSetup(await triggerParameters(this, credential));
			const admitted = await admitReceived(receiveDelivery(delivered, setup), setup, {
				client: async () => await n8nClient.call(this, 'verification', await credential()),
				log: nodeLog(this, LOG_PREFIX),
			});
			return [this.helpers.returnJsonArray(toItems(admitted))];
		} catch (error) {
			throw await storeNodeError(this, error);
		}
	}
}

/** The delivery's body; one n8n could not parse (e.g. a wrong content type) arrives empty: the raw bytes. */
function deliveryBody(context: IWebhookFunctions): unknown {
	const body = context.getBodyData();
	const rawBody = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	return Object.keys(body ?? {}).length === 0 && rawBody !== undefined ? rawBody : body;
}
