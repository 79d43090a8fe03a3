import nock from 'nock';

import { KEY, ORIGIN, ROOT } from '../support/n8n/context';
import { executeNode, keyedStore } from '../support/n8n/execute';
import { customer, range } from '../support/n8n/fixtures';

describe('Customer', () => {
	it('Get sends operation 8 with the key in x-api-key and returns the normalised customer', async () => {
		const scope = keyedStore().get(`${ROOT}/customers/1024`).reply(200, customer(1024));
		const { output, sent } = await executeNode({
			parameters: { resource: 'customer', operation: 'get', customerId: ' 1024 ' },
		});

		scope.done();
		expect(output).toEqual([
			{
				json: expect.objectContaining({
					id: 1024,
					email: 'customer1024@example.com',
					lifetime_value: 168,
					total_orders: 2,
				}),
				pairedItem: { item: 0 },
			},
		]);
		// No GET body (n8n drops it), no key in the URL of a REST read.
		expect(sent[0]).toMatchObject({ method: 'GET', body: undefined });
		expect(sent[0]?.url).not.toContain(KEY);
	});

	it('Get Many with a limit asks for one page of that size', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/customers`)
			.query({ page: '1', per_page: '3' })
			.reply(200, range(1, 3, customer), { 'X-WP-Total': '40', 'X-WP-TotalPages': '14' });
		const { output } = await executeNode({
			parameters: { resource: 'customer', operation: 'getAll', returnAll: false, limit: 3 },
		});

		scope.done();
		expect(output?.map((item) => item.json.id)).toEqual([1, 2, 3]);
		expect(output?.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('Get Many with Return All walks every page through the shared paginator', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/customers`)
			.query({ page: '1', per_page: '100' })
			.reply(200, range(1, 100, customer), { 'X-WP-TotalPages': '3' })
			.get(`${ROOT}/customers`)
			.query({ page: '2', per_page: '100' })
			.reply(200, range(101, 100, customer), { 'X-WP-TotalPages': '3' })
			.get(`${ROOT}/customers`)
			.query({ page: '3', per_page: '100' })
			.reply(200, range(201, 7, customer), { 'X-WP-TotalPages': '3' });
		const { output } = await executeNode({
			parameters: { resource: 'customer', operation: 'getAll', returnAll: true },
		});

		scope.done();
		expect(output).toHaveLength(207);
		expect(output?.[206]?.json.id).toBe(207);
	});
});

describe('Get Many past the 100,000-record cap', () => {
	it.each([
		['customer', 'customers', /cannot filter or sort its customers/],
		['order', 'orders', /Date Created, ascending.*Created After/],
		['subscription', 'subscriptions', /Date Created, ascending.*Created After/],
		['product', 'products', /cannot filter its products.*Product Name/],
	] as const)(
		'%s: the error advises only what that list can do',
		async (resource, path, advice) => {
			nock(ORIGIN)
				.get(`${ROOT}/${path}`)
				.query(true)
				.reply(200, [], { 'X-WP-Total': '100100', 'X-WP-TotalPages': '1001' });
			const error = (await executeNode({
				parameters: { resource, operation: 'getAll', returnAll: true },
			}).catch((caught: unknown) => caught)) as {
				message?: string;
				description?: string;
			};
			const text = `${error.message ?? ''} ${error.description ?? ''}`;
			expect(text).toMatch(/one walk reads at most 1000 pages/);
			expect(text).toMatch(advice);
			if (resource === 'customer') expect(text).not.toMatch(/Created After/);
		},
	);
});
