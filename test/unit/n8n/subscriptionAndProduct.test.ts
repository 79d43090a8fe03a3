import nock from 'nock';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { API, KEY, STORE, fakeExecute } from './fake/context';
import { useNock } from './fake/nock';
import { product, range, subscription } from './fake/fixtures';

const node = new CommerceService();

useNock();

describe('Subscription', () => {
	it('Get sends operation 13', async () => {
		const scope = nock(STORE, { reqheaders: { 'x-api-key': KEY } })
			.get(`${API}/subscriptions/2051`)
			.reply(200, subscription(2051));
		const { context } = fakeExecute({ parameters: { resource: 'subscription', operation: 'get', subscriptionId: 2051 } });

		const [output] = await node.execute.call(context);

		scope.done();
		expect(output?.[0]?.json).toMatchObject({ id: 2051, amount: 2900, frequency: '1', invoices: [{ id: 2052 }] });
	});

	it('Get Many sends operation 12 with its filters and sort', async () => {
		const scope = nock(STORE)
			.get(`${API}/subscriptions`)
			.query({ page: '1', per_page: '5', date_after: '2026-03-01', orderby: 'date_modified', order: 'desc' })
			.reply(200, range(1, 5, subscription));
		const { context } = fakeExecute({
			parameters: {
				resource: 'subscription',
				operation: 'getAll',
				returnAll: false,
				limit: 5,
				filters: { dateAfter: '2026-03-01T10:00:00' },
				sort: { orderBy: 'date_modified', order: 'desc' },
			},
		});

		const [output] = await node.execute.call(context);

		scope.done();
		expect(output).toHaveLength(5);
	});
});

describe('Product', () => {
	it('Get sends operation 15', async () => {
		const scope = nock(STORE, { reqheaders: { 'x-api-key': KEY } })
			.get(`${API}/products/87`)
			.reply(200, product(87));
		const { context } = fakeExecute({ parameters: { resource: 'product', operation: 'get', productId: '87' } });

		const [output] = await node.execute.call(context);

		scope.done();
		expect(output?.[0]?.json).toMatchObject({
			id: 87,
			is_on_sale: 0,
			plans: [{ id: 'full', price: 149, frequency: 1, trial_days: null }],
		});
	});

	it('Get Many sends operation 14 and sorts by product name', async () => {
		const scope = nock(STORE)
			.get(`${API}/products`)
			.query({ page: '1', per_page: '100', orderby: 'product_name', order: 'asc' })
			.reply(200, range(1, 3, product));
		const { context } = fakeExecute({
			parameters: {
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				sort: { orderBy: 'product_name', order: 'asc' },
			},
		});

		const [output] = await node.execute.call(context);

		scope.done();
		expect(output?.map((item) => item.json.name)).toEqual(['Product 1', 'Product 2', 'Product 3']);
	});

	it('Get Plans sends operation 5 and leaves out bump, upsell and downsell unless asked', async () => {
		const plans = [
			{ id: 'full', name: 'Pay in full' },
			{ id: 'installments', name: '3 monthly payments' },
			{ id: 'bump', name: 'Purchased as a bump' },
			{ id: 'upsell', name: 'Purchased as an upsell' },
			{ id: 'downsell', name: 'Purchased as a downsell' },
		];
		const scope = nock(STORE).get(`${API}/webhook/plans/`).query({ product_id: '87' }).times(2).reply(200, plans);

		const plain = fakeExecute({ parameters: { resource: 'product', operation: 'getPlans', productId: '87' } });
		const [plainOutput] = await node.execute.call(plain.context);
		const all = fakeExecute({
			parameters: { resource: 'product', operation: 'getPlans', productId: '87', includePurchaseKinds: true },
		});
		const [allOutput] = await node.execute.call(all.context);

		scope.done();
		expect(plainOutput?.map((item) => item.json.id)).toEqual(['full', 'installments']);
		expect(allOutput).toHaveLength(5);
		// Operation 5 needs no key; the store gets none in the query.
		expect(plain.sent[0]?.url).not.toContain('api_key');
	});

	it('Get Published sends operation 4', async () => {
		const scope = nock(STORE)
			.get(`${API}/webhook/products/`)
			.reply(200, [
				{ id: '91', name: 'Bread Club Membership' },
				{ id: 87, name: 'Sourdough Masterclass' },
			]);
		const { context } = fakeExecute({ parameters: { resource: 'product', operation: 'getPublished' } });

		const [output] = await node.execute.call(context);

		scope.done();
		expect(output).toEqual([
			{ json: { id: 91, name: 'Bread Club Membership' }, pairedItem: { item: 0 } },
			{ json: { id: 87, name: 'Sourdough Masterclass' }, pairedItem: { item: 0 } },
		]);
	});
});

describe('several input items', () => {
	it('runs the operation once per item and pairs each output with its input', async () => {
		const scope = nock(STORE)
			.get(`${API}/subscriptions/1`)
			.reply(200, subscription(1))
			.get(`${API}/subscriptions/2`)
			.reply(200, subscription(2));
		const { context } = fakeExecute({
			parameters: { resource: 'subscription', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
			itemParameters: [{ subscriptionId: '1' }, { subscriptionId: '2' }],
		});

		const [output] = await node.execute.call(context);

		scope.done();
		expect(output?.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[2, { item: 1 }],
		]);
	});
});
