import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	IWebhookResponseData,
} from 'n8n-workflow';

import { type FakeOptions, fakeExecute, fakeWebhook } from './context';

export interface RunDelivery {
	/** What `webhook()` returned: n8n answers with `webhookResponse` and starts `workflowData`. */
	response: IWebhookResponseData;
	/** The trigger's output in the execution it started; none when it started none. */
	items: IDataObject[];
	/** Both steps' log lines. */
	logs: string[];
	/** The requests `webhook()` sent and the credential reads it made, before n8n could answer. */
	beforeAnswer: { requests: number; credentialReads: number };
}

/**
 * A delivery as n8n runs a webhook trigger: `webhook()` on the request, the items it returns stored as
 * JSON (n8n's database, or its queue's), then the node's `execute()` on them in the execution.
 */
export async function runDelivery(trigger: INodeType, options: FakeOptions): Promise<RunDelivery> {
	if (!trigger.webhook || !trigger.execute)
		throw new Error('not a webhook trigger that checks in its execution');
	const hook = fakeWebhook(options);
	const response = await trigger.webhook.call(hook.context);
	const beforeAnswer = { requests: hook.sent.length, credentialReads: hook.credentialReads.length };
	if (response.workflowData === undefined)
		return { response, items: [], logs: hook.logs, beforeAnswer };
	const stored = JSON.parse(JSON.stringify(response.workflowData[0] ?? [])) as INodeExecutionData[];
	const run = fakeExecute({ ...options, items: stored, nodeType: 'commerceServiceTrigger' });
	const output = (await trigger.execute.call(run.context)) as INodeExecutionData[][];
	return {
		response,
		items: (output[0] ?? []).map((item) => item.json),
		logs: [...hook.logs, ...run.logs],
		beforeAnswer,
	};
}
