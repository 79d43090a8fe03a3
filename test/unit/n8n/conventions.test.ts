import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { EVENTS, ORDERBY_VALUES, RECORD_RESOURCE_NAMES } from '@commerce-service/shared';
import { CommerceServiceApi } from '../../../n8n/credentials/CommerceServiceApi.credentials';
import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { CommerceServicePollingTrigger } from '../../../n8n/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node';
import { allProperties } from '../support/n8n/properties';

/**
 * Checks n8n's node linter (eslint-plugin-n8n-nodes-base, run by `npm run lint:n8n`) makes on
 * descriptions, here on the descriptions as the nodes build them (the linter reads only literal
 * source text), and the package's icon, credential and codex conventions.
 */

const root = join(__dirname, '../../../n8n');
const action = new CommerceService().description;
const trigger = new CommerceServiceTrigger().description;

function staticOptions(property: INodeProperties): INodePropertyOptions[] {
	return (property.options ?? []).filter(
		(option): option is INodePropertyOptions => 'value' in option,
	);
}

function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	return (
		(show.resource ?? [resource]).includes(resource) &&
		(show.operation ?? [operation]).includes(operation)
	);
}

describe.each([
	['CommerceService', action],
	['CommerceServiceTrigger', trigger],
	['CommerceServicePollingTrigger', new CommerceServicePollingTrigger().description],
])('%s description', (_name, description: INodeTypeDescription) => {
	const properties = allProperties(description.properties);

	it('lists every option alphabetically by name', () => {
		for (const property of properties) {
			const names = staticOptions(property).map((option) => option.name);
			expect({ [property.name]: names }).toEqual({
				[property.name]: [...names].sort((a, b) => a.localeCompare(b)),
			});
			if (property.type === 'collection') {
				const fields = (property.options as INodeProperties[]).map((field) => field.displayName);
				expect(fields).toEqual([...fields].sort((a, b) => a.localeCompare(b)));
			}
		}
	});

	it('describes booleans as "Whether ..." and dynamic lists with n8n’s standard wording', () => {
		for (const property of properties) {
			if (property.type === 'boolean') expect(property.description).toMatch(/^Whether /);
			if (property.typeOptions?.loadOptionsMethod) {
				expect(property.displayName).toMatch(/ (Name or ID|Names or IDs)$/);
				expect(property.description).toMatch(
					/Choose from the list, or specify (an ID|IDs) using an <a href="https:\/\/docs\.n8n\.io\/code\/expressions\/">expression<\/a>/,
				);
			}
		}
	});

	it('loads options only through methods the node has', () => {
		const node = _name === 'CommerceService' ? new CommerceService() : new CommerceServiceTrigger();
		for (const property of properties) {
			const method = property.typeOptions?.loadOptionsMethod;
			if (method) expect(Object.keys(node.methods.loadOptions)).toContain(method);
		}
	});

	it('uses the package’s credential and icons that exist, light and dark', () => {
		expect(description.credentials).toEqual([
			{ name: new CommerceServiceApi().name, required: true },
		]);
		const icon = description.icon as { light: string; dark: string };
		const dir = join(root, 'nodes', _name);
		expect(existsSync(join(dir, icon.light.replace('file:', '')))).toBe(true);
		expect(existsSync(join(dir, icon.dark.replace('file:', '')))).toBe(true);
		expect(icon.light).not.toBe(icon.dark);
	});

	it('has a codex file naming it and documentation links', () => {
		const codex = JSON.parse(
			readFileSync(join(root, 'nodes', _name, `${_name}.node.json`), 'utf8'),
		) as {
			node: string;
			resources: {
				primaryDocumentation: { url: string }[];
				credentialDocumentation: { url: string }[];
			};
		};
		expect(codex.node).toBe(`n8n-nodes-commerce-service.${description.name}`);
		expect(codex.resources.primaryDocumentation[0]?.url).toMatch(/^https:\/\//);
		expect(codex.resources.credentialDocumentation[0]?.url).toMatch(/^https:\/\//);
	});
});

describe('CommerceService actions', () => {
	const operationProperties = action.properties.filter((property) => property.name === 'operation');
	const resources = staticOptions(
		action.properties.find((property) => property.name === 'resource') as INodeProperties,
	);

	it('offers each operation its resource folder lists, and nothing else', () => {
		const offered = operationProperties.flatMap((property) =>
			staticOptions(property).map(
				(option) => `${String(property.displayOptions?.show?.resource)}.${String(option.value)}`,
			),
		);
		// The executors each resource folder's index.ts lists, read from the folder the router uses.
		const listed = resources.flatMap((resource) => {
			const folder = join(
				__dirname,
				'../../../n8n/nodes/CommerceService/actions',
				String(resource.value),
			);
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const { operations } = require(folder) as { operations: Record<string, unknown> };
			return Object.keys(operations).map((operation) => `${String(resource.value)}.${operation}`);
		});
		expect(listed.length).toBeGreaterThan(resources.length);
		expect(offered.sort()).toEqual(listed.sort());
		expect(resources.map((option) => option.value)).toEqual(RECORD_RESOURCE_NAMES);
		expect(resources.map((option) => option.name)).toEqual(
			[...resources.map((option) => option.name)].sort(),
		);
	});

	it('gives every operation an action phrase and a description', () => {
		for (const option of operationProperties.flatMap(staticOptions)) {
			expect(option.action).toMatch(/^Get /);
			expect(option.description).toBeTruthy();
		}
	});

	it('shows Sort with exactly the Order By values each list allows, and Date After where the API takes it', () => {
		const sortFor = (resource: string, operation: string) =>
			action.properties.find((p) => p.name === 'sort' && shownFor(p, resource, operation));
		const orderByValues = (resource: string, operation: string) =>
			staticOptions(
				((sortFor(resource, operation)?.options ?? []) as INodeProperties[]).find(
					(p) => p.name === 'orderBy',
				) as INodeProperties,
			).map((option) => option.value);
		expect(orderByValues('order', 'getAll')).toEqual([...ORDERBY_VALUES.orders]);
		expect(orderByValues('order', 'getAllForSubscription')).toEqual([...ORDERBY_VALUES.orders]);
		expect(orderByValues('subscription', 'getAll')).toEqual([...ORDERBY_VALUES.subscriptions]);
		expect(orderByValues('product', 'getAll')).toEqual([...ORDERBY_VALUES.products]);
		expect(sortFor('customer', 'getAll')).toBeUndefined();

		const hasDateAfter = (resource: string, operation: string) =>
			action.properties.some((p) => p.name === 'filters' && shownFor(p, resource, operation));
		expect(
			['order.getAll', 'order.getAllForSubscription', 'subscription.getAll'].every((key) =>
				hasDateAfter(...(key.split('.') as [string, string])),
			),
		).toBe(true);
		expect(hasDateAfter('customer', 'getAll') || hasDateAfter('product', 'getAll')).toBe(false);
	});

	it('defaults Limit to 50 and is usable as an AI tool', () => {
		const limits = action.properties.filter((p) => p.name === 'limit');
		expect(limits.length).toBeGreaterThan(0);
		expect(limits.every((p) => p.default === 50)).toBe(true);
		expect(action.usableAsTool).toBe(true);
	});
});

describe('CommerceServiceTrigger', () => {
	it('is a webhook trigger with no inputs, offering every event of the shared catalogue', () => {
		expect(trigger.inputs).toEqual([]);
		expect(trigger.group).toEqual(['trigger']);
		// responseData empty: n8n answers with the node's webhookResponse (the count received).
		expect(trigger.webhooks).toEqual([
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
				responseData: '',
			},
		]);
		const events = staticOptions(
			trigger.properties.find((p) => p.name === 'event') as INodeProperties,
		);
		expect(events.map((option) => option.value).sort()).toEqual(
			EVENTS.map((kind) => kind.key).sort(),
		);
		// Version 2's Product locator and Plans, then version 1's dropdown and Plans.
		expect(trigger.properties.map((p) => p.name)).toEqual([
			'event',
			'productId',
			'productId',
			'planIds',
			'planIds',
			'pricesInCents',
			'verifyDeliveries',
		]);
	});
});

describe('package.json', () => {
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
		name: string;
		dependencies?: object;
		peerDependencies: Record<string, string>;
		n8n: { nodes: string[]; credentials: string[]; strict: boolean };
		scripts: Record<string, string>;
	};

	it('has no runtime dependencies and n8n-workflow as a * peer', () => {
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.n8n.strict).toBe(true);
	});

	it('registers a dist path for every node and credential source', () => {
		const sources = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((path) =>
			join(root, path.replace(/^dist\//, '').replace(/\.js$/, '.ts')),
		);
		expect(sources.every((file) => existsSync(file))).toBe(true);
		expect(pkg.n8n.nodes).toEqual([
			'dist/nodes/CommerceService/CommerceService.node.js',
			'dist/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node.js',
			'dist/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node.js',
		]);
		expect(pkg.n8n.credentials).toEqual(['dist/credentials/CommerceServiceApi.credentials.js']);
	});

	it('has no install-time lifecycle scripts', () => {
		for (const name of ['preinstall', 'install', 'postinstall', 'prepare', 'prepublish']) {
			expect(pkg.scripts[name]).toBeUndefined();
		}
	});
});
