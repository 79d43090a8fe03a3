import type { IWebhookFunctions } from 'n8n-workflow';

/**
 * The store's answer, written before the delivery is verified (docs/verification.md#the-early-answer):
 * a store sends each delivery from inside the PHP request that made the change and waits for it, 5 s
 * and no retry, and verification reads back from that same store. The body says how many records
 * arrived, never whether they started anything, so a forger learns nothing.
 *
 * Only Node's own `ServerResponse` methods are used (n8n's express response is one), and the node
 * then returns `noWebhookResponse: true`, so n8n writes nothing more.
 */
export function answerReceived(context: IWebhookFunctions, received: number): void {
	const response = context.getResponseObject();
	if (response.headersSent) return;
	const body = JSON.stringify({ received });
	response.writeHead(200, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': String(Buffer.byteLength(body)),
	});
	response.end(body);
}
