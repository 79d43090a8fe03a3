import nock from 'nock';
import { type INodeParameters, NodeHelpers } from 'n8n-workflow';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { CommerceServicePollingTrigger } from '../../../n8n/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node';
import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import type * as ActionNode from '../../../n8n/nodes/CommerceService/CommerceService.node';
import type * as ListSearch from '../../../n8n/nodes/common/methods/listSearch';
import { loadFresh } from '../support/freshProcess';
import { LIST_SEARCH, searchMethodName } from '../../../n8n/nodes/common/methods/listSearch';
import { RECORD_RESOURCE_NAMES } from '@commerce-service/shared';

/** The action node's list search of a resource, by the name its locator asks for. */
const searchOf = (
	methods: typeof LIST_SEARCH,
	resource: Parameters<typeof searchMethodName>[0],
) => {
	const method = methods[searchMethodName(resource)];
	if (!method) throw new Error(`no list search for ${resource}`);
	return method;
};
import { simplifyRecord } from '@commerce-service/shared';
import { KEY, ORIGIN, ROOT, fakeExecute, fakeLoadOptions } from '../support/n8n/context';
import { customer, order, product, range } from '../support/n8n/fixtures';
import { nodeFailure } from '../support/nodeFailure';
import { useNock } from '../support/nock';

const node = new CommerceService();
const description = node.description;

useNock();

const ZONE = { timezone_string: 'America/New_York', gmt_offset: -5 };

/** The parameters n8n resolves for a saved node on load: defaults filled, hidden ones dropped. */
function resolved(saved: INodeParameters, typeVersion: number): INodeParameters {
	const parameters = NodeHelpers.getNodeParameters(
		description.properties,
		saved,
		true,
		false,
		{ typeVersion },
		description,
	);
	if (!parameters) throw new Error('n8n resolved no parameters');
	return parameters;
}

describe('a workflow saved by version 1 (plain ID text) runs on the new node', () => {
	// As today's node saves it in a workflow's JSON (n8n keeps only non-default parameters).
	const savedNode = {
		parameters: { resource: 'order', operation: 'get', orderId: '1042' },
		type: 'n8n-nodes-commerce-service.commerceService',
		typeVersion: 1,
	};

	it('keeps its Order ID text field and returns the whole record, not a simplified one', async () => {
		const parameters = resolved(savedNode.parameters, savedNode.typeVersion);
		expect(parameters).toMatchObject({ orderId: '1042' });
		expect(parameters).not.toHaveProperty('simplify');
		const scope = nock(ORIGIN, { reqheaders: { 'x-api-key': KEY } })
			.get(`${ROOT}/orders/1042`)
			.reply(200, order(1042));
		// An order's times are UTC: no zone read (docs/dates.md).
		const { context } = fakeExecute({ parameters, typeVersion: savedNode.typeVersion });
		const [output] = await node.execute.call(context);
		scope.done();
		expect(output?.[0]?.json).toMatchObject({
			id: 1042,
			items: expect.any(Array),
			link: expect.any(String),
		});
	});

	it('a new node is version 2: the ID is a locator, From List first, and Simplify is on', () => {
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
		const parameters = resolved({ resource: 'order', operation: 'get' }, 2);
		expect(parameters.orderId).toEqual({ __rl: true, mode: 'list', value: '' });
		expect(parameters.simplify).toBe(true);
	});
});

describe('resource locator: Get by list, ID or URL (version 2)', () => {
	const get = (orderId: unknown, extra: INodeParameters = {}) =>
		fakeExecute({
			parameters: { resource: 'order', operation: 'get', orderId, ...extra } as INodeParameters,
			typeVersion: 2,
		});
	const storeAnswers = (id: number) =>
		nock(ORIGIN).get(`${ROOT}/orders/${id}`).reply(200, order(id));

	it.each([
		['From List', { __rl: true, mode: 'list', value: '1042' }],
		['By ID, with the # the store shows', { __rl: true, mode: 'id', value: ' #1042 ' }],
		[
			'By URL, the WordPress admin edit link',
			{
				__rl: true,
				mode: 'url',
				value: 'https://shop.example.com/wp-admin/post.php?post=1042&action=edit',
			},
		],
		[
			'By URL, the record’s REST link',
			{ __rl: true, mode: 'url', value: 'https://shop.example.com/wp-json/sc/v1/orders/1042' },
		],
		[
			'By URL, the ?rest_route= form',
			{
				__rl: true,
				mode: 'url',
				value: 'https://www.shop.example.com/?rest_route=/sc/v1/orders/1042',
			},
		],
	])('%s reads order 1042', async (_how, locator) => {
		const scope = storeAnswers(1042);
		const [output] = await node.execute.call(get(locator).context);
		scope.done();
		expect(output?.[0]?.json.id).toBe(1042);
	});

	it('simplify: Get returns at most 10 fields, flat, with the instants of kept times', async () => {
		let scope = storeAnswers(1042);
		const [output] = await node.execute.call(
			get({ __rl: true, mode: 'id', value: '1042' }).context,
		);
		scope.done();
		scope = storeAnswers(1042);
		const [raw] = await node.execute.call(
			get({ __rl: true, mode: 'id', value: '1042' }, { simplify: false }).context,
		);
		scope.done();
		const json = output?.[0]?.json ?? {};
		// The shared selection, whichever fields it keeps.
		expect(json).toEqual(simplifyRecord('order', raw?.[0]?.json ?? {}));
		// Instants and `amount_unit` go with the field they describe and do not count (docs/simplify.md).
		const storeFields = Object.keys(json).filter(
			(key) => !key.endsWith('_iso') && key !== 'amount_unit',
		);
		expect(json.amount_unit).toEqual(expect.any(String));
		expect(json.amount_unit).toBe(raw?.[0]?.json.amount_unit);
		expect(storeFields).toEqual(expect.arrayContaining(['id', 'customer_email', 'order_amount']));
		expect(storeFields.length).toBeLessThanOrEqual(10);
		expect(json.date_time_iso).toBe('2026-11-20T14:32:05Z');
		expect(Object.values(json).every((value) => typeof value !== 'object')).toBe(true);
	});

	it('simplify off returns the raw record', async () => {
		const scope = storeAnswers(1042);
		const { context } = get({ __rl: true, mode: 'id', value: '1042' }, { simplify: false });
		const [output] = await node.execute.call(context);
		scope.done();
		expect(output?.[0]?.json).toHaveProperty('items');
	});

	it.each([
		[
			'a link to another site',
			'https://other.example.org/wp-admin/post.php?post=1042&action=edit',
			/Order "https:\/\/other\.example\.org\/wp-admin\/post\.php\?post=1042&action=edit" is a link to other\.example\.org\/wp-admin\/post\.php, not to shop\.example\.com/,
		],
		[
			'a link that names no record',
			'https://shop.example.com/products/sourdough/',
			/Order ".*" names no order of shop\.example\.com/,
		],
		[
			'the API link of another resource',
			'https://shop.example.com/wp-json/sc/v1/subscriptions/2051',
			/is the API link of a subscription, not of an order/,
		],
	])(
		'resource locator: %s says which link was expected, before any request',
		async (_case, link, summary) => {
			const error = await nodeFailure(() =>
				node.execute.call(get({ __rl: true, mode: 'url', value: link }).context),
			);
			expect(error.message).toMatch(summary);
			expect(error.message).toContain(
				'https://shop.example.com/wp-admin/post.php?post=1042&action=edit',
			);
			expect(error.message).toContain('https://shop.example.com/wp-json/sc/v1/orders/1042');
		},
	);

	it('an id the store does not have is not-found, as before', async () => {
		nock(ORIGIN)
			.get(`${ROOT}/orders/999`)
			.reply(404, {
				code: 'rest_order_invalid',
				message: 'Invalid order ID.',
				data: { status: 404 },
			});
		const error = await nodeFailure(() =>
			node.execute.call(get({ __rl: true, mode: 'id', value: '999' }).context),
		);
		expect(error.message).toMatch(
			/Get an order failed on shop\.example\.com: the store has no record with that ID/,
		);
		expect(error).toHaveProperty('httpCode', '404');
	});
});

describe('Output when the node runs as an AI agent’s tool', () => {
	const asTool = (extra: INodeParameters) =>
		fakeExecute({
			parameters: {
				resource: 'customer',
				operation: 'get',
				customerId: { __rl: true, mode: 'id', value: '7' },
				...extra,
			},
			typeVersion: 2,
			nodeType: 'commerceServiceTool',
		});
	/** The customer, and the zone for its site-local dates unless this process read it already. */
	const answers = (zoneKept = false) => {
		const scope = nock(ORIGIN).get(`${ROOT}/customers/7`).reply(200, customer(7));
		return zoneKept ? scope : scope.get('/wp-json/').reply(200, ZONE);
	};

	it('Selected Fields keeps the chosen fields, their instants, and always the ID', async () => {
		const scope = answers();
		const [output] = await node.execute.call(
			asTool({ output: 'selected', fields: ['email', 'last_order_date'] }).context,
		);
		scope.done();
		expect(Object.keys(output?.[0]?.json ?? {})).toEqual([
			'id',
			'email',
			'last_order_date',
			'last_order_date_iso',
		]);
	});

	it('Raw returns every field; Simplified is the default', async () => {
		// A process of its own: the zone is read once, by the first run.
		const { CommerceService: FreshNode } = loadFresh(
			() => require('../../../n8n/nodes/CommerceService/CommerceService.node') as typeof ActionNode,
		);
		const node = new FreshNode();
		let scope = answers();
		const [raw] = await node.execute.call(asTool({ output: 'raw' }).context);
		scope.done();
		expect(raw?.[0]?.json).toHaveProperty('date_created_iso');
		scope = answers(true);
		const [simplified] = await node.execute.call(asTool({}).context);
		scope.done();
		expect(Object.keys(simplified?.[0]?.json ?? {})).toContain('email');
		expect(Object.keys(simplified?.[0]?.json ?? {}).length).toBeLessThan(
			Object.keys(raw?.[0]?.json ?? {}).length + 1,
		);
	});

	it('the Output choice is shown to the tool variant only, Simplify to the workflow node only', () => {
		const asWorkflowNode = resolved({ resource: 'order', operation: 'getAll' }, 2);
		expect(asWorkflowNode).toHaveProperty('simplify', true);
		expect(asWorkflowNode).not.toHaveProperty('output');
		const toolDescription = { ...description, name: 'commerceServiceTool' };
		const asTool = NodeHelpers.getNodeParameters(
			description.properties,
			{ resource: 'order', operation: 'getAll' },
			true,
			false,
			{ typeVersion: 2 },
			toolDescription,
		);
		expect(asTool).toHaveProperty('output', 'simplified');
		expect(asTool).not.toHaveProperty('simplify');
	});
});

describe('resource locator: From List reads the store’s own lists', () => {
	it('every From List names a list-search method its node has, for every resource', () => {
		const nodes = [
			new CommerceService(),
			new CommerceServiceTrigger(),
			new CommerceServicePollingTrigger(),
		];
		const asked = nodes.flatMap((node) =>
			node.description.properties.flatMap((property) =>
				(property.modes ?? []).flatMap((mode) =>
					mode.typeOptions?.searchListMethod
						? [[node.description.name, mode.typeOptions.searchListMethod] as const]
						: [],
				),
			),
		);
		for (const [name, method] of asked) {
			const node = nodes.find((candidate) => candidate.description.name === name);
			expect([name, Object.keys(node?.methods?.listSearch ?? {})]).toEqual([
				name,
				expect.arrayContaining([method]),
			]);
		}
		const action = asked.filter(([name]) => name === 'commerceService').map(([, method]) => method);
		expect(new Set(action)).toEqual(new Set(RECORD_RESOURCE_NAMES.map(searchMethodName)));
	});

	it('the first page is one request of 100, labelled as a store owner reads it, with a next page', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/orders`)
			.query({ page: '1', per_page: '100' })
			.reply(200, range(1, 100, order), { 'X-WP-Total': '250', 'X-WP-TotalPages': '3' })
			// latest-orders shows order 1's 16800 as 168.00: the REST amounts are cents.
			.post(`${ROOT}/webhook/latest-orders/`)
			.query({ api_key: KEY })
			.reply(200, [{ order_id: 1, order_amount: '168.00', currency: 'USD', order_status: 'paid' }]);
		const { context } = fakeLoadOptions();
		const page = await searchOf(LIST_SEARCH, 'order').call(context);
		scope.done();
		expect(page.results).toHaveLength(100);
		expect(page.results[0]).toEqual({
			name: '#1 · Maya Lopez · Sourdough Masterclass · $168',
			value: '1',
			url: 'https://shop.example.com/wp-admin/post.php?post=1&action=edit',
		});
		expect(page.paginationToken).toBe('2');
	});

	it('customers are found by email: the list is walked until the match', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/customers`)
			.query({ page: '1', per_page: '100' })
			.reply(200, range(1, 100, customer), { 'X-WP-Total': '300', 'X-WP-TotalPages': '3' })
			.get(`${ROOT}/customers`)
			.query({ page: '2', per_page: '100' })
			.reply(200, range(101, 100, customer))
			.get(`${ROOT}/customers`)
			.query({ page: '3', per_page: '100' })
			.reply(200, range(201, 100, customer))
			.get('/wp-json/')
			.reply(200, ZONE);
		const { context } = fakeLoadOptions();
		// A process of its own: nothing kept of the store's zone.
		const { LIST_SEARCH: fresh } = loadFresh(
			() => require('../../../n8n/nodes/common/methods/listSearch') as typeof ListSearch,
		);
		const page = await searchOf(fresh, 'customer').call(context, 'Customer250@Example.com');
		scope.done();
		expect(page.results).toEqual([
			{
				name: 'Maya Lopez · customer250@example.com · #250',
				value: '250',
				url: 'https://shop.example.com/wp-admin/post.php?post=250&action=edit',
			},
		]);
		expect(page.paginationToken).toBeUndefined();
	});

	it('a typed number is read directly and listed first', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/products/12`)
			.reply(200, product(12))
			.get(`${ROOT}/products`)
			.query({ page: '1', per_page: '100' })
			.reply(200, range(1, 3, product));
		const { context } = fakeLoadOptions();
		const page = await searchOf(LIST_SEARCH, 'product').call(context, '#12');
		scope.done();
		expect(page.results.map((entry) => entry.value)).toEqual(['12']);
	});
});

describe('resource locator on the other operations (version 2)', () => {
	it('Product → Get Plans by the product’s admin edit link', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/webhook/plans/`)
			.query({ product_id: '87' })
			.reply(200, [{ id: 'full', name: 'Pay in full' }]);
		const { context } = fakeExecute({
			parameters: {
				resource: 'product',
				operation: 'getPlans',
				productId: {
					__rl: true,
					mode: 'url',
					value: 'https://shop.example.com/wp-admin/post.php?post=87&action=edit',
				},
			},
			typeVersion: 2,
		});
		const [output] = await node.execute.call(context);
		scope.done();
		expect(output?.map((item) => item.json.id)).toEqual(['full']);
	});

	it('Order → Get Many for a Subscription, the subscription from the list', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/orders/subscription/2051`)
			.query({ page: '1', per_page: '2' })
			.reply(200, range(2052, 2, order));
		const { context } = fakeExecute({
			parameters: {
				resource: 'order',
				operation: 'getAllForSubscription',
				subscriptionId: { __rl: true, mode: 'list', value: '2051' },
				returnAll: false,
				limit: 2,
			},
			typeVersion: 2,
		});
		const [output] = await node.execute.call(context);
		scope.done();
		expect(output?.map((item) => item.json.id)).toEqual([2052, 2053]);
	});

	it('Product → Get by the product’s REST address, on a site without pretty permalinks', async () => {
		const scope = nock(ORIGIN)
			.get('/')
			.query({ rest_route: '/sc/v1/products/12' })
			.reply(200, product(12));
		const { context } = fakeExecute({
			credentials: { storeUrl: 'shop.example.com', apiKey: KEY, apiRoot: '?rest_route=/sc/v1' },
			parameters: {
				resource: 'product',
				operation: 'get',
				productId: {
					__rl: true,
					mode: 'url',
					value: 'https://shop.example.com/?rest_route=/sc/v1/products/12',
				},
			},
			typeVersion: 2,
		});
		const [output] = await node.execute.call(context);
		scope.done();
		expect(output?.[0]?.json).toMatchObject({ id: 12, name: 'Product 12' });
		expect(output?.[0]?.json).not.toHaveProperty('plans');
	});
});
