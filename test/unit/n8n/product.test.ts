import nock from 'nock';

import { ORIGIN, ROOT } from '../support/n8n/context';
import { executeGet, executeGetManyAnswered, executeNode } from '../support/n8n/execute';
import { product, range } from '../support/n8n/fixtures';
import { PURCHASE_KINDS } from '../support/plans';

describe('Product', () => {
	it('Get sends operation 15', async () => {
		const json = await executeGet(
			'product',
			{ productId: '87' },
			`${ROOT}/products/87`,
			product(87),
		);
		expect(json).toMatchObject({
			id: 87,
			is_on_sale: 0,
			plans: [{ id: 'full', price: 149, frequency: 1, trial_days: null }],
		});
	});

	it('Get Many sends operation 14 and sorts by product name', async () => {
		const items = await executeGetManyAnswered(
			'product',
			{ returnAll: true, sort: { orderBy: 'product_name', order: 'asc' } },
			`${ROOT}/products`,
			{ page: '1', per_page: '100', orderby: 'product_name', order: 'asc' },
			range(1, 3, product),
		);

		expect(items?.map((item) => item.name)).toEqual(['Product 1', 'Product 2', 'Product 3']);
	});

	it('Get Plans sends operation 5 and leaves out bump, upsell and downsell unless asked', async () => {
		const plans = [
			{ id: 'full', name: 'Pay in full' },
			{ id: 'installments', name: '3 monthly payments' },
			...PURCHASE_KINDS,
		];
		const scope = nock(ORIGIN)
			.get(`${ROOT}/webhook/plans/`)
			.query({ product_id: '87' })
			.times(2)
			.reply(200, plans);

		const plain = await executeNode({
			parameters: { resource: 'product', operation: 'getPlans', productId: '87' },
		});
		const plainOutput = plain.output;
		const all = await executeNode({
			parameters: {
				resource: 'product',
				operation: 'getPlans',
				productId: '87',
				includePurchaseKinds: true,
			},
		});
		const allOutput = all.output;

		scope.done();
		expect(plainOutput?.map((item) => item.json.id)).toEqual(['full', 'installments']);
		expect(allOutput).toHaveLength(5);
		// Operation 5 needs no key; the store gets none in the query.
		expect(plain.sent[0]?.url).not.toContain('api_key');
	});

	it('Get Published sends operation 4', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/webhook/products/`)
			.reply(200, [
				{ id: '91', name: 'Bread Club Membership' },
				{ id: 87, name: 'Sourdough Masterclass' },
			]);
		const { output } = await executeNode({
			parameters: { resource: 'product', operation: 'getPublished' },
		});

		scope.done();
		expect(output).toEqual([
			{ json: { id: 91, name: 'Bread Club Membership' }, pairedItem: { item: 0 } },
			{ json: { id: 87, name: 'Sourdough Masterclass' }, pairedItem: { item: 0 } },
		]);
	});
});
