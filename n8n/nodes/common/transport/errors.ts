import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { type CommerceServiceError, isCommerceServiceError } from '@commerce-service/shared';
import type { StoreContext } from './index';

/**
 * Any failure as the n8n error the editor shows well: what happened as the title, the advice as the
 * description (once: the title does not repeat it), the HTTP status, and why no
 * answer came as the error's `cause` (Node's code in it: `ENOTFOUND`, `CERT_HAS_EXPIRED`, …).
 * Problems with what the user typed (a malformed Store URL, an ID that is not a number) are
 * NodeOperationErrors; everything the store answered or failed to answer is a NodeApiError. The
 * shared errors hold no key (the pipeline took it out), so no credential is read here.
 */
export function storeNodeError(
	context: StoreContext,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	const node = context.getNode();
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (!isCommerceServiceError(error)) {
		// The message alone: the original error's stack adds nothing the user can act on.
		return new NodeOperationError(node, error instanceof Error ? error.message : String(error), {
			itemIndex,
		});
	}
	const typedByUser =
		error.kind === 'configuration' ||
		(error.kind === 'invalid_request' && error.status === undefined);
	if (typedByUser) return itemError(node, error.message, { description: error.hint, itemIndex });
	return new NodeApiError(node, responseOf(error), {
		message: error.happened,
		description: error.hint,
		...(error.status ? { httpCode: String(error.status) } : {}),
		itemIndex,
	});
}

/**
 * What n8n keeps of the failure. A transport's cause goes in as an Error, which n8n keeps as the
 * error's `cause`; its code is written into its message rather than set as `code`, since n8n replaces
 * the message of an error whose `code` is ENOTFOUND or ECONNREFUSED with its own, without the advice.
 */
function responseOf(error: CommerceServiceError): JsonObject {
	// Its message is what happened: the hint is the description, once.
	const details = { ...error.toJSON(), message: error.happened } as JsonObject;
	const { cause } = details;
	if (typeof cause !== 'object' || cause === null || Array.isArray(cause)) return details;
	const { name, code, message } = cause;
	const text = String(message);
	const shown = new Error(
		typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text,
	);
	shown.name = String(name);
	// n8n's own nodes hand it Errors the same way (`error as JsonObject`): it tells them apart at run time.
	return shown as unknown as JsonObject;
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
