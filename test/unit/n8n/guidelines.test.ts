/**
 * n8n's UX guidelines for verified community nodes, checked on the descriptions as the nodes build
 * them, for what `n8n-node lint` does not check (it reads literal source text only): Sort in its own
 * collection below Options, Title Case names, Sentence case descriptions, booleans described
 * "Whether …", placeholders starting "e.g.", and errors that name the parameter and end with
 * `[item N]` when an item caused them.
 */
import nock from 'nock';
import {
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
	type INodeTypeDescription,
	NodeHelpers,
} from 'n8n-workflow';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { storeSorts } from '../../../n8n/nodes/CommerceService/actions/descriptions';
import type { RecordResource } from '@commerce-service/shared';
import { CommerceServicePollingTrigger } from '../../../n8n/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node';
import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { fakeExecute } from '../support/n8n/context';
import { allProperties } from '../support/n8n/properties';
import { nodeFailure } from '../support/nodeFailure';
import { useNock } from '../support/nock';

useNock();

const action = new CommerceService();
const NODES: [string, INodeTypeDescription][] = [
	['CommerceService', action.description],
	['CommerceServiceTrigger', new CommerceServiceTrigger().description],
	['CommerceServicePollingTrigger', new CommerceServicePollingTrigger().description],
];

function optionNames(property: INodeProperties): string[] {
	return (property.options ?? [])
		.filter((option): option is INodePropertyOptions => 'value' in option)
		.map((option) => option.name);
}

const SMALL_WORDS = new Set(
	'a an and as at but by for from in into nor of on or per the to via vs with'.split(' '),
);

/** Title Case: every word but the small ones starts with a capital (or is not a word). */
function titleCaseProblem(text: string): string | undefined {
	// A hyphenated compound (Sign-up) is one word.
	const words = text.split(/[\s/→]+/).filter(Boolean);
	const wrong = words.find(
		(word, index) => /^[a-z]/.test(word) && (index === 0 || !SMALL_WORDS.has(word)),
	);
	return wrong === undefined ? undefined : `"${text}": "${wrong}"`;
}

/** Sentence case: a capital first, and not Every Word Capitalised. */
function sentenceCaseProblem(text: string): string | undefined {
	const plain = text.replace(/<[^>]+>/g, '');
	if (!/^["“(]?[A-Z0-9$]/.test(plain)) return `"${text}" does not start with a capital`;
	const words = plain.split(/\s+/).filter((word) => /^[A-Za-z]{4,}$/.test(word));
	if (words.length >= 4 && words.every((word) => /^[A-Z]/.test(word))) {
		return `"${text}" is Title Case`;
	}
	return undefined;
}

describe.each(NODES)('%s follows n8n’s UX guidelines', (_name, description) => {
	const properties = allProperties(description.properties);
	const named = properties.filter((property) => property.type !== 'notice');

	it('parameter, option and mode names are Title Case', () => {
		const texts = [
			...named.map((property) => property.displayName),
			...properties.flatMap(optionNames),
			...properties.flatMap((property) => (property.modes ?? []).map((mode) => mode.displayName)),
			...properties
				.flatMap((property) => property.options ?? [])
				.filter((option): option is INodePropertyCollection => 'values' in option)
				.map((collection) => collection.displayName),
		];
		expect(texts.map(titleCaseProblem).filter(Boolean)).toEqual([]);
	});

	it('descriptions and hints are Sentence case', () => {
		const texts = [
			description.description,
			...properties.flatMap((property) => [property.description ?? '', property.hint ?? '']),
			...properties.flatMap((property) =>
				(property.options ?? [])
					.filter((option): option is INodePropertyOptions => 'value' in option)
					.map((option) => option.description ?? ''),
			),
			...properties.flatMap((property) => (property.modes ?? []).map((mode) => mode.hint ?? '')),
		].filter((text) => text !== '');
		expect(texts.map(sentenceCaseProblem).filter(Boolean)).toEqual([]);
	});

	it('every boolean is described "Whether …"', () => {
		const booleans = properties.filter((property) => property.type === 'boolean');
		expect(
			booleans
				.filter((property) => !(property.description ?? '').startsWith('Whether '))
				.map((property) => property.name),
		).toEqual([]);
	});

	it('placeholders of typed values start with "e.g."', () => {
		const placeholders = [
			...properties
				.filter((property) => ['string', 'number', 'dateTime'].includes(property.type))
				.map((property) => property.placeholder),
			...properties.flatMap((property) =>
				(property.modes ?? [])
					.filter((mode) => mode.type === 'string')
					.map((mode) => mode.placeholder),
			),
		].filter((placeholder): placeholder is string => placeholder !== undefined);
		expect(placeholders.filter((placeholder) => !placeholder.startsWith('e.g. '))).toEqual([]);
	});
});

describe('Sort is its own collection, below Options, on each list the store sorts (storeSorts)', () => {
	const operations: [RecordResource, string, number][] = [];
	for (const property of action.description.properties) {
		if (property.name !== 'operation') continue;
		const resource = property.displayOptions?.show?.resource?.[0] as RecordResource;
		for (const option of optionNames(property).length ? (property.options ?? []) : []) {
			if (!('value' in option)) continue;
			for (const version of [1, 2]) operations.push([resource, String(option.value), version]);
		}
	}

	it.each(operations)('%s → %s, version %i', (resource, operation, version) => {
		const shown = NodeHelpers.getNodeParameters(
			action.description.properties,
			{ resource, operation } as INodeParameters,
			true,
			false,
			{ typeVersion: version },
			action.description,
		);
		const order = Object.keys(shown ?? {});
		expect(order.includes('sort')).toBe(order.includes('returnAll') && storeSorts(resource));
		if (order.includes('sort')) {
			expect(order.indexOf('sort')).toBeGreaterThan(order.indexOf('options'));
			expect(order.indexOf('options')).toBeGreaterThan(-1);
			const sort = action.description.properties.find((property) => property.name === 'sort');
			expect(sort?.type).toBe('collection');
		}
	});
});

describe('errors name the parameter and end with [item N]', () => {
	const list = { resource: 'order', operation: 'getAll', returnAll: false, limit: 5 };
	const get = {
		resource: 'order',
		operation: 'get',
		orderId: { __rl: true, mode: 'id', value: '1' },
	};
	it.each([
		['Limit', { limit: 0 }, /^Limit must be a whole number of at least 1 \[item 1\]$/],
		[
			'Parallel Requests',
			{ options: { parallelRequests: 99 } },
			/^Parallel Requests "99" .* \[item 1\]$/,
		],
		['Sort → Order By', { sort: { orderBy: 'price' } }, /^Sort → Order By "price" .* \[item 1\]$/],
		[
			'Sort → Order',
			{ sort: { order: 'up' } },
			/^Sort → Order "up" is not a sort order \[item 1\]$/,
		],
		[
			'Created After',
			{ filters: { dateAfter: 'soon' } },
			/^Created After "soon" is not a date \[item 1\]$/,
		],
		[
			'Order (By URL)',
			{
				operation: 'get',
				orderId: { __rl: true, mode: 'url', value: 'https://elsewhere.example/x' },
			},
			/Order "https:\/\/elsewhere\.example\/x" is a link to elsewhere\.example\/x, .* \[item 1\]$/,
		],
		[
			'Order (By ID)',
			{ ...get, orderId: { __rl: true, mode: 'id', value: 'abc' } },
			/the order ID "abc" is not a positive whole number\. .* \[item 1\]$/,
		],
	])('%s', async (_parameter, bad: INodeParameters, message) => {
		const first = bad.operation === 'get' ? get : list;
		// Item 0 is fine and read; item 1 is refused before any request.
		if (first === get) {
			nock('https://shop.example.com').get('/wp-json/sc/v1/orders/1').reply(200, { id: 1 });
		} else {
			nock('https://shop.example.com')
				.get('/wp-json/sc/v1/orders')
				.query({ page: '1', per_page: '5' })
				.reply(200, []);
		}
		nock('https://shop.example.com').get('/wp-json/').optionally().reply(200, {});
		const { context } = fakeExecute({
			items: [{ json: {} }, { json: {} }],
			itemParameters: [first, { ...first, ...bad }] as INodeParameters[],
			typeVersion: 2,
		});
		const error = await nodeFailure(() => action.execute.call(context));
		expect(error.message).toMatch(message);
	});
});
