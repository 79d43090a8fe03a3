import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isCommerceServiceError, redact } from '@commerce-service/shared';
import { CREDENTIAL_TYPE, type CommerceServiceCredentials, type StoreContext } from './index';

/**
 * `toNodeError` with the credential's API key as the secret to remove, for a node's catch: the key
 * never reaches the editor, an execution record or a log, whatever a message quotes.
 */
export async function storeNodeError(
	context: StoreContext,
	error: unknown,
	itemIndex?: number,
): Promise<NodeApiError | NodeOperationError> {
	return toNodeError(context.getNode(), error, itemIndex, await credentialKey(context));
}

async function credentialKey(context: StoreContext): Promise<string[]> {
	try {
		const credentials = await context.getCredentials<CommerceServiceCredentials>(CREDENTIAL_TYPE);
		return credentials.apiKey ? [String(credentials.apiKey)] : [];
	} catch {
		// No credential to read: none of its key can be in the error either.
		return [];
	}
}

/**
 * Any failure as the n8n error the editor shows well: the shared error's full message as the title and
 * its advice as the description. Problems with what the user typed (a malformed Store URL, an ID that
 * is not a number) are NodeOperationErrors; everything the store answered or failed to answer is a
 * NodeApiError carrying the HTTP status. `secrets` (the API key) are removed from every text, as the
 * Zapier app does (`redact`).
 */
function toNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
	secrets: readonly string[] = [],
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const clean = (text: string): string => redact(text, secrets);
	if (!isCommerceServiceError(error)) {
		// The message alone: the original error's stack would repeat it unredacted.
		return new NodeOperationError(
			node,
			clean(error instanceof Error ? error.message : String(error)),
			{ itemIndex },
		);
	}
	const message = clean(error.message);
	const description = clean(error.hint);
	const typedByUser =
		error.kind === 'configuration' ||
		(error.kind === 'invalid_request' && error.status === undefined);
	if (typedByUser) return itemError(node, message, { description, itemIndex });
	const details = Object.fromEntries(
		Object.entries(error.toJSON()).map(([name, value]) => [
			name,
			typeof value === 'string' ? clean(value) : value,
		]),
	);
	return new NodeApiError(node, details as JsonObject, {
		message,
		description,
		...(error.status ? { httpCode: String(error.status) } : {}),
		itemIndex,
	});
}

/**
 * A problem with what the user gave for one item (n8n's UX guidelines): the message names the
 * parameter and ends with `[item N]`, so a run over many items says which one to fix.
 */
export function itemError(
	node: INode,
	message: string,
	{ description, itemIndex }: { description?: string; itemIndex?: number },
): NodeOperationError {
	const marked =
		itemIndex === undefined || message.endsWith(']') ? message : `${message} [item ${itemIndex}]`;
	return new NodeOperationError(node, marked, { description, itemIndex });
}
