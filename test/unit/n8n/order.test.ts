import nock from 'nock';

import { KEY, ORIGIN, ROOT } from '../support/n8n/context';
import { executeGet, executeGetManyAnswered, executeNode } from '../support/n8n/execute';
import { order, range } from '../support/n8n/fixtures';
import { wpError } from '../support/wordpress';

describe('Order', () => {
	it('Get sends operation 10 and coerces the store’s types to the spec’s', async () => {
		const json = await executeGet('order', { orderId: '1042' }, `${ROOT}/orders/1042`, order(1042));
		expect(json).toMatchObject({
			id: 1042,
			product_id: '87',
			order_amount: 16800,
			items: [expect.objectContaining({ quantity: 1, unit_price: 0 })],
			transaction_id: '',
		});
	});

	it('Get Many sends Date After, Order By and Order as query parameters', async () => {
		const items = await executeGetManyAnswered(
			'order',
			{
				returnAll: false,
				limit: 2,
				filters: { dateAfter: '2026-01-31T00:00:00' },
				sort: { orderBy: 'id', order: 'asc' },
			},
			`${ROOT}/orders`,
			{ page: '1', per_page: '2', date_after: '2026-01-31', orderby: 'id', order: 'asc' },
			range(1, 2, order),
		);

		expect(items?.map((item) => item.id)).toEqual([1, 2]);
	});

	it('Get Many with Return All stops on a short page even without paging headers', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/orders`)
			.query({ page: '1', per_page: '100' })
			.reply(200, range(1, 100, order))
			.get(`${ROOT}/orders`)
			.query({ page: '2', per_page: '100' })
			.reply(200, range(101, 4, order));
		const { output } = await executeNode({
			parameters: { resource: 'order', operation: 'getAll', returnAll: true },
		});

		scope.done();
		expect(output).toHaveLength(104);
	});

	it('Get Many for a Subscription sends operation 11 with page and per_page', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/orders/subscription/2051`)
			.query({ page: '1', per_page: '50', date_after: '2026-02-01' })
			.reply(200, range(2052, 3, order));
		const { output } = await executeNode({
			parameters: {
				resource: 'order',
				operation: 'getAllForSubscription',
				subscriptionId: '2051',
				returnAll: false,
				limit: 50,
				filters: { dateAfter: '2026-02-01' },
				sort: {},
			},
		});

		scope.done();
		expect(output?.map((item) => item.json.id)).toEqual([2052, 2053, 2054]);
	});

	it('Get Latest sends operation 6 with the key in the query and the filters in the body', async () => {
		const scope = nock(ORIGIN)
			.post(`${ROOT}/webhook/latest-orders/`, { plan_id: ['full', 'bump'], status: 'paid' })
			.query({ api_key: KEY, product_id: '87' })
			.reply(200, [
				{
					order_id: '1042',
					order_status: 'paid',
					product_id: 87,
					order_amount: 168,
					currency: 'USD',
				},
				{ id: 1041, status: 'paid', product_id: '87', order_amount: '49', currency: 'USD' },
			]);
		const { output } = await executeNode({
			parameters: {
				resource: 'order',
				operation: 'getLatest',
				productId: '87',
				planIds: ['full', 'bump'],
				status: 'paid',
			},
		});

		scope.done();
		expect(output?.map((item) => item.json)).toEqual([
			expect.objectContaining({
				order_id: 1042,
				order_status: 'paid',
				product_id: '87',
				order_amount: '168.00',
			}),
			expect.objectContaining({ order_id: 1041, order_status: 'paid', order_amount: '49.00' }),
		]);
	});

	it('Get Latest with no filters sends none, and "no orders yet" is an empty result', async () => {
		const scope = nock(ORIGIN)
			.post(
				`${ROOT}/webhook/latest-orders/`,
				(body) => body === '' || Object.keys(body as object).length === 0,
			)
			.query({ api_key: KEY })
			.reply(404, wpError('no_orders', 'there are no orders for this product yet', 404));
		const { output } = await executeNode({
			parameters: {
				resource: 'order',
				operation: 'getLatest',
				productId: '',
				planIds: [],
				status: '',
			},
		});

		scope.done();
		expect(output).toEqual([]);
	});
});
