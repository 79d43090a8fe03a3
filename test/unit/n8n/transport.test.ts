import type { IExecuteFunctions, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	N8N_RETRY_LIMITS,
	fromN8nResponse,
	n8nTransport,
	n8nClient,
} from '../../../n8n/nodes/common/transport';
import { TransportFailure } from '../../../shared/src';
import { VERIFICATION_LIMITS } from '../../../shared/src/platformClient';
import { n8nSleep } from '../support/sleep';
import { createClient } from '../../kit/client';
import { CREDENTIALS, KEY } from '../support/n8n/context';

/** Retries wait through n8n-workflow's `sleep`: recorded here (moving a fake clock) instead of slept. */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/sleep')>('../support/sleep')
		.n8nWorkflowWithRecordedSleep(),
);

/** A context whose helper records what the transport hands to n8n and answers as n8n would. */
function recording(answer: (options: IHttpRequestOptions) => unknown) {
	const calls: { type: string; options: IHttpRequestOptions }[] = [];
	const context = {
		helpers: {
			async httpRequestWithAuthentication(type: string, options: IHttpRequestOptions) {
				calls.push({ type, options });
				return answer(options);
			},
			// Without a credential: `type` records that none was used.
			async httpRequest(options: IHttpRequestOptions) {
				calls.push({ type: 'none', options });
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
	it('asks n8n for the full, raw response whatever the status, through the credential', async () => {
		const { calls, client } = recording(ok('[]', { 'X-WP-Total': '0' }));

		await client.listOrders({ page: 2, per_page: 25 });

		// An empty page has no times: the site's zone is not asked (docs/dates.md).
		expect(calls).toEqual([
			{
				type: 'commerceServiceApi',
				options: {
					method: 'GET',
					url: 'https://shop.example.com/wp-json/sc/v1/orders',
					qs: { page: '2', per_page: '25' },
					headers: { accept: 'application/json', 'content-type': 'application/json' },
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

	it('leaves the x-api-key header to the credential, sends no GET body, and puts query keys where the API wants them', async () => {
		const { calls, client } = recording(ok('{"id": 1732190400}'));

		await client.getOrder(1042);
		await client.subscribeHook({
			hook_url: 'https://n8n.example.com/webhook/x/webhook',
			status: 'purchased',
		});

		// The site index read for the zone (docs/dates.md) is not one of the two calls under test.
		const storeCalls = calls.filter((call) => !call.options.url.endsWith('/wp-json/'));
		const [get, subscribe] = storeCalls.map((call) => call.options);
		expect(storeCalls.map((call) => call.type)).toEqual(['commerceServiceApi', 'none']);
		expect(get?.headers).not.toHaveProperty('x-api-key');
		expect(get?.body).toBeUndefined();
		expect(subscribe?.qs).toEqual({ api_key: KEY });
		expect(JSON.parse(String(subscribe?.body))).toEqual({
			hook_url: 'https://n8n.example.com/webhook/x/webhook',
			status: 'purchased',
		});
	});

	it('sends the key only where the interface puts it: operations 1 to 6 never go through the credential', async () => {
		const { calls, client } = recording(ok('[]'));

		await client.validateKey();
		await client.listWebhookProducts();
		await client.listWebhookPlans(87);
		await client.latestOrders({});
		await client.deleteHook('55');
		await client.listCustomers({});

		// The credential (whose authenticate adds x-api-key) is used for the REST read alone.
		expect(calls.map((call) => [call.type, new URL(call.options.url).pathname])).toEqual([
			['none', '/wp-json/sc/v1/webhook/validate/'],
			['none', '/wp-json/sc/v1/webhook/products/'],
			['none', '/wp-json/sc/v1/webhook/plans/'],
			['none', '/wp-json/sc/v1/webhook/latest-orders/'],
			['none', '/wp-json/sc/v1/webhook/delete/'],
			['commerceServiceApi', '/wp-json/sc/v1/customers'],
		]);
		const keyed = calls.filter((call) => JSON.stringify(call.options).includes(KEY));
		// 1 and 6 carry api_key in the query; 3, 4 and 5 carry no key at all.
		expect(keyed.map((call) => new URL(call.options.url).pathname)).toEqual([
			'/wp-json/sc/v1/webhook/validate/',
			'/wp-json/sc/v1/webhook/latest-orders/',
		]);
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
				httpRequestWithAuthentication: async () => {
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
				async httpRequestWithAuthentication(_type: string, options: IHttpRequestOptions) {
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
