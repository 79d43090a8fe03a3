/**
 * n8n's webhook lifecycle (checkExists, create, delete) on the shared hook rules
 * (`shared/src/triggers/hooks.ts`, `guard.ts`): this file only maps n8n's context onto them. The hook
 * record, the per-hook secret in the URL given to the store and the digest of the key it was made
 * with live in the node's static data, which n8n persists with the workflow.
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type HookTarget,
	deleteKeptHook,
	forgetHookGuard,
	hookGuardFits,
	keepHookGuard,
	keptHookIsCurrent,
	keptHookSecret,
	newHookSecret,
	readTriggerSetup,
	replaceKeptHook,
	withHookSecret,
} from '@commerce-service/shared';
import { nodeLog, triggerParameters } from '../common/context';
import { n8nClient } from '../common/transport';

const LOG_PREFIX = 'Commerce Service Trigger';

/** What the store is to be subscribed to: n8n's webhook URL with `secret` in its query string. */
async function target(context: IHookFunctions, secret: string | undefined): Promise<HookTarget> {
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (!webhookUrl)
		throw new NodeOperationError(context.getNode(), 'n8n gave this trigger no webhook URL');
	return {
		hookUrl: secret === undefined ? webhookUrl : withHookSecret(webhookUrl, secret),
		setup: readTriggerSetup(await triggerParameters(context)),
		source: 'n8n',
	};
}

/**
 * A hook made before hooks had a secret (nothing kept) is not current: the activation that follows
 * replaces it with one that has. Until then `webhook()` takes its deliveries without a secret.
 */
export async function nodeHookExists(context: IHookFunctions): Promise<boolean> {
	const state = context.getWorkflowStaticData('node');
	return await keptHookIsCurrent(
		state,
		await target(context, keptHookSecret(state)),
		async () => await n8nClient.call(context),
		nodeLog(context, LOG_PREFIX),
		(client) => hookGuardFits(state, client.store.apiKey),
	);
}

export async function subscribeNodeHook(context: IHookFunctions): Promise<boolean> {
	const state = context.getWorkflowStaticData('node');
	const client = await n8nClient.call(context);
	const secret = newHookSecret();
	await replaceKeptHook(state, await target(context, secret), client, nodeLog(context, LOG_PREFIX));
	keepHookGuard(state, secret, client.store.apiKey);
	return true;
}

export async function deleteNodeHook(context: IHookFunctions): Promise<boolean> {
	const state = context.getWorkflowStaticData('node');
	await deleteKeptHook(
		state,
		async () => await n8nClient.call(context),
		nodeLog(context, LOG_PREFIX),
	);
	forgetHookGuard(state);
	return true;
}
