import type { IExecuteFunctions, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { fromN8nResponse, n8nTransport } from '../../../n8n/nodes/shared/transport';
import { TransportFailure, createClient } from '../../../shared/src';
import { CREDENTIALS, KEY } from './fake/context';

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
	return { calls, client: createClient({ settings: CREDENTIALS, transport: n8nTransport(context) }) };
}

const ok = (body: string, headers: Record<string, unknown> = {}) => () => ({ statusCode: 200, headers, body });

describe('n8n transport', () => {
	it('asks n8n for the full, raw response whatever the status, through the credential', async () => {
		const { calls, client } = recording(ok('[]', { 'X-WP-Total': '0' }));

		await client.listOrders({ page: 2, per_page: 25 });

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
		await client.subscribeHook({ hook_url: 'https://n8n.example.com/webhook/x/webhook', status: 'purchased' });

		const [get, subscribe] = calls.map((call) => call.options);
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
			fromN8nResponse({ statusCode: 200, headers: { 'X-WP-TotalPages': 3, 'Set-Cookie': ['a=1', 'b=2'], Empty: null }, body: '[]' }),
		).toEqual({ status: 200, headers: { 'x-wp-totalpages': '3', 'set-cookie': 'a=1, b=2' }, body: '[]' });
	});

	it('takes a body n8n parsed or buffered anyway back as text', () => {
		expect(fromN8nResponse({ statusCode: 200, headers: {}, body: Buffer.from('{"a":1}') }).body).toBe('{"a":1}');
		expect(fromN8nResponse({ statusCode: 200, headers: {}, body: { a: 1 } }).body).toBe('{"a":1}');
		expect(fromN8nResponse({ statusCode: 204, headers: {}, body: undefined }).body).toBe('');
	});

	it('classifies what n8n threw (a NodeApiError around the axios error) as a transport failure', async () => {
		const axiosLike = Object.assign(new Error('timeout of 20000ms exceeded'), { code: 'ECONNABORTED' });
		const node = { id: '1', name: 'n', type: 't', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		const transport = n8nTransport({
			helpers: {
				httpRequestWithAuthentication: async () => {
					throw new NodeApiError(node, axiosLike as unknown as JsonObject);
				},
			},
		} as unknown as IExecuteFunctions);

		const failure = transport.send({ method: 'GET', url: 'https://shop.example.com/x', query: {}, headers: {}, timeoutMs: 1 });

		await expect(failure).rejects.toBeInstanceOf(TransportFailure);
		await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
	});

	it('refuses something that is not a response', () => {
		expect(() => fromN8nResponse('<html>')).toThrow(TransportFailure);
	});
});
