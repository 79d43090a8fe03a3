import nock from 'nock';
import { NodeApiError } from 'n8n-workflow';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { ORIGIN, ROOT, fakeLoadOptions } from '../support/n8n/context';
import { useNock } from '../support/nock';
import { PURCHASE_KINDS } from '../support/plans';

const { loadOptions } = new CommerceService().methods;

useNock();

const PRODUCTS = [
	{ id: 91, name: 'Bread Club Membership' },
	{ id: '87', name: 'Sourdough Masterclass' },
	{ id: 12, name: 'Baking Basics' },
];

describe('loadOptions', () => {
	it('getProducts lists the published products of operation 4 by name, values as strings', async () => {
		const scope = nock(ORIGIN).get(`${ROOT}/webhook/products/`).reply(200, PRODUCTS);
		const { context, sent } = fakeLoadOptions();

		const options = await loadOptions.getProducts.call(context);

		scope.done();
		expect(options).toEqual([
			{ name: 'Baking Basics', value: '12', description: 'ID 12' },
			{ name: 'Bread Club Membership', value: '91', description: 'ID 91' },
			{ name: 'Sourdough Masterclass', value: '87', description: 'ID 87' },
		]);
		expect(sent[0]?.url).toBe(`${ORIGIN}${ROOT}/webhook/products/`);
	});

	it('getProductsOrAny leads with "Any Product" (an empty value)', async () => {
		nock(ORIGIN).get(`${ROOT}/webhook/products/`).reply(200, PRODUCTS);
		const { context } = fakeLoadOptions();

		const options = await loadOptions.getProductsOrAny.call(context);

		expect(options[0]).toEqual({
			name: 'Any Product',
			value: '',
			description: 'Do not filter by product',
		});
		expect(options).toHaveLength(4);
	});

	it('getPlans lists the chosen product’s plans from operation 5, bump, upsell and downsell included', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/webhook/plans/`)
			.query({ product_id: '87' })
			.reply(200, [{ id: 'full', name: 'Pay in full' }, ...PURCHASE_KINDS]);
		const { context } = fakeLoadOptions({ parameters: { productId: '87' } });

		const options = await loadOptions.getPlans.call(context);

		scope.done();
		expect(options.map((option) => option.value)).toEqual(['full', 'bump', 'upsell', 'downsell']);
	});

	it('getPlans with no product chosen offers only the purchase kinds and asks the store nothing', async () => {
		const { context, sent } = fakeLoadOptions({ parameters: { productId: '' } });

		const options = await loadOptions.getPlans.call(context);

		expect(options).toEqual([
			{ name: 'Purchased as a bump', value: 'bump' },
			{ name: 'Purchased as an upsell', value: 'upsell' },
			{ name: 'Purchased as a downsell', value: 'downsell' },
		]);
		expect(sent).toHaveLength(0);
	});

	it('a store error reaches the editor as a NodeApiError with the shared message', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/webhook/products/`)
			.reply(404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
		const { context } = fakeLoadOptions();

		await expect(loadOptions.getProducts.call(context)).rejects.toThrow(NodeApiError);
		nock(ORIGIN)
			.get(`${ROOT}/webhook/products/`)
			.reply(404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
		await expect(loadOptions.getProducts.call(context)).rejects.toThrow(
			"List products failed on shop.example.com: WordPress answers, but Studiocart's API (sc/v1) is not there at /wp-json/sc/v1",
		);
	});

	it('the trigger uses the same loaders', () => {
		const trigger = new CommerceServiceTrigger();
		expect(trigger.methods.loadOptions.getPlans).toBe(loadOptions.getPlans);
		expect(trigger.methods.loadOptions.getProductsOrAny).toBe(loadOptions.getProductsOrAny);
	});
});
