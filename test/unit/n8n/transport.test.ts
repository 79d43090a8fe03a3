import type { IExecuteFunctions, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	N8N_RETRY_LIMITS,
	N8N_VERIFY_RETRY_LIMITS,
	fromN8nResponse,
	n8nTransport,
	storeClient,
} from '../../../n8n/nodes/common/transport';
import { TransportFailure, createClient } from '../../../shared/src';
import { CREDENTIALS, KEY } from './fake/context';

/** Retries wait through n8n-workflow's `sleep`: recorded here (moving a fake clock) instead of slept. */
const mockSleep = { waits: [] as number[], onWait: (_ms: number): void => undefined };
jest.mock('n8n-workflow', () => ({
	...jest.requireActual<object>('n8n-workflow'),
	sleep: jest.fn(async (ms: number) => {
		mockSleep.waits.push(ms);
		mockSleep.onWait(ms);
	}),
}));

/** A context whose helper records what the transport hands to n8n and answers as n8n would. */
function recording(answer: (options: IHttpRequestOptions) => unknown) {
	const calls: { type: string; options: IHttpRequestOptions }[] = [];
	const context = {
		helpers: {
			async httpRequestWithAuthentication(type: string, options: IHttpRequestOptions) {
				calls.push({ type, options });
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

		const [get, subscribe] = calls
			.map((call) => call.options)
			.filter((options) => !options.url.endsWith('/wp-json/'));
		expect(get?.headers).not.toHaveProperty('x-api-key');
		expect(get?.body).toBeUndefined();
		expect(subscribe?.qs).toEqual({ api_key: KEY });
		expect(JSON.parse(String(subscribe?.body))).toEqual({
			hook_url: 'https://n8n.example.com/webhook/x/webhook',
			status: 'purchased',
		});
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
			timeoutMs: 1,
		});

		await expect(failure).rejects.toBeInstanceOf(TransportFailure);
		await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
	});

	it('refuses something that is not a response', () => {
		expect(() => fromN8nResponse('<html>')).toThrow(TransportFailure);
	});
});

describe('storeClient', () => {
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

	let clock = { now: 0 };
	beforeEach(() => {
		clock = { now: 0 };
		mockSleep.waits = [];
		mockSleep.onWait = (ms) => {
			clock.now += ms;
		};
		jest.spyOn(Date, 'now').mockImplementation(() => clock.now);
	});
	afterEach(() => jest.restoreAllMocks());

	it('retries in every context by default (hooks, loaders, polls): 3 attempts within two minutes', async () => {
		const { context, timeouts } = failing(clock, 10);

		await expect((await storeClient.call(context)).getOrder(1042)).rejects.toMatchObject({
			status: 503,
			message: expect.stringMatching(/after 3 attempts/),
		});
		expect(timeouts).toHaveLength(3);
		expect(mockSleep.waits).toHaveLength(2);
		expect(N8N_RETRY_LIMITS.budgetMs).toBe(120_000);
	});

	it('for verifying a delivery, retries within the short budget of N8N_VERIFY_RETRY_LIMITS', async () => {
		// 4 s + 2 s + 4 s = 10 s: a third attempt would not fit in 10 s.
		const { context, timeouts } = failing(clock, 4_000, '2');

		await expect(
			(await storeClient.call(context, { purpose: 'verification' })).getOrder(1042),
		).rejects.toMatchObject({
			message: expect.stringMatching(/after 2 attempts/),
		});
		expect(timeouts[0]).toBe(N8N_VERIFY_RETRY_LIMITS.timeoutMs);
		expect(mockSleep.waits).toEqual([2000]);
		expect(N8N_VERIFY_RETRY_LIMITS.budgetMs).toBeLessThanOrEqual(10_000);
	});
});
