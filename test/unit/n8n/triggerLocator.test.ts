/** Version 2 of the triggers: the Product filter is a record locator (empty: any product). */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { getPlans } from '../../../n8n/nodes/common/methods/loadOptions';
import { KEY, ORIGIN, ROOT, fakeHook, fakeLoadOptions } from '../support/n8n/context';
import { type HookStore, hookStore } from '../support/n8n/hookStore';
import { nodeFailure } from '../support/nodeFailure';
import { useNock } from '../support/nock';

const hooks = new CommerceServiceTrigger().webhookMethods.default;

useNock();

const purchasesOf = (productId: IDataObject) => ({
	event: 'purchased',
	productId,
	planIds: [],
	pricesInCents: false,
});

describe('trigger Product filter as a resource locator (version 2)', () => {
	let store: HookStore;
	beforeEach(() => {
		store = hookStore();
	});

	it.each([
		['From List', { __rl: true, mode: 'list', value: '87' }],
		['By ID', { __rl: true, mode: 'id', value: '#87' }],
		[
			'By URL (admin edit link)',
			{
				__rl: true,
				mode: 'url',
				value: 'https://shop.example.com/wp-admin/post.php?post=87&action=edit',
			},
		],
	])('%s subscribes for product 87', async (_how, productId) => {
		const { context } = fakeHook({ parameters: purchasesOf(productId), typeVersion: 2 });
		expect(await hooks.create.call(context)).toBe(true);
		const [hook] = [...store.hooks.values()];
		expect(hook?.query).toEqual({ api_key: KEY, product_id: '87' });
	});

	it('an empty locator subscribes for any product', async () => {
		const { context } = fakeHook({
			parameters: purchasesOf({ __rl: true, mode: 'list', value: '' }),
			typeVersion: 2,
		});
		expect(await hooks.create.call(context)).toBe(true);
		const [hook] = [...store.hooks.values()];
		expect(hook?.query).toEqual({ api_key: KEY });
	});

	it('a link to another site fails activation, saying which link was expected, and subscribes nothing', async () => {
		const { context, sent } = fakeHook({
			parameters: purchasesOf({
				__rl: true,
				mode: 'url',
				value: 'https://elsewhere.example.org/wp-admin/post.php?post=87&action=edit',
			}),
			typeVersion: 2,
		});
		const error = await nodeFailure(() => hooks.create.call(context));
		expect(error.message).toMatch(
			/^Set up the trigger failed on shop\.example\.com: Product ".*" is a link to elsewhere\.example\.org/,
		);
		expect(error.message).toContain(
			'https://shop.example.com/wp-admin/post.php?post=1042&action=edit',
		);
		expect(sent).toHaveLength(0);
		expect(store.hooks.size).toBe(0);
	});
});

describe('Plans follow the Product locator', () => {
	it('the plans of the product a locator names', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/webhook/plans/`)
			.query({ product_id: '87' })
			.reply(200, [{ id: 'full', name: 'Pay in full' }]);
		const { context } = fakeLoadOptions({
			parameters: {
				productId: {
					__rl: true,
					mode: 'url',
					value: 'https://shop.example.com/wp-json/sc/v1/products/87',
				},
			},
		});
		const plans = await getPlans.call(context);
		scope.done();
		expect(plans.map((plan) => plan.value)).toEqual(['full', 'bump', 'upsell', 'downsell']);
	});
});
