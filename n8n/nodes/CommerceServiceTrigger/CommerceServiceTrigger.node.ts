import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	EVENTS,
	choiceFlag,
	eventFiltersOf,
	matchesFilters,
	readDelivery,
} from '../../../shared/src';
import { eventAndFilters } from '../common/descriptions/trigger';
import { getPlans, getProductsOrAny } from '../common/methods/loadOptions';
import { toNodeError } from '../common/transport/errors';
import { createHook, deleteHook, hookExists, readSetup } from './hooks';
import { answerReceived } from './answer';
import { admitDeliveries, needsStore, verificationClient } from './verify';

export class CommerceServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Commerce Service Trigger',
		name: 'commerceServiceTrigger',
		icon: {
			light: 'file:../../icons/commerceService.svg',
			dark: 'file:../../icons/commerceService.dark.svg',
		},
		group: ['trigger'],
		version: 1,
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
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				try {
					return await hookExists(this);
				} catch (error) {
					// A stale hook that cannot be deleted would keep sending events: activation must fail.
					throw toNodeError(this.getNode(), error);
				}
			},
			async create(this: IHookFunctions): Promise<boolean> {
				try {
					return await createHook(this);
				} catch (error) {
					throw toNodeError(this.getNode(), error);
				}
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				try {
					return await deleteHook(this);
				} catch (error) {
					// The hook id stays in static data, so the next deactivation or activation retries.
					throw toNodeError(this.getNode(), error);
				}
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const setup = readSetup((name, fallback) => this.getNodeParameter(name, fallback));
		const body = this.getBodyData();
		// A body n8n could not parse (e.g. sent with a wrong content type) arrives empty: read the raw bytes.
		const rawBody = (this.getRequestObject() as { rawBody?: unknown }).rawBody;
		const delivered =
			Object.keys(body ?? {}).length === 0 && rawBody !== undefined ? rawBody : body;
		// Reading and filtering take no I/O; the key of older plugins is already out of every record.
		const records = readDelivery(delivered);
		const filters = eventFiltersOf(setup.event, setup);
		const matching = records.filter(({ record }) => matchesFilters(record, filters));
		// Fallback for a node saved before the option existed: verify, as the default does.
		const verify = choiceFlag(this.getNodeParameter('verifyDeliveries', true));
		let client: CommerceServiceClient | undefined;
		try {
			// Made before the answer, so a credential that names no usable store is still an error.
			if (needsStore(matching, verify)) client = await verificationClient(this);
		} catch (error) {
			throw toNodeError(this.getNode(), error);
		}
		// The store waits for this answer inside its checkout: it gets it now, before any read.
		answerReceived(this, records.length);
		// A failing store leaves items unverified; a forgery is dropped and starts nothing.
		let admitted: IDataObject[] = [];
		try {
			if (matching.length > 0)
				admitted = await admitDeliveries(this, matching, setup.event, verify, client);
		} catch (error) {
			// Not expected (the admission resolves with a verdict): after the answer, an error thrown here
			// would make n8n answer the finished request a second time, so it is logged instead.
			this.logger.error(
				`Commerce Service Trigger: a "${setup.event}" delivery was answered but could not be admitted: ${
					error instanceof Error ? error.message : String(error)
				}`,
			);
		}
		if (admitted.length === 0) return { noWebhookResponse: true };
		return { noWebhookResponse: true, workflowData: [this.helpers.returnJsonArray(admitted)] };
	}
}
