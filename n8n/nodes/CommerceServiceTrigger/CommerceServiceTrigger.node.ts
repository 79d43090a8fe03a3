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
	readHookRecord,
	readTriggerSetup,
	receiveDelivery,
	ReplayMemory,
	screenDelivery,
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

/**
 * The events each hook received within the replay window, in this process (the webhook processor in
 * queue mode): why not in static data, docs/verification.md ("Repeats").
 */
const REPLAYS = new ReplayMemory();

/** Logged for each delivery to a hook made before hooks had a secret (kept working until published again). */
const UNGUARDED_HOOK = `${LOG_PREFIX}: this workflow's store hook was made before hooks carried a secret, so anyone with its URL can start an execution (each is still checked with the store). Publish the workflow again to replace the hook with one that has a secret.`;

/**
 * Logged at activation. n8n gives a community trigger's webhook() an expression sandbox on every
 * delivery; acquired eagerly, a burst of purchases waits for sandboxes longer than the store waits.
 */
const BURST_ADVICE = `${LOG_PREFIX}: on n8n 2.x, if this store can send bursts of purchases (a launch, a sale), start n8n with N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true, in one process and in queue mode alike: under n8n's defaults each delivery waits for an expression sandbox, and a burst of 120 purchases at 20 a second got 12 answers within the store's 5 s (docs/queue-mode.md).`;

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
					throw storeNodeError(this, error);
				}
			},
			async create(this: IHookFunctions): Promise<boolean> {
				this.logger.info(BURST_ADVICE);
				try {
					return await subscribeNodeHook(this);
				} catch (error) {
					throw storeNodeError(this, error);
				}
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				try {
					return await deleteNodeHook(this);
				} catch (error) {
					// The hook id stays in static data, so the next deactivation or activation retries.
					throw storeNodeError(this, error);
				}
			},
		},
	};

	/**
	 * The store waits for this answer inside its own request (a checkout, a gateway's callback), 5 s
	 * and never again. So this reads the body, the node's own settings and its static data, nothing
	 * that costs a read of the credential or the store. It refuses, with no execution, a delivery
	 * without the hook's secret, one with more records than a store sends, and one whose
	 * `studiocart_secret` is not the key the hook was made with; it drops a repeat of an event this
	 * process saw within the replay window. The check with the store runs in the execution
	 * (`execute`), on a worker in queue mode (docs/verification.md, "Before the answer").
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const delivered = readDelivery(deliveryBody(this));
		const state = this.getWorkflowStaticData('node');
		const hook = readHookRecord(state);
		const screening = screenDelivery(state, this.getQueryData(), delivered, {
			memory: REPLAYS,
			trigger: hook && `${this.getWorkflow().id ?? ''}:${this.getNode().id}:${hook.hookId}`,
		});
		if (screening.refused) {
			const { status, error, message } = screening.refused;
			this.logger.warn(
				`${LOG_PREFIX}: refused a delivery (${status} ${error}); nothing was started`,
			);
			const res = this.getResponseObject();
			res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify({ error, message }));
			return { noWebhookResponse: true };
		}
		if (!screening.guarded && hook) this.logger.warn(UNGUARDED_HOOK);
		const answer = {
			received: delivered.length,
			...(screening.repeats > 0 ? { repeats: screening.repeats } : {}),
		};
		const { matching } = receiveDelivery(
			screening.fresh,
			readTriggerSetup(deliveryParameters(this)),
		);
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
			throw storeNodeError(this, error);
		}
	}
}

/** The delivery's body; one n8n could not parse (e.g. a wrong content type) arrives empty: the raw bytes. */
function deliveryBody(context: IWebhookFunctions): unknown {
	const body = context.getBodyData();
	const rawBody = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	return Object.keys(body ?? {}).length === 0 && rawBody !== undefined ? rawBody : body;
}
