/**
 * The two small pieces of the seam every node maps from its n8n context: its parameters, read by their
 * shared names, and n8n's log with the node's name in front.
 */
import type { IHookFunctions, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { ParameterReader, PlatformLog } from '../../../shared/src';

type NodeContext = IHookFunctions | IPollFunctions | IWebhookFunctions;

export function nodeParameters(context: NodeContext): ParameterReader {
	return (name, fallback) => context.getNodeParameter(name, fallback);
}

export function nodeLog(context: NodeContext, prefix: string): PlatformLog {
	return {
		info: (message) => context.logger.info(`${prefix}: ${message}`),
		warn: (message) => context.logger.warn(`${prefix}: ${message}`),
	};
}
