import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isCommerceServiceError } from '../../../../shared/src';

/**
 * Any failure as the n8n error the editor shows well: the shared error's full message as the title and
 * its advice as the description. Problems with what the user typed (a malformed Store URL, an ID that
 * is not a number) are NodeOperationErrors; everything the store answered or failed to answer is a
 * NodeApiError carrying the HTTP status.
 */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (!isCommerceServiceError(error)) {
		return new NodeOperationError(node, error instanceof Error ? error : String(error), {
			itemIndex,
		});
	}
	const typedByUser =
		error.kind === 'configuration' ||
		(error.kind === 'invalid_request' && error.status === undefined);
	if (typedByUser) return itemError(node, error.message, { description: error.hint, itemIndex });
	return new NodeApiError(node, error.toJSON() as JsonObject, {
		message: error.message,
		description: error.hint,
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
