import { STATUS_CODES } from 'node:http';

import type {
	IAuthenticateGeneric,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { HttpResponse } from '@commerce-service/shared';
import { sendOnWire } from '../../../../scripts/kit/nodeTransport';

import { resolveValue } from './expressions';

/** Every request the fake sent, after authentication, for assertions beyond nock's matching. */
export interface SentRequest {
	method: string;
	url: string;
	headers: Record<string, string>;
	body: string | undefined;
}

/**
 * n8n's credentials helper for a generic `authenticate`: each value of headers / qs / body / auth is
 * resolved as an expression with `$credentials` and merged into the request options.
 */
export function applyAuthenticate(
	credentialType: ICredentialType,
	credentials: IDataObject,
	options: IHttpRequestOptions,
): IHttpRequestOptions {
	const authenticate = credentialType.authenticate;
	if (!authenticate) return options;
	if (typeof authenticate === 'function')
		throw new Error('the fake only applies generic authenticate');
	const generic: IAuthenticateGeneric = authenticate;
	const out: IHttpRequestOptions = { ...options };
	const target = out as unknown as Record<string, Record<string, unknown> | undefined>;
	for (const [outerKey, values] of Object.entries(generic.properties)) {
		const merged: Record<string, unknown> = { ...(target[outerKey] ?? {}) };
		for (const [key, value] of Object.entries(values as Record<string, string>)) {
			merged[String(resolveValue(key, credentials))] = resolveValue(value, credentials);
		}
		target[outerKey] = merged;
	}
	return out;
}

/**
 * n8n's `httpRequest` helper on the shared Node transport's wire sender (`sendOnWire`, which nock
 * intercepts): query from `qs`, GET bodies dropped, JSON bodies serialised, `returnFullResponse`,
 * `ignoreHttpStatusErrors`, `encoding: 'text'`, and failures thrown as n8n throws them from
 * `httpRequestWithAuthentication`: a NodeApiError whose `cause` is the original error.
 */
export async function performRequest(
	node: INode,
	options: IHttpRequestOptions,
	sent: SentRequest[],
): Promise<unknown> {
	const url = new URL(options.url);
	for (const [key, value] of Object.entries(options.qs ?? {})) {
		if (Array.isArray(value))
			value.forEach((item, index) => url.searchParams.append(`${key}[${index}]`, String(item)));
		else if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
	}
	const method = (options.method ?? 'GET').toUpperCase();
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(options.headers ?? {})) {
		if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
	}
	let body: string | undefined;
	if (method !== 'GET' && options.body !== undefined && options.body !== '') {
		if (typeof options.body === 'string') body = options.body;
		else {
			body = JSON.stringify(options.body);
			headers['content-type'] ??= 'application/json';
		}
	}
	if (body === undefined) delete headers['content-type'];
	headers['user-agent'] ??= 'n8n';
	headers.accept ??= 'application/json, text/plain, */*';
	if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
	sent.push({ method, url: url.toString(), headers: { ...headers }, body });

	let response: HttpResponse;
	try {
		response = await sendOnWire({
			method,
			url: url.toString(),
			headers,
			...(body === undefined ? {} : { body }),
			timeoutMs: options.timeout ?? 300_000,
		});
	} catch (error) {
		throw new NodeApiError(node, error as JsonObject);
	}
	if (!options.ignoreHttpStatusErrors && (response.status < 200 || response.status >= 300)) {
		const failure = Object.assign(new Error(`Request failed with status code ${response.status}`), {
			response: {
				status: response.status,
				statusText: STATUS_CODES[response.status] ?? '',
				data: response.body,
			},
		});
		throw new NodeApiError(node, failure as unknown as JsonObject, {
			httpCode: String(response.status),
		});
	}
	const parsed = options.encoding === 'text' ? response.body : parseLikeAxios(response.body);
	if (!options.returnFullResponse) return parsed;
	return {
		body: parsed,
		headers: response.headers,
		statusCode: response.status,
		statusMessage: STATUS_CODES[response.status] ?? '',
	};
}

/** axios without a response type: JSON when it parses, the text otherwise. */
function parseLikeAxios(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}
