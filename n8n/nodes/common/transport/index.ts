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
	type Platform,
	type RetryLimits,
	type RetryProfile,
	type StoreSettings,
	type Transport,
	describeTransportFailure,
	placeKey,
	SiteMemory,
	platformClient,
} from '@commerce-service/shared';

const CREDENTIAL_TYPE = 'commerceServiceApi';

/** The n8n contexts that talk to a store. */
export type StoreContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

/** The fields of the CommerceServiceApi credential. */
interface CommerceServiceCredentials {
	storeUrl: string;
	apiKey: string;
	apiRoot?: string;
}

/**
 * The shared client's transport on n8n's HTTP helper: every status resolves (the shared client reads
 * errors), the body stays raw text (the shared client parses what WordPress sites put around JSON),
 * and GET bodies are not sent (n8n's helper drops them; paging travels in the query).
 *
 * The key rides where the request says (`placeKey`: the `x-api-key` header, the query, or nowhere),
 * taken from the credential the client was made with. Not through `httpRequestWithAuthentication`:
 * that helper reads the credential again on every request, and in n8n 2.41 each read builds a fresh
 * expression sandbox. A burst of 120 purchases at 20/s into one queue-mode webhook processor, one
 * store read each, cost it 18.3 CPU-s that way against 1.5 for n8n's own Webhook node, and left 64
 * of the store's 120 deliveries unanswered within its 5 s (`npm run bench -- burst`,
 * docs/queue-mode.md#a-burst-of-purchases).
 */
export function n8nTransport(context: StoreContext): Transport {
	return {
		sendsGetBody: false,
		async send(request: HttpRequest): Promise<HttpResponse> {
			let raw: unknown;
			try {
				raw = await context.helpers.httpRequest(toN8nRequest({ ...request, ...placeKey(request) }));
			} catch (error) {
				// n8n wraps what axios threw in a NodeApiError: classify the original (code, timeout).
				throw describeTransportFailure(causeOf(error));
			}
			return fromN8nResponse(raw);
		},
	};
}

function toN8nRequest(request: HttpRequest): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		qs: { ...request.query },
		headers: { ...request.headers },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A redirect comes back as it is: a followed POST would arrive as a GET, and the shared client
		// follows a move to the site's own canonical address itself (see shared/src/http/transport.ts).
		disableFollowRedirect: true,
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
 * per call (all attempts and waits) and a Retry-After of up to one minute is waited out. A silent
 * store is another matter: each request gets 12 s and a store silent twice is not asked a third time
 * (shared/src/http/retry.ts), so its error names the cause after about 25 s, as a Zapier step's does,
 * where the client's default (20 s, three attempts) kept a node waiting 63 s. A WordPress REST read
 * answers in a second or two; one that needs more than 12 s is at its host's limit (docs/retries.md).
 */
export const N8N_RETRY_LIMITS = {
	timeoutMs: 12_000,
	budgetMs: 120_000,
	maxRetryAfterMs: 60_000,
} as const satisfies RetryLimits;

/**
 * What this node's clients know of each store's site (zone, amount unit) for an hour: n8n's processes
 * live long, and each reading costs a request (ARCHITECTURE.md, "Decisions"). Each node is bundled on
 * its own, so the action node, the webhook trigger and the polling trigger each keep their own.
 */
const SITE_MEMORY = new SiteMemory();

/**
 * What n8n lends the shared client: its HTTP helper and n8n-workflow's `sleep` (the
 * package itself may not use timers: its lint forbids them, dist included).
 */
function n8nPlatform(context: StoreContext): Platform {
	return {
		transport: n8nTransport(context),
		sleep: async (ms) => await sleep(ms),
		interactive: N8N_RETRY_LIMITS,
		memory: SITE_MEMORY,
		log: {
			info: (message) => context.logger.info(`Commerce Service: ${message}`),
			warn: (message) => context.logger.warn(`Commerce Service: ${message}`),
		},
	};
}

/**
 * The node's credential as the shared client's settings. One read per call: n8n decrypts it and, in
 * 2.41, builds an expression sandbox for it, so a node reads it once and hands the result on.
 */
export async function credentialSettings(context: StoreContext): Promise<StoreSettings> {
	const credentials = await context.getCredentials<CommerceServiceCredentials>(CREDENTIAL_TYPE);
	return {
		storeUrl: String(credentials.storeUrl ?? ''),
		apiKey: String(credentials.apiKey ?? ''),
		apiRoot: credentials.apiRoot === undefined ? undefined : String(credentials.apiRoot),
	};
}

/**
 * A client for the store of the node's credential, with retries on in every context (the shared
 * client never retries subscribe). `verification`: the short budget shared by both platforms for
 * reading back a hook delivery's record. `settings`: the credential already read, else it is read
 * here, once for the client's life. A malformed Store URL throws a ConfigurationError.
 */
export async function n8nClient(
	this: StoreContext,
	profile: RetryProfile = 'interactive',
	settings?: StoreSettings,
): Promise<CommerceServiceClient> {
	return platformClient(settings ?? (await credentialSettings(this)), n8nPlatform(this), profile);
}
