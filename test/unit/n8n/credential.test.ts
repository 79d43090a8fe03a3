import nock from 'nock';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { CommerceServiceApi } from '../../../n8n/credentials/CommerceServiceApi.credentials';
import { endpoint, resolveStore, urlWithQuery } from '@commerce-service/shared';
import { STATUS_ANSWERS } from '../../../shared/src/http/situations';
import { rootLeftOpen } from '../../../shared/src/config';
import { KEY, ORIGIN, ROOT } from '../support/n8n/context';
import { useNock } from '../support/nock';
import { node, resolveValue } from '../support/n8n/expressions';
import { applyAuthenticate, performRequest, type SentRequest } from '../support/n8n/http';
import { keyRefused, wpError } from '../support/wordpress';

const credential = new CommerceServiceApi();

/** What WordPress answers when a plugin closes the REST API to visitors. */
const REST_CLOSED = wpError('rest_forbidden', 'Sorry, you are not allowed to do that.', 403);
/** What WordPress answers for a route no plugin registered (no Studiocart, or its free edition). */
const NO_ROUTE = wpError(
	'rest_no_route',
	'No route was found matching the URL and request method.',
	404,
);

useNock();

/** The URL of the credential's declarative test, resolved by n8n's expression engine. */
function testUrl(credentials: IDataObject): string {
	const { request } = credential.test;
	const qs = Object.fromEntries(
		Object.entries(request.qs ?? {}).map(([key, value]) => [
			key,
			String(resolveValue(String(value), credentials)),
		]),
	);
	return urlWithQuery(String(resolveValue(String(request.url), credentials)), qs);
}

/**
 * The URL the shared client (and so the nodes) would call for operation 1 with the same settings; with
 * API Root left open, the ?rest_route= form it falls back to (and the credential test uses at once).
 */
function clientUrl(credentials: { storeUrl: string; apiKey: string; apiRoot?: string }): string {
	const open = rootLeftOpen(credentials.apiRoot);
	const store = resolveStore(
		open ? { ...credentials, apiRoot: '?rest_route=/sc/v1' } : credentials,
	);
	const target = endpoint(store, 'webhook/validate/');
	return urlWithQuery(target.url, { ...target.query, api_key: store.apiKey });
}

/** Both URLs as the server sees them: origin, path, and the decoded query. */
function seen(url: string) {
	const parsed = new URL(url);
	return {
		origin: parsed.origin,
		path: parsed.pathname,
		query: Object.fromEntries(parsed.searchParams),
	};
}

/**
 * What n8n's credentials tester does with a declarative test: send the request with `authenticate`
 * applied; on an HTTP error, the first `responseCode` rule for that status, else the status text.
 */
async function runCredentialTest(
	credentials: IDataObject,
	sent: SentRequest[] = [],
): Promise<{ status: string; message: string }> {
	const { request, rules = [] } = credential.test;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: String(resolveValue(String(request.url), credentials)),
		qs: Object.fromEntries(
			Object.entries(request.qs ?? {}).map(([k, v]) => [k, resolveValue(String(v), credentials)]),
		) as IDataObject,
	};
	try {
		await performRequest(node, applyAuthenticate(credential, credentials, options), sent);
	} catch (error) {
		const cause = (
			error as { cause?: { response?: { status: number; statusText: string }; code?: string } }
		).cause;
		if (cause?.response) {
			const rule = rules.find(
				(r) => r.type === 'responseCode' && r.properties.value === cause.response?.status,
			);
			return {
				status: 'Error',
				message: rule ? String(rule.properties.message) : cause.response.statusText,
			};
		}
		return { status: 'Error', message: cause?.code ?? String(error) };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

describe('CommerceServiceApi credential', () => {
	it('has the fields the nodes read, the key as a password, and API Root empty (found)', () => {
		expect(credential.name).toBe('commerceServiceApi');
		expect(
			credential.properties.map((p) => [p.name, p.default, p.typeOptions?.password ?? false]),
		).toEqual([
			['storeUrl', '', false],
			['apiKey', '', true],
			['apiRoot', '', false],
		]);
	});

	it('authenticates with the x-api-key header, the way n8n applies a generic authenticate', () => {
		const options = applyAuthenticate(
			credential,
			{ apiKey: KEY },
			{ url: `${ORIGIN}${ROOT}/orders`, headers: { accept: 'application/json' } },
		);

		expect(options.headers).toEqual({ accept: 'application/json', 'x-api-key': KEY });
	});

	it.each([
		['shop.example.com', undefined],
		['https://shop.example.com/', ''],
		['  https://shop.example.com  ', '/wp-json/sc/v1/'],
		['http://localhost:8080/store/', 'wp-json/sc/v1'],
		['https://example.com/store/wp-json/sc/v1/orders', undefined],
		['https://example.com/wp-admin/admin.php?page=studiocart', undefined],
		['shop.example.com', '?rest_route=/sc/v1'],
		['https://example.com/store', '/?rest_route=/sc/v1/'],
		['https://shop.example.com', 'https://shop.example.com/?rest_route=%2Fsc%2Fv1'],
		['https://shop.example.com', 'https://shop.example.com/wp-json/sc/v1'],
		['https://shop.example.com', '/custom-api/sc/v1'],
		['https://example.com/store', 'https://example.com/store/wp-json/sc/v1'],
		['https://example.com/store', '/store/wp-json/sc/v1'],
		['https://example.com/store/', 'https://example.com/store/?rest_route=/sc/v1'],
	])('tests the same URL the nodes call: Store URL %j, API Root %j', (storeUrl, apiRoot) => {
		const credentials = { storeUrl, apiKey: KEY, ...(apiRoot === undefined ? {} : { apiRoot }) };

		expect(seen(testUrl(credentials))).toEqual(seen(clientUrl(credentials)));
	});

	it('says "Connection successful" for a key the store accepts (it answers "" on real stores)', async () => {
		const scope = nock(ORIGIN)
			.post('/')
			.query({ rest_route: '/sc/v1/webhook/validate/', api_key: KEY })
			.reply(200, '""');
		const sent: SentRequest[] = [];

		const result = await runCredentialTest(
			{ storeUrl: 'shop.example.com', apiKey: KEY, apiRoot: ROOT },
			sent,
		);

		scope.done();
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(sent[0]?.headers['x-api-key']).toBe(KEY);
	});

	it.each(STATUS_ANSWERS.map((answer) => [answer.status, answer] as const))(
		'answers HTTP %i with its shared message',
		async (status, answer) => {
			nock(ORIGIN).post('/').query(true).reply(status, keyRefused(status));

			const result = await runCredentialTest({ storeUrl: ORIGIN, apiKey: 'wrong' });

			expect(result).toEqual({ status: 'Error', message: answer.message });
		},
	);

	it('says what to do for a rejected key, and points at the node for the exact cause', async () => {
		nock(ORIGIN).post('/').query(true).reply(401, keyRefused(401));

		const result = await runCredentialTest({ storeUrl: ORIGIN, apiKey: 'wrong', apiRoot: ROOT });

		expect(result.message).toMatch(/Copy the key again/);
		expect(result.message).toMatch(/run a Commerce Service node once/);
	});

	it('names every cause a 403 can have: a plugin closing the REST API, a CDN challenge, a firewall', async () => {
		nock(ORIGIN).post('/').query(true).reply(403, REST_CLOSED);

		const result = await runCredentialTest({ storeUrl: ORIGIN, apiKey: KEY });

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/plugin closes the REST API/);
		expect(result.message).toMatch(/bot challenge/);
		expect(result.message).toMatch(/firewall/);
	});

	it('names the free edition of Studiocart beside no Studiocart for a 404, and the edition with the API', async () => {
		nock(ORIGIN).post('/').query(true).reply(404, NO_ROUTE);

		const result = await runCredentialTest({ storeUrl: ORIGIN, apiKey: KEY });

		expect(result.message).toMatch(/free edition/);
		expect(result.message).toMatch(/Studiocart Pro/);
	});

	it('reaches a site without pretty permalinks through ?rest_route=', async () => {
		const scope = nock(ORIGIN)
			.post('/')
			.query({ rest_route: '/sc/v1/webhook/validate/', api_key: KEY })
			.reply(200, '{}');

		const result = await runCredentialTest({
			storeUrl: ORIGIN,
			apiKey: KEY,
			apiRoot: '?rest_route=/sc/v1',
		});

		scope.done();
		expect(result.status).toBe('OK');
	});

	it('reports an unreachable store by its error code, as n8n does', async () => {
		nock(ORIGIN)
			.post('/')
			.query(true)
			.replyWithError(
				Object.assign(new Error('getaddrinfo ENOTFOUND shop.example.com'), { code: 'ENOTFOUND' }),
			);

		const result = await runCredentialTest({ storeUrl: ORIGIN, apiKey: KEY, apiRoot: ROOT });

		expect(result).toEqual({ status: 'Error', message: 'ENOTFOUND' });
	});
});
