import type { IExecuteFunctions, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	N8N_RETRY_LIMITS,
	fromN8nResponse,
	n8nTransport,
	n8nClient,
} from '../../../n8n/nodes/common/transport';
import { TransportFailure } from '@commerce-service/shared';
import { VERIFICATION_LIMITS } from '../../../shared/src/platformClient';
import { n8nSleep } from '../support/sleep';
import { createClient } from '../../../scripts/kit/client';
import { CREDENTIALS, KEY } from '../support/n8n/context';

/** Retries wait through n8n-workflow's `sleep`: recorded here (moving a fake clock) instead of slept. */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/sleep')>('../support/sleep')
		.n8nWorkflowWithRecordedSleep(),
);

/**
 * A context whose helper records what the transport hands to n8n and answers as n8n would. Its
 * `httpRequestWithAuthentication` fails the test: that helper reads the credential on every request.
 */
function recording(answer: (options: IHttpRequestOptions) => unknown) {
	const calls: { options: IHttpRequestOptions }[] = [];
	const context = {
		helpers: {
			async httpRequestWithAuthentication() {
				throw new Error('httpRequestWithAuthentication reads the credential again on each request');
			},
			async httpRequest(options: IHttpRequestOptions) {
				calls.push({ options });
				return answer(options);
			},
		},
	} as unknown as IExecuteFunctions;
	return {
		calls,
		client: createClient({ settings: CREDENTIALS, transport: n8nTransport(context) }),
	};
}

const ok =
	(body: string, headers: Record<string, unknown> = {}) =>
	() => ({ statusCode: 200, headers, body });

describe('n8n transport', () => {
	it('asks n8n for the full, raw response whatever the status, the key in the header the REST API reads', async () => {
		const { calls, client } = recording(ok('[]', { 'X-WP-Total': '0' }));

		await client.listOrders({ page: 2, per_page: 25 });

		// An empty page has no times: the site's zone is not asked (docs/dates.md).
		expect(calls).toEqual([
			{
				options: {
					method: 'GET',
					url: 'https://shop.example.com/wp-json/sc/v1/orders',
					qs: { page: '2', per_page: '25' },
					headers: {
						accept: 'application/json',
						'content-type': 'application/json',
						'x-api-key': KEY,
					},
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					disableFollowRedirect: true,
					json: false,
					encoding: 'text',
					timeout: 20_000,
				},
			},
		]);
	});

	it('sends no GET body, and puts the key in the header or the query where the API wants it', async () => {
		const { calls, client } = recording(ok('{"id": 1732190400}'));

		await client.getOrder(1042);
		await client.subscribeHook({
			hook_url: 'https://n8n.example.com/webhook/x/webhook',
			status: 'purchased',
		});

		// The site index read for the zone (docs/dates.md) is not one of the two calls under test.
		const storeCalls = calls.filter((call) => !call.options.url.endsWith('/wp-json/'));
		const [get, subscribe] = storeCalls.map((call) => call.options);
		expect(get?.headers).toHaveProperty('x-api-key', KEY);
		expect(get?.qs).not.toHaveProperty('api_key');
		expect(get?.body).toBeUndefined();
		expect(subscribe?.qs).toEqual({ api_key: KEY });
		expect(subscribe?.headers).not.toHaveProperty('x-api-key');
		expect(JSON.parse(String(subscribe?.body))).toEqual({
			hook_url: 'https://n8n.example.com/webhook/x/webhook',
			status: 'purchased',
		});
	});

	it('sends the key only where the interface puts it: operations 3 to 5 carry none', async () => {
		const { calls, client } = recording(ok('[]'));

		await client.validateKey();
		await client.listWebhookProducts();
		await client.listWebhookPlans(87);
		await client.latestOrders({});
		await client.deleteHook('55');
		await client.listCustomers({});

		const where = (options: IHttpRequestOptions) =>
			options.headers?.['x-api-key'] === KEY
				? 'header'
				: (options.qs as Record<string, unknown>).api_key === KEY
					? 'query'
					: 'none';
		expect(calls.map((call) => [where(call.options), new URL(call.options.url).pathname])).toEqual([
			['query', '/wp-json/sc/v1/webhook/validate/'],
			['none', '/wp-json/sc/v1/webhook/products/'],
			['none', '/wp-json/sc/v1/webhook/plans/'],
			['query', '/wp-json/sc/v1/webhook/latest-orders/'],
			['none', '/wp-json/sc/v1/webhook/delete/'],
			['header', '/wp-json/sc/v1/customers'],
		]);
		const keyed = calls.filter((call) => JSON.stringify(call.options).includes(KEY));
		expect(keyed).toHaveLength(3);
	});

	it('reads headers case-insensitively and joins repeated ones', () => {
		expect(
			fromN8nResponse({
				statusCode: 200,
				headers: { 'X-WP-TotalPages': 3, 'Set-Cookie': ['a=1', 'b=2'], Empty: null },
				body: '[]',
			}),
		).toEqual({
			status: 200,
			headers: { 'x-wp-totalpages': '3', 'set-cookie': 'a=1, b=2' },
			body: '[]',
		});
	});

	it('takes a body n8n parsed or buffered anyway back as text', () => {
		expect(
			fromN8nResponse({ statusCode: 200, headers: {}, body: Buffer.from('{"a":1}') }).body,
		).toBe('{"a":1}');
		expect(fromN8nResponse({ statusCode: 200, headers: {}, body: { a: 1 } }).body).toBe('{"a":1}');
		expect(fromN8nResponse({ statusCode: 204, headers: {}, body: undefined }).body).toBe('');
	});

	it('classifies what n8n threw (a NodeApiError around the axios error) as a transport failure', async () => {
		const axiosLike = Object.assign(new Error('timeout of 20000ms exceeded'), {
			code: 'ECONNABORTED',
		});
		const node = {
			id: '1',
			name: 'n',
			type: 't',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
		};
		const transport = n8nTransport({
			helpers: {
				httpRequest: async () => {
					throw new NodeApiError(node, axiosLike as unknown as JsonObject);
				},
			},
		} as unknown as IExecuteFunctions);

		const failure = transport.send({
			method: 'GET',
			url: 'https://shop.example.com/x',
			query: {},
			headers: {},
			auth: { style: 'header', apiKey: KEY },
			timeoutMs: 1,
		});

		await expect(failure).rejects.toBeInstanceOf(TransportFailure);
		await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
	});

	it('refuses something that is not a response', () => {
		expect(() => fromN8nResponse('<html>')).toThrow(TransportFailure);
	});
});

describe('n8nClient', () => {
	/** A context with the credential whose helper answers 503 (with `retryAfter`) after `tookMs` of the clock. */
	function failing(clock: { now: number }, tookMs: number, retryAfter?: string) {
		const timeouts: unknown[] = [];
		const context = {
			getCredentials: async () => CREDENTIALS,
			helpers: {
				async httpRequest(options: IHttpRequestOptions) {
					timeouts.push(options.timeout);
					clock.now += tookMs;
					return {
						statusCode: 503,
						headers: retryAfter ? { 'retry-after': retryAfter } : {},
						body: '',
					};
				},
			},
		} as unknown as IExecuteFunctions;
		return { context, timeouts };
	}

	beforeEach(() => n8nSleep.start({ clock: true }));
	afterEach(() => jest.restoreAllMocks());

	it('reads the credential once for the client, not once per request', async () => {
		let reads = 0;
		const context = {
			getCredentials: async () => {
				reads += 1;
				return CREDENTIALS;
			},
			helpers: {
				httpRequest: async () => ({ statusCode: 200, headers: {}, body: '{"id": 1042}' }),
			},
		} as unknown as IExecuteFunctions;

		const client = await n8nClient.call(context);
		await client.getOrder(1042);
		await client.getOrder(1043);
		await client.listCustomers({});
		expect(reads).toBe(1);

		// Settings a caller has read already: no read at all.
		await (await n8nClient.call(context, 'verification', CREDENTIALS)).getOrder(1042);
		expect(reads).toBe(1);
	});

	it('retries in every context by default (hooks, loaders, polls): 3 attempts within two minutes', async () => {
		const { context, timeouts } = failing(n8nSleep, 10);

		await expect((await n8nClient.call(context)).getOrder(1042)).rejects.toMatchObject({
			status: 503,
			message: expect.stringMatching(/after 3 attempts/),
		});
		expect(timeouts).toHaveLength(3);
		expect(n8nSleep.waits).toHaveLength(2);
		expect(N8N_RETRY_LIMITS.budgetMs).toBe(120_000);
	});

	it('for verifying a delivery, retries within the short budget of VERIFICATION_LIMITS', async () => {
		// 4 s + 2 s + 4 s = 10 s: a third attempt would not fit in 10 s.
		const { context, timeouts } = failing(n8nSleep, 4_000, '2');

		await expect(
			(await n8nClient.call(context, 'verification')).getOrder(1042),
		).rejects.toMatchObject({
			message: expect.stringMatching(/after 2 attempts/),
		});
		expect(timeouts[0]).toBe(VERIFICATION_LIMITS.timeoutMs);
		expect(n8nSleep.waits).toEqual([2000]);
		expect(VERIFICATION_LIMITS.budgetMs).toBeLessThanOrEqual(10_000);
	});
});
