import { inspect } from 'node:util';
import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { CREDENTIALS, KEY, ORIGIN, ROOT, fakeExecute } from '../support/n8n/context';
import { nodeFailure } from '../support/nodeFailure';
import { executeNode } from '../support/n8n/execute';
import { n8nSleep } from '../support/sleep';
import { order } from '../support/n8n/fixtures';
import { useRecordReads } from '../support/recordReads';
import { keyRefused, wpError } from '../support/wordpress';

// The action node retries a store that cannot be reached or times out; its waits go through
// n8n-workflow's `sleep`, recorded here instead of slept.
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/sleep')>('../support/sleep')
		.n8nWorkflowWithRecordedSleep(),
);

const node = new CommerceService();
const getOrder = { resource: 'order', operation: 'get', orderId: '1042' };

/** The error Get an order (1042) ends with. */
function getOrderFailure(): ReturnType<typeof nodeFailure> {
	const { context } = fakeExecute({ parameters: getOrder });
	return nodeFailure(() => node.execute.call(context));
}

/** The order read fails on all three attempts with a Node network error (`code`). */
function failsEveryAttempt(message: string, code: string, attempts = 3): void {
	nock(ORIGIN)
		.get(`${ROOT}/orders/1042`)
		.times(attempts)
		.replyWithError(Object.assign(new Error(message), { code }));
}

describe('errors', () => {
	it('Return All on a store that ignores paging fails with a NodeApiError saying how many records it read and why', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/orders`)
			.query(true)
			.times(2)
			.reply(
				200,
				Array.from({ length: 100 }, (_, i) => order(i + 1)),
			);
		const { context } = fakeExecute({
			parameters: { resource: 'order', operation: 'getAll', returnAll: true },
		});

		const error = await nodeFailure(() => node.execute.call(context));

		scope.done();
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(
			/^Return All failed on shop\.example\.com: it stopped after reading 100 records: the store sent the same records for page 2 as for page 1, so it ignores paging and the records after these cannot be read\./,
		);
		expect(error.description).toMatch(/caching or security plugin/);
	});

	it('a rejected key is a NodeApiError: what happened as the message, its advice once, as the description', async () => {
		nock(ORIGIN).get(`${ROOT}/orders/1042`).reply(401, keyRefused(401));
		const error = await getOrderFailure();

		expect(error).toBeInstanceOf(NodeApiError);
		const hint =
			'Copy the API key again from the Studiocart settings in your WordPress admin and update the connection.';
		expect(error.message).toBe(
			'Get an order failed on shop.example.com: the store did not accept the API key (HTTP 401 rest_forbidden_context: Sorry, you cannot view this resource.).',
		);
		expect(error.description).toBe(hint);
		expect((error as NodeApiError).httpCode).toBe('401');
		const json = JSON.stringify(error);
		expect(json.split(hint)).toHaveLength(2);
		expect(json).not.toContain(KEY);
	});

	it('a name that does not resolve keeps its cause: ENOTFOUND is in the NodeApiError, not in its message', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/orders/1042`)
			.replyWithError(
				Object.assign(new Error('getaddrinfo ENOTFOUND shop.example.com'), { code: 'ENOTFOUND' }),
			);
		const error = await getOrderFailure();

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'Get an order failed on shop.example.com: no site has this name (the DNS lookup found nothing).',
		);
		expect(error.message).not.toContain('ENOTFOUND');
		expect(JSON.parse(JSON.stringify(error))).toMatchObject({
			cause: { message: 'getaddrinfo ENOTFOUND shop.example.com' },
		});
	});

	it('an unknown ID is a NodeApiError that says so', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/orders/1042`)
			.reply(404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
		const error = await getOrderFailure();

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain(
			'the store has no record with that ID (HTTP 404 sc_rest_invalid_id',
		);
		expect(error.description).toMatch(/^Check the ID/);
	});

	it('a maintenance page answered with 200 is an error naming the page, not data', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/orders/1042`)
			.reply(
				200,
				'<!DOCTYPE html><html><head><title>Briefly unavailable for scheduled maintenance</title></head></html>',
				{
					'Content-Type': 'text/html',
				},
			);
		const error = await getOrderFailure();

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain(
			'the site is in maintenance mode ("Briefly unavailable for scheduled maintenance")',
		);
	});

	it('a store that cannot be reached is a NodeApiError about reaching it, after three attempts', async () => {
		failsEveryAttempt('connect ECONNREFUSED 203.0.113.7:443', 'ECONNREFUSED');
		const { context } = fakeExecute({ parameters: getOrder });
		n8nSleep.start();

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'Get an order failed on shop.example.com after 3 attempts: the server refused the connection (nothing listens at this address and port).',
		);
		expect(error.description).toBe(
			'Check that the site is online and that the Store URL has the right scheme and port (https://, no :8080 unless the site uses it).',
		);
		// Two waits, through n8n's sleep: exponential backoff (1 s, then 2 s, each half jittered).
		expect(n8nSleep.waits).toHaveLength(2);
		expect(n8nSleep.waits[0]).toBeGreaterThanOrEqual(500);
		expect(n8nSleep.waits[0]).toBeLessThanOrEqual(1000);
		expect(n8nSleep.waits[1]).toBeGreaterThanOrEqual(1000);
		expect(n8nSleep.waits[1]).toBeLessThanOrEqual(2000);
	});

	it('a store too slow to answer is a timeout, classified through n8n’s NodeApiError wrapper', async () => {
		// A store silent twice is not asked a third time (N8N_RETRY_LIMITS: 12 s a request).
		failsEveryAttempt('timeout of 12000ms exceeded', 'ECONNABORTED', 2);
		const error = await getOrderFailure();

		expect(error.message).toContain(
			'Get an order failed on shop.example.com after 2 attempts: the store did not answer within 12 seconds',
		);
	});

	it('a refused parameter is a NodeApiError naming it', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/orders`)
			.query(true)
			.reply(400, {
				code: 'rest_invalid_param',
				message: 'Invalid parameter(s): date_after',
				data: { status: 400, params: { date_after: 'Invalid date.' } },
			});
		const { context } = fakeExecute({
			parameters: {
				resource: 'order',
				operation: 'getAll',
				returnAll: false,
				limit: 5,
				filters: { dateAfter: '2026-01-01' },
			},
		});

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('the store refused the request (date_after)');
		expect((error as NodeApiError).httpCode).toBe('400');
	});

	it('an ID that is not a number is a NodeOperationError, and nothing is sent', async () => {
		const { context, sent } = fakeExecute({ parameters: { ...getOrder, orderId: 'abc' } });

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('the order ID "abc" is not a positive whole number');
		expect(error.description).toMatch(/^Enter the numeric ID of the order/);
		expect(sent).toHaveLength(0);
	});

	it('a Store URL that is not one is a NodeOperationError from the credential, and nothing is sent', async () => {
		const { context, sent } = fakeExecute({
			parameters: getOrder,
			credentials: { ...CREDENTIALS, storeUrl: 'my shop' },
		});

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('"my shop" is not a store URL (it contains spaces)');
		expect(sent).toHaveLength(0);
	});

	it('a Date After that is not a date is refused before anything is sent', async () => {
		const { context, sent } = fakeExecute({
			parameters: {
				resource: 'order',
				operation: 'getAll',
				returnAll: true,
				filters: { dateAfter: 'last tuesday' },
			},
		});

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Created After "last tuesday" is not a date [item 0]');
		expect(sent).toHaveLength(0);
	});

	it('an unknown operation is refused', async () => {
		const { context } = fakeExecute({ parameters: { resource: 'order', operation: 'delete' } });

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The operation "delete" of "order" is not supported');
	});
});

describe('Continue On Fail', () => {
	const reads = useRecordReads();

	it('turns a failing item into an error item paired with it, and goes on with the next', async () => {
		reads.answer('orders', 1, 200, order(1));
		reads.unknown('orders', 2);
		reads.answer('orders', 3, 200, order(3));
		const { context } = fakeExecute({
			parameters: { resource: 'order', operation: 'get' },
			items: [{ json: {} }, { json: {} }, { json: {} }, { json: {} }],
			itemParameters: [{ orderId: '1' }, { orderId: '2' }, { orderId: '3' }, { orderId: 'x' }],
			continueOnFail: true,
		});

		const [output] = await node.execute.call(context);

		expect(reads.paths).toEqual([`${ROOT}/orders/1`, `${ROOT}/orders/2`, `${ROOT}/orders/3`]);
		expect(output?.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(output?.[0]?.json.id).toBe(1);
		expect(output?.[1]?.json).toEqual({
			error: expect.stringContaining('the store has no record with that ID'),
			description: expect.stringMatching(/^Check the ID/),
		});
		expect(output?.[2]?.json.id).toBe(3);
		expect(output?.[3]?.json.error).toContain('is not a positive whole number');
	});

	it('gives every item an error item when the credential itself is wrong', async () => {
		const { output } = await executeNode({
			parameters: getOrder,
			items: [{ json: {} }, { json: {} }],
			credentials: { ...CREDENTIALS, apiKey: '  ' },
			continueOnFail: true,
		});

		expect(output).toEqual([
			{
				json: expect.objectContaining({ error: expect.stringContaining('no API key is set') }),
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({ error: expect.stringContaining('no API key is set') }),
				pairedItem: { item: 1 },
			},
		]);
	});
});

describe('the API key in an error', () => {
	/** Everything n8n shows or logs of a node's error: title, description, details, stack, cause. */
	function shown(error: Error & { description?: string | null }): string {
		return [
			error.message,
			error.description ?? '',
			error.stack ?? '',
			JSON.stringify(error),
			inspect(error, { depth: 10 }),
		].join('\n');
	}

	it('is removed from what the store said, in the NodeApiError and in a Continue On Fail item', async () => {
		const quoting = {
			code: 'internal_error',
			message: `https://shop.example.com/wp-json/sc/v1/orders/1042?api_key=${KEY} failed for key ${KEY}`,
		};
		nock(ORIGIN).get(`${ROOT}/orders/1042`).times(2).reply(500, quoting);
		const error = await getOrderFailure();

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('api_key=[redacted] failed for key [redacted]');
		expect(shown(error)).not.toContain(KEY);

		nock(ORIGIN).get(`${ROOT}/orders/1042`).times(2).reply(500, quoting);
		const { output } = await executeNode({ parameters: getOrder, continueOnFail: true });
		expect(output?.[0]?.json.error).toMatch(
			/^Get an order failed on shop\.example\.com after 2 attempts: .*\[redacted\]/,
		);
		expect(JSON.stringify(output)).not.toContain(KEY);
	});

	it('is removed from the cause of a failure with no answer', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/orders/1042`)
			.replyWithError(
				Object.assign(new Error(`certificate refused for /orders/1042?api_key=${KEY}`), {
					code: 'CERT_HAS_EXPIRED',
				}),
			);
		const error = await getOrderFailure();

		expect(error).toBeInstanceOf(NodeApiError);
		expect(JSON.stringify(error)).toContain('CERT_HAS_EXPIRED');
		expect(shown(error)).not.toContain(KEY);
	});
});
