/**
 * n8n's webhook lifecycle (checkExists, create, delete) on the shared hook rules
 * (`shared/src/triggers/hooks.ts`): this file only maps n8n's context onto them. The hook record lives
 * in the node's static data, which n8n persists with the workflow.
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type HookTarget,
	deleteKeptHook,
	keptHookIsCurrent,
	readTriggerSetup,
	replaceKeptHook,
} from '@commerce-service/shared';
import { nodeLog, triggerParameters } from '../common/context';
import { n8nClient } from '../common/transport';

const LOG_PREFIX = 'Commerce Service Trigger';

async function target(context: IHookFunctions): Promise<HookTarget> {
	const hookUrl = context.getNodeWebhookUrl('default');
	if (!hookUrl)
		throw new NodeOperationError(context.getNode(), 'n8n gave this trigger no webhook URL');
	return { hookUrl, setup: readTriggerSetup(await triggerParameters(context)), source: 'n8n' };
}

export async function nodeHookExists(context: IHookFunctions): Promise<boolean> {
	return await keptHookIsCurrent(
		context.getWorkflowStaticData('node'),
		await target(context),
		async () => await n8nClient.call(context),
		nodeLog(context, LOG_PREFIX),
	);
}

export async function subscribeNodeHook(context: IHookFunctions): Promise<boolean> {
	await replaceKeptHook(
		context.getWorkflowStaticData('node'),
		await target(context),
		await n8nClient.call(context),
		nodeLog(context, LOG_PREFIX),
	);
	return true;
}

export async function deleteNodeHook(context: IHookFunctions): Promise<boolean> {
	await deleteKeptHook(
		context.getWorkflowStaticData('node'),
		async () => await n8nClient.call(context),
		nodeLog(context, LOG_PREFIX),
	);
	return true;
}
