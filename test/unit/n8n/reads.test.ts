/**
 * Reads at scale in the action node: Options → Parallel Requests on Get Many, Customer → Get by Email,
 * and retries of a busy store within n8n's budget, waiting through n8n-workflow's `sleep` (recorded
 * here, with a fake clock, instead of slept).
 */
import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { ORIGIN, ROOT, fakeExecute } from '../support/n8n/context';
import { nodeFailure } from '../support/nodeFailure';
import { executeGetMany, executeNode } from '../support/n8n/execute';
import { n8nSleep } from '../support/sleep';
import { customer, order, range } from '../support/n8n/fixtures';
import { wpError } from '../support/wordpress';

jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/sleep')>('../support/sleep')
		.n8nWorkflowWithRecordedSleep(),
);

const node = new CommerceService();

/** Waits recorded, on a fake clock that they move on. */
beforeEach(() => n8nSleep.start({ clock: true }));
afterEach(() => jest.restoreAllMocks());

/**
 * Orders pages 1..`pages` of 100 with totals; each answer comes after a real 15 ms, and `events`
 * records when each page was asked for and answered, to see how many were in flight at once.
 */
function slowOrderPages(pages: number, events: string[]): void {
	nock(ORIGIN)
		.get(`${ROOT}/orders`)
		.query(true)
		.times(pages)
		.reply((uri, _body, callback) => {
			const page = new URL(uri, ORIGIN).searchParams.get('page');
			events.push(`ask ${page}`);
			const items = range(Number(page) * 100 - 99, 100, order);
			setTimeout(() => {
				events.push(`got ${page}`);
				callback(null, [
					200,
					items,
					{ 'X-WP-Total': String(pages * 100), 'X-WP-TotalPages': String(pages) },
				]);
			}, 15);
		});
}

/** The most pages asked for and not yet answered at any one time. */
function mostInFlight(events: string[]): number {
	let now = 0;
	let most = 0;
	for (const event of events) {
		now += event.startsWith('ask') ? 1 : -1;
		most = Math.max(most, now);
	}
	return most;
}

describe('Get Many → Options → Parallel Requests', () => {
	it('by default asks for up to 4 pages at once and keeps page order', async () => {
		const events: string[] = [];
		slowOrderPages(6, events);
		const { output } = await executeNode({
			parameters: { resource: 'order', operation: 'getAll', returnAll: true },
		});

		expect(output?.map((item) => item.json.id)).toEqual(range(1, 600, (id) => id));
		expect(mostInFlight(events)).toBe(4);
	});

	it('1 asks for one page at a time, for fragile hosts', async () => {
		const events: string[] = [];
		slowOrderPages(4, events);
		const { output } = await executeGetMany('order', {
			returnAll: true,
			options: { parallelRequests: 1 },
		});

		expect(output).toHaveLength(400);
		expect(events).toEqual([
			'ask 1',
			'got 1',
			'ask 2',
			'got 2',
			'ask 3',
			'got 3',
			'ask 4',
			'got 4',
		]);
	});

	it('with a Limit asks only for the pages the limit needs', async () => {
		const events: string[] = [];
		slowOrderPages(2, events);
		const { output } = await executeGetMany('order', {
			returnAll: false,
			limit: 150,
			options: { parallelRequests: 8 },
		});

		expect(output).toHaveLength(150);
		expect(events.filter((event) => event.startsWith('ask')).sort()).toEqual(['ask 1', 'ask 2']);
	});

	it.each([0, 17, 2.5, 'many'])('refuses %p before anything is sent', async (value) => {
		const { context, sent } = fakeExecute({
			parameters: {
				resource: 'customer',
				operation: 'getAll',
				returnAll: true,
				options: { parallelRequests: value },
			},
		});

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			`Parallel Requests "${value}" is not a whole number from 1 to 16 [item 0]`,
		);
		expect(sent).toHaveLength(0);
	});

	it('is offered on every list with Return All, on Get by Email and on Get Sales Summary', () => {
		const pairs = (property: (typeof node.description.properties)[number]): string[] =>
			(property.displayOptions?.show?.resource ?? []).flatMap((resource) =>
				(property.displayOptions?.show?.operation ?? []).map(
					(operation) => `${String(resource)}.${String(operation)}`,
				),
			);
		const offeredFor = node.description.properties
			.filter((property) => property.name === 'options')
			.flatMap(pairs);
		// Every operation that reads a list in pages shows Return All; derived, so a new list is held to it.
		const lists = node.description.properties
			.filter((property) => property.name === 'returnAll')
			.flatMap(pairs);
		expect(lists).toEqual(
			expect.arrayContaining([
				'customer.getAll',
				'order.getAll',
				'order.getAllForSubscription',
				'product.getAll',
				'subscription.getAll',
			]),
		);
		expect(offeredFor.sort()).toEqual(
			[...lists, 'customer.getByEmail', 'order.getSalesSummary'].sort(),
		);
	});
});

describe('Customer → Get by Email', () => {
	/** Customers pages of 100 with totals; `swap` puts given records in place. */
	function customerPages(
		pages: number,
		swap: Record<number, ReturnType<typeof customer>> = {},
		asked: string[] = [],
	): void {
		nock(ORIGIN)
			.get(`${ROOT}/customers`)
			.query(true)
			.times(pages)
			.reply((uri) => {
				const page = Number(new URL(uri, ORIGIN).searchParams.get('page'));
				asked.push(String(page));
				const items = range(page * 100 - 99, 100, customer).map(
					(record) => swap[Number(record.id)] ?? record,
				);
				return [
					200,
					items,
					{ 'X-WP-Total': String(pages * 100), 'X-WP-TotalPages': String(pages) },
				];
			});
	}

	it('outputs the customer with that email (trimmed, any letter case), paired with its input item', async () => {
		customerPages(3, { 222: { ...customer(222), email: 'Maya.Lopez@Example.com' } });
		const { context } = fakeExecute({
			parameters: {
				resource: 'customer',
				operation: 'getByEmail',
				email: ' maya.lopez@example.COM ',
			},
		});

		const [output] = await node.execute.call(context);

		expect(output).toEqual([
			{
				json: expect.objectContaining({
					id: 222,
					email: 'Maya.Lopez@Example.com',
					lifetime_value: 168,
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('outputs no item for an email the store does not have (Always Output Data gives an empty one)', async () => {
		const asked: string[] = [];
		customerPages(2, {}, asked);
		const { output } = await executeNode({
			parameters: { resource: 'customer', operation: 'getByEmail', email: 'nobody@example.com' },
		});

		expect(output).toEqual([]);
		expect(asked.sort()).toEqual(['1', '2']);
	});

	it('looks up each input item’s email', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/customers`)
			.query(true)
			.times(2)
			.reply(200, [customer(1), customer(2), customer(3)]);
		const { output } = await executeNode({
			parameters: { resource: 'customer', operation: 'getByEmail' },
			items: [{ json: {} }, { json: {} }],
			itemParameters: [{ email: 'customer3@example.com' }, { email: 'CUSTOMER1@example.com' }],
		});

		expect(output?.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[3, { item: 0 }],
			[1, { item: 1 }],
		]);
	});

	it('an empty email is a NodeOperationError, and nothing is sent', async () => {
		const { context, sent } = fakeExecute({
			parameters: { resource: 'customer', operation: 'getByEmail', email: '  ' },
		});

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'Find a customer by email failed on shop.example.com: no email was given. Enter the email address of the customer to find. [item 0]',
		);
		expect(sent).toHaveLength(0);
	});
});

describe('a busy store', () => {
	const SLOW_DOWN = wpError('too_many_requests', 'Slow down.', 429);
	const getOrder = { resource: 'order', operation: 'get', orderId: '1042' };

	it('is asked again after its Retry-After, through n8n’s sleep, up to one minute', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/orders/1042`)
			.reply(429, SLOW_DOWN, { 'Retry-After': '45' })
			.get(`${ROOT}/orders/1042`)
			.reply(503, '<html><title>Service Unavailable</title></html>', { 'Retry-After': '30' })
			.get(`${ROOT}/orders/1042`)
			.reply(200, order(1042));
		const { context } = fakeExecute({ parameters: getOrder });

		const [output] = await node.execute.call(context);

		expect(output?.map((item) => item.json.id)).toEqual([1042]);
		expect(n8nSleep.waits).toEqual([45_000, 30_000]);
	});

	it('a Retry-After over one minute is not waited out: the rate limit is the error, after one attempt', async () => {
		nock(ORIGIN).get(`${ROOT}/orders/1042`).reply(429, SLOW_DOWN, { 'Retry-After': '90' });
		const { context } = fakeExecute({ parameters: getOrder });

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('429');
		expect(n8nSleep.waits).toEqual([]);
	});

	it('stops within the two-minute budget: slow answers leave no room for a third attempt', async () => {
		// Each answer takes 60 s and asks for 5 s more: 60 + 5 + 60 = 125 s, so no third try.
		nock(ORIGIN)
			.get(`${ROOT}/orders/1042`)
			.times(2)
			.reply(() => {
				n8nSleep.advance(60_000);
				return [
					503,
					{ code: 'busy', message: 'Busy.', data: { status: 503 } },
					{ 'Retry-After': '5' },
				];
			});
		const { context } = fakeExecute({ parameters: getOrder });

		const error = await nodeFailure(() => node.execute.call(context));

		expect(error.message).toMatch(
			/^Get an order failed on shop\.example\.com after 2 attempts: .*HTTP 503/,
		);
		expect(n8nSleep.waits).toEqual([5_000]);
	});

	it('on a walk, a busy page is asked again and every record comes once, in order', async () => {
		const totals = { 'X-WP-Total': '300', 'X-WP-TotalPages': '3' };
		nock(ORIGIN)
			.get(`${ROOT}/customers`)
			.query({ page: '1', per_page: '100' })
			.reply(200, range(1, 100, customer), totals)
			.get(`${ROOT}/customers`)
			.query({ page: '2', per_page: '100' })
			.reply(429, '', { 'Retry-After': '2' })
			.get(`${ROOT}/customers`)
			.query({ page: '2', per_page: '100' })
			.reply(200, range(101, 100, customer), totals)
			.get(`${ROOT}/customers`)
			.query({ page: '3', per_page: '100' })
			.reply(200, range(201, 100, customer), totals);
		const { context } = fakeExecute({
			parameters: { resource: 'customer', operation: 'getAll', returnAll: true },
		});

		const [output] = await node.execute.call(context);

		expect(output?.map((item) => item.json.id)).toEqual(range(1, 300, (id) => id));
		expect(n8nSleep.waits).toEqual([2000]);
	});
});
