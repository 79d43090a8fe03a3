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
	type Store,
	type StoreSettings,
	idText,
	locatedId,
	resolveStore,
} from '../../../shared/src';
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
 * A trigger's parameters with its Product filter as the id it names: version 1 saved the id itself;
 * version 2 saves a record locator, whose By URL link is read against the credential's store (so a
 * link to another site fails activation, saying which link was expected). `settings` gives the
 * credential a caller has read already.
 */
export async function triggerParameters(
	context: NodeContext,
	settings: () => Promise<StoreSettings> = async () => await credentialSettings(context),
): Promise<ParameterReader> {
	const read = nodeParameters(context);
	const product = read('productId', '');
	if (!isLocator(product)) return read;
	let store: Store | undefined;
	if (product.mode === 'url') store = resolveStore(await settings());
	const id =
		store === undefined
			? idText(product.value)
			: locatedId(store, 'product', product, {
					operation: 'Set up the trigger',
					parameter: 'Product',
				});
	return (name, fallback) => (name === 'productId' ? id : read(name, fallback));
}

/**
 * The parameters as a trigger's `webhook()` reads them, before it answers the store and with no
 * credential: a Product filter given By URL needs the store's address to name its id, so that one
 * filter waits for the execution (`triggerParameters`).
 */
export function deliveryParameters(context: IWebhookFunctions): ParameterReader {
	const read = nodeParameters(context);
	const product = read('productId', '');
	if (!isLocator(product)) return read;
	const id = product.mode === 'url' ? '' : idText(product.value);
	return (name, fallback) => (name === 'productId' ? id : read(name, fallback));
}
