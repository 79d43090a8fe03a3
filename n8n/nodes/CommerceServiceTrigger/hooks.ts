import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	type TriggerChoices,
	choiceText,
	eventKind,
	readTriggerChoices,
	subscribeInputOf,
} from '../../../shared/src';
import { storeClient } from '../common/transport';

/** What the trigger is set up for, read from its parameters: its event and the user's choices. */
export interface TriggerSetup extends TriggerChoices {
	event: string;
}

/** The remote hook as kept in the node's static data, with the store, URL and filters it was made for. */
interface StoredHook {
	hookId: string;
	hookStore: string;
	hookUrl: string;
	hookSetup: string;
}

type ParameterReader = (name: string, fallback: unknown) => unknown;

export function readSetup(parameter: ParameterReader): TriggerSetup {
	return {
		event: choiceText(parameter('event', '')),
		...readTriggerChoices({
			productId: parameter('productId', ''),
			planIds: parameter('planIds', []),
			pricesInCents: parameter('pricesInCents', false),
		}),
	};
}

/** Everything the store's hook depends on: a change to any of it needs a new hook. */
function signature(setup: TriggerSetup): string {
	// `?? ''`: the form kept in the static data of hooks made before the shared reader.
	return JSON.stringify([
		setup.event,
		setup.productId ?? '',
		[...setup.planIds].sort(),
		setup.pricesInCents,
	]);
}

function stored(staticData: IDataObject): StoredHook | undefined {
	const { hookId, hookStore, hookUrl, hookSetup } = staticData;
	if (typeof hookId !== 'string' || !hookId) return undefined;
	return {
		hookId,
		hookStore: typeof hookStore === 'string' ? hookStore : '',
		hookUrl: typeof hookUrl === 'string' ? hookUrl : '',
		hookSetup: typeof hookSetup === 'string' ? hookSetup : '',
	};
}

function forget(staticData: IDataObject): void {
	delete staticData.hookId;
	delete staticData.hookStore;
	delete staticData.hookUrl;
	delete staticData.hookSetup;
}

function current(context: IHookFunctions): { hookUrl: string; setup: TriggerSetup } {
	const hookUrl = context.getNodeWebhookUrl('default');
	if (!hookUrl)
		throw new NodeOperationError(context.getNode(), 'n8n gave this trigger no webhook URL');
	const setup = readSetup((name, fallback) => context.getNodeParameter(name, fallback));
	if (!eventKind(setup.event)) {
		throw new NodeOperationError(context.getNode(), `"${setup.event}" is not a store event`, {
			description: 'Choose an event from the list',
		});
	}
	return { hookUrl, setup };
}

/**
 * Deletes the stored hook (one the store no longer knows counts as deleted) and forgets it. A hook on
 * another store (the credential now points elsewhere) cannot be deleted with this credential without
 * sending its key to that store: it is forgotten with a warning instead.
 */
async function removeStored(
	context: IHookFunctions,
	client: CommerceServiceClient,
	staticData: IDataObject,
	hook: StoredHook,
): Promise<void> {
	if (hook.hookStore && hook.hookStore !== client.store.baseUrl) {
		context.logger.warn(
			`Commerce Service hook ${hook.hookId} was made on ${hook.hookStore}, not ${client.store.baseUrl}: delete it there under Studiocart's webhooks if it still exists`,
		);
	} else {
		const { alreadyGone } = await client.unsubscribeHook(hook.hookId);
		if (alreadyGone)
			context.logger.info(`Commerce Service hook ${hook.hookId} was already gone from the store`);
	}
	forget(staticData);
}

/**
 * The store cannot list hooks, so the stored one is trusted only if it was made for this URL and these
 * filters. Otherwise it is deleted now, so the `create` that follows never leaves a second hook.
 */
export async function hookExists(context: IHookFunctions): Promise<boolean> {
	const staticData = context.getWorkflowStaticData('node');
	const hook = stored(staticData);
	if (!hook) return false;
	const { hookUrl, setup } = current(context);
	const client = await storeClient.call(context);
	const sameStore = !hook.hookStore || hook.hookStore === client.store.baseUrl;
	if (sameStore && hook.hookUrl === hookUrl && hook.hookSetup === signature(setup)) return true;
	await removeStored(context, client, staticData, hook);
	return false;
}

export async function createHook(context: IHookFunctions): Promise<boolean> {
	const staticData = context.getWorkflowStaticData('node');
	const { hookUrl, setup } = current(context);
	const client = await storeClient.call(context);
	const previous = stored(staticData);
	if (previous) await removeStored(context, client, staticData, previous);
	const { id } = await client.subscribeHook(
		subscribeInputOf(setup, { hookUrl, event: setup.event, source: 'n8n' }),
	);
	staticData.hookId = id;
	staticData.hookStore = client.store.baseUrl;
	staticData.hookUrl = hookUrl;
	staticData.hookSetup = signature(setup);
	return true;
}

export async function deleteHook(context: IHookFunctions): Promise<boolean> {
	const staticData = context.getWorkflowStaticData('node');
	const hook = stored(staticData);
	if (hook) await removeStored(context, await storeClient.call(context), staticData, hook);
	return true;
}
