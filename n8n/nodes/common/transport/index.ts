import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import {
	type CommerceServiceClient,
	type HttpRequest,
	type HttpResponse,
	type RetryOptions,
	type Transport,
	createClient,
	describeTransportFailure,
} from '../../../../shared/src';

export const CREDENTIAL_TYPE = 'commerceServiceApi';

/** The n8n contexts that talk to a store. */
export type StoreContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

/** The fields of the CommerceServiceApi credential. */
export interface CommerceServiceCredentials {
	storeUrl: string;
	apiKey: string;
	apiRoot?: string;
}

/**
 * The shared client's transport on `httpRequestWithAuthentication`: every status resolves (the shared
 * client reads errors), the body stays raw text (the shared client parses what WordPress sites put
 * around JSON), and GET bodies are not sent (n8n's helper drops them; paging travels in the query).
 */
export function n8nTransport(context: StoreContext): Transport {
	return {
		sendsGetBody: false,
		async send(request: HttpRequest): Promise<HttpResponse> {
			let raw: unknown;
			try {
				raw = await context.helpers.httpRequestWithAuthentication.call(
					context,
					CREDENTIAL_TYPE,
					toN8nRequest(request),
				);
			} catch (error) {
				// n8n wraps what axios threw in a NodeApiError: classify the original (code, timeout).
				throw describeTransportFailure(causeOf(error));
			}
			return fromN8nResponse(raw);
		},
	};
}

export function toN8nRequest(request: HttpRequest): IHttpRequestOptions {
	// The credential's `authenticate` sets x-api-key: n8n, not this code, puts the secret on the wire.
	const headers = Object.fromEntries(
		Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'x-api-key'),
	);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		qs: { ...request.query },
		headers,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		json: false,
		encoding: 'text',
		timeout: request.timeoutMs,
	};
	if (request.body !== undefined) options.body = JSON.stringify(request.body);
	return options;
}

/** `returnFullResponse` gives `{body, headers, statusCode}`; anything else is not a response. */
export function fromN8nResponse(raw: unknown): HttpResponse {
	if (!isObject(raw) || typeof raw.statusCode !== 'number') {
		throw describeTransportFailure(new Error('n8n returned no HTTP response'));
	}
	return {
		status: raw.statusCode,
		headers: flattenHeaders(raw.headers),
		body: bodyText(raw.body),
	};
}

function flattenHeaders(headers: unknown): Record<string, string> {
	const flat: Record<string, string> = {};
	if (!isObject(headers)) return flat;
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined || value === null) continue;
		flat[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
	}
	return flat;
}

function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body;
	if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
	// Only if a future n8n parsed the body despite `encoding: 'text'`: give the client JSON text back.
	return JSON.stringify(body);
}

function causeOf(error: unknown): unknown {
	return isObject(error) && error.cause !== undefined ? error.cause : error;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null;
}

/**
 * Retries in an n8n execution: no platform limit cuts a run short, so a busy store gets two minutes
 * per call (all attempts and waits) and a Retry-After of up to one minute is waited out. Waiting uses
 * n8n-workflow's `sleep`: the package itself may not use timers (its lint forbids them, dist included).
 */
export const N8N_RETRY_LIMITS = {
	budgetMs: 120_000,
	maxRetryAfterMs: 60_000,
} as const;

/**
 * Reading back a hook delivery's record (issue #10): the store waits for the webhook's answer, so the
 * read gets its retries within 10 s in all; after that the event goes on marked unverified.
 */
export const N8N_VERIFY_RETRY_LIMITS = {
	timeoutMs: 5_000,
	budgetMs: 10_000,
	maxRetryAfterMs: 3_000,
} as const;

type RetryLimits = { budgetMs: number; maxRetryAfterMs: number };

export function n8nRetry(limits: RetryLimits = N8N_RETRY_LIMITS): RetryOptions {
	return {
		budgetMs: limits.budgetMs,
		maxRetryAfterMs: limits.maxRetryAfterMs,
		sleep: async (ms) => await sleep(ms),
	};
}

export interface StoreClientOptions {
	/** `verification`: the short budget of `N8N_VERIFY_RETRY_LIMITS`; otherwise `N8N_RETRY_LIMITS`. */
	purpose?: 'verification';
}

/**
 * A client for the store of the node's credential, with retries on in every context (issue #9: reads
 * are retried; the shared client never retries subscribe). A malformed Store URL throws a
 * ConfigurationError.
 */
export async function storeClient(
	this: StoreContext,
	options: StoreClientOptions = {},
): Promise<CommerceServiceClient> {
	const credentials = await this.getCredentials<CommerceServiceCredentials>(CREDENTIAL_TYPE);
	const verification = options.purpose === 'verification';
	return createClient({
		settings: {
			storeUrl: String(credentials.storeUrl ?? ''),
			apiKey: String(credentials.apiKey ?? ''),
			apiRoot: credentials.apiRoot === undefined ? undefined : String(credentials.apiRoot),
		},
		transport: n8nTransport(this),
		...(verification ? { timeoutMs: N8N_VERIFY_RETRY_LIMITS.timeoutMs } : {}),
		retry: n8nRetry(verification ? N8N_VERIFY_RETRY_LIMITS : N8N_RETRY_LIMITS),
		// Why some times have no instant (docs/dates.md), in n8n's log.
		onNotice: (notice) => this.logger.warn(`Commerce Service: ${notice.message}`),
	});
}
