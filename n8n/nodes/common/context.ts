/**
 * The two small pieces of the seam every node maps from its n8n context: its parameters, read by their
 * shared names, and n8n's log with the node's name in front.
 */
import type {
	IExecuteFunctions,
	IHookFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import {
	type ParameterReader,
	type PlatformLog,
	type StoreSettings,
	idText,
	locatedId,
	resolveStore,
} from '@commerce-service/shared';
import { credentialSettings } from './transport';

type NodeContext = IExecuteFunctions | IHookFunctions | IPollFunctions | IWebhookFunctions;

/** A trigger's parameters; in an execution, as the first item sees them (a trigger has one setup). */
function nodeParameters(context: NodeContext): ParameterReader {
	if ('getInputData' in context)
		return (name, fallback) => context.getNodeParameter(name, 0, fallback);
	return (name, fallback) => context.getNodeParameter(name, fallback);
}

export function nodeLog(context: NodeContext, prefix: string): PlatformLog {
	return {
		info: (message) => context.logger.info(`${prefix}: ${message}`),
		warn: (message) => context.logger.warn(`${prefix}: ${message}`),
	};
}

/** A record locator's saved value (`{ __rl, mode, value }`), as n8n keeps it in the parameters. */
export function isLocator(value: unknown): value is { mode: string; value: unknown } {
	return typeof value === 'object' && value !== null && 'mode' in value && 'value' in value;
}

/**
 * The parameters with a version 2 Product filter (a record locator) read as the id it names; version 1
 * saved the id itself. `urlId` is the id of a link given By URL, which only the store's address names.
 */
function withProductId(read: ParameterReader, urlId: string): ParameterReader {
	const product = read('productId', '');
	if (!isLocator(product)) return read;
	const id = product.mode === 'url' ? urlId : idText(product.value);
	return (name, fallback) => (name === 'productId' ? id : read(name, fallback));
}

/**
 * A trigger's parameters, its Product filter as the id it names. A By URL link is read against the
 * credential's store, so a link to another site fails activation, saying which link was expected.
 * `settings` gives the credential a caller has read already.
 */
export async function triggerParameters(
	context: NodeContext,
	settings: () => Promise<StoreSettings> = async () => await credentialSettings(context),
): Promise<ParameterReader> {
	const read = nodeParameters(context);
	const product = read('productId', '');
	if (!isLocator(product) || product.mode !== 'url') return withProductId(read, '');
	const store = resolveStore(await settings());
	const operation = { operation: 'Set up the trigger', parameter: 'Product' };
	return withProductId(read, locatedId(store, 'product', product, operation));
}

/**
 * The parameters as a trigger's `webhook()` reads them, before it answers the store and with no
 * credential: a Product filter given By URL needs the store's address to name its id, so that one
 * filter waits for the execution (`triggerParameters`).
 */
export function deliveryParameters(context: IWebhookFunctions): ParameterReader {
	return withProductId(nodeParameters(context), '');
}
