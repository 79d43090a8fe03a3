/**
 * The n8n Commerce Service Polling Trigger: its description (events, filters shared with the webhook
 * trigger, polling), and poll() over n8n's fake `this` against the store's records served by nock:
 * first activation, once and oldest first, manual test, restarts, filters, failures (issue #10).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { EVENTS, POLLABLE_EVENTS } from '@commerce-service/shared';
import { CommerceServicePollingTrigger } from '../../../n8n/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node';
import { STATE_KEY } from '../../../n8n/nodes/CommerceServicePollingTrigger/poll';
import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { KEY, fakePoll } from '../support/n8n/context';
// The shared client kit, which also sets up the one nock lifecycle (support/nock.ts).
import { clientFor } from '../support/shared';
import { serveRecords, type StoreRecords } from '../support/storeRecords';

const node = new CommerceServicePollingTrigger();
const description = node.description;
const webhookTrigger = new CommerceServiceTrigger().description;
const N8N_ROOT = join(__dirname, '../../../n8n');

type Poller = ReturnType<typeof fakePoll>;

/** n8n's `this` for a poll: parameters, static data (kept across polls, as n8n keeps it), mode. */
const poller = (
	parameters: IDataObject,
	staticData: IDataObject = {},
	mode = 'trigger',
	workflowData: IDataObject = {},
): Poller => fakePoll({ parameters, staticData, mode, workflowData });

async function poll(p: Poller): Promise<IDataObject[] | null> {
	const result = await node.poll.call(p.context);
	return result ? result[0]!.map((item) => item.json) : null;
}

/** The static data as n8n stores it between polls: JSON. */
const persisted = (p: Poller): IDataObject =>
	JSON.parse(JSON.stringify(p.staticData)) as IDataObject;

function storeWithOrders(count: number): StoreRecords {
	const store = serveRecords();
	for (let n = 0; n < count; n += 1)
		store.order({ order_amount: 4900, product_id: n % 2 ? '12' : '87' });
	return store;
}

const PURCHASES = { event: 'purchased', productId: '', planIds: [] };

describe('Commerce Service Polling Trigger: description', () => {
	const property = (name: string) =>
		description.properties.find((p) => p.name === name) as INodeProperties;

	it('is a polling trigger with no inputs and the package credential', () => {
		expect(description).toMatchObject({
			name: 'commerceServicePollingTrigger',
			polling: true,
			group: ['trigger'],
			inputs: [],
			credentials: [{ name: 'commerceServiceApi', required: true }],
		});
		expect(description.webhooks).toBeUndefined();
		expect(typeof node.poll).toBe('function');
	});

	it('offers every event the REST API can show, not Lead Captured, sorted by label', () => {
		const options = (property('event').options ?? []) as INodePropertyOptions[];
		expect(options.map((o) => o.value).sort()).toEqual([...POLLABLE_EVENTS].sort());
		expect(options.map((o) => o.value)).not.toContain('lead');
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		for (const option of options)
			expect(option.name).toBe(EVENTS.find((k) => k.key === option.value)?.label);
	});

	it('has the webhook trigger’s Product and Plans filters, with the same loaders', () => {
		// Version 2's locator and version 1's dropdown, each with its Plans.
		for (const name of ['productId', 'planIds']) {
			expect(description.properties.filter((p) => p.name === name)).toEqual(
				webhookTrigger.properties.filter((p) => p.name === name),
			);
		}
		expect(Object.keys(node.methods.loadOptions).sort()).toEqual(['getPlans', 'getProductsOrAny']);
		expect(Object.keys(node.methods.listSearch)).toEqual(['searchProducts']);
		// No cents option: REST amounts are what the store gives; the notice says which unit.
		expect(description.properties.map((p) => p.name)).toEqual([
			'event',
			'productId',
			'productId',
			'planIds',
			'planIds',
			'notice',
		]);
		expect(property('notice').displayName).toMatch(/Amounts are decimals/);
	});

	it('is listed in package.json and has its codex file beside it', () => {
		const pkg = JSON.parse(readFileSync(join(N8N_ROOT, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[] };
		};
		expect(pkg.n8n.nodes).toContain(
			'dist/nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node.js',
		);
		const codex = JSON.parse(
			readFileSync(
				join(
					N8N_ROOT,
					'nodes/CommerceServicePollingTrigger/CommerceServicePollingTrigger.node.json',
				),
				'utf8',
			),
		) as { node: string };
		expect(codex.node).toBe('n8n-nodes-commerce-service.commerceServicePollingTrigger');
		const icon = description.icon as { light: string; dark: string };
		for (const file of [icon.light, icon.dark]) {
			expect(
				existsSync(
					join(N8N_ROOT, 'nodes/CommerceServicePollingTrigger', file.replace('file:', '')),
				),
			).toBe(true);
		}
	});
});

describe('Commerce Service Polling Trigger: poll()', () => {
	it('the first poll emits nothing from before it and keeps its state in static data', async () => {
		const store = storeWithOrders(8);
		const p = poller(PURCHASES);

		await expect(poll(p)).resolves.toBeNull();

		expect(p.staticData[STATE_KEY]).toMatchObject({ version: 1, store: 'shop.example.com' });
		expect(
			(p.staticData[STATE_KEY] as { resources: { orders: { cursor: number } } }).resources.orders
				.cursor,
		).toBe(107);
		expect(p.logs).toEqual([
			expect.stringMatching(/^info: Commerce Service Polling Trigger: First poll of orders/),
		]);
		expect(store.requests.length).toBeGreaterThan(0);
	});

	it('then emits every new matching event once, oldest first, as the REST record plus trigger', async () => {
		const store = storeWithOrders(3);
		const p = poller(PURCHASES);
		await poll(p);
		const first = store.order({ order_amount: 4900 });
		const second = store.order({ order_amount: 12900 });

		const items = await poll(p);

		expect(items?.map((item) => item.id)).toEqual([first, second]);
		// The record as the shared client reads it by id, amounts as the REST API gives them (cents on
		// live stores, not converted), plus `trigger` and the marker the webhook trigger adds.
		expect(items?.[1]).toEqual({
			...JSON.parse(JSON.stringify(await clientFor().getOrder(String(second)))),
			trigger: 'purchased',
			verification: { status: 'verified', method: 'store' },
		});
		// The store's REST cents, handed on in decimals as a delivery has them (docs/amounts.md).
		expect(items?.[1]).toMatchObject({
			order_amount: 129,
			order_amount_sent: 12900,
			amount_unit: 'decimal',
		});
		expect(p.logs.at(-1)).toMatch(/2 purchased event\(s\) on shop\.example\.com/);
		// Nothing new: null, and one request.
		const before = store.requests.length;
		await expect(poll(p)).resolves.toBeNull();
		expect(store.requests.length - before).toBe(1);
	});

	it('keeps only the chosen product', async () => {
		const store = storeWithOrders(2);
		const p = poller({ ...PURCHASES, productId: '87' });
		await poll(p);
		const mine = store.order({ product_id: '87' });
		store.order({ product_id: '12' });

		expect((await poll(p))?.map((item) => item.id)).toEqual([mine]);
	});

	it('finds a refund of an order older than the first poll', async () => {
		const store = storeWithOrders(6);
		const p = poller({ event: 'refunded', productId: '', planIds: [] });
		await poll(p);
		store.update('orders', 101, { status: 'refunded' });

		expect(await poll(p)).toEqual([
			expect.objectContaining({ id: 101, status: 'refunded', trigger: 'refunded' }),
		]);
		await expect(poll(p)).resolves.toBeNull();
	});

	it('a restart (static data read back as JSON) or an edit of the filters never emits an event twice', async () => {
		const store = storeWithOrders(4);
		const p = poller(PURCHASES);
		await poll(p);
		const early = store.order();
		expect((await poll(p))?.map((item) => item.id)).toEqual([early]);

		// n8n restarted: a new node instance, the static data as the database kept it.
		const late = store.order();
		const restarted = poller(PURCHASES, persisted(p));
		expect((await poll(restarted))?.map((item) => item.id)).toEqual([late]);

		// The workflow edited: another product filter, the same static data.
		const edited = poller({ ...PURCHASES, productId: '87' }, persisted(restarted));
		await expect(poll(edited)).resolves.toBeNull();
	});

	it('on n8n’s durable scheduler, where the cursor of the poll at activation is not committed: the next poll starts from the first look kept in the workflow’s static data, and emits what was bought in between', async () => {
		const store = storeWithOrders(4);
		const activation = poller(PURCHASES);
		await expect(poll(activation)).resolves.toBeNull();
		const kept = persisted({ staticData: activation.workflowData } as Poller);
		expect(Object.values(kept)).toEqual([activation.staticData[STATE_KEY]]);

		// n8n kept the workflow's static data, and its cursor row stayed as it was seeded: empty.
		const bought = store.order();
		const scheduled = poller(PURCHASES, {}, 'trigger', kept);
		expect((await poll(scheduled))?.map((item) => item.id)).toEqual([bought]);
		expect(scheduled.workflowData).toEqual({}); // the copy is gone once a later poll ran
		expect(scheduled.logs.some((line) => line.includes('First poll'))).toBe(false);

		// n8n's default (both kept in static data): the node's state wins, and the copy goes too.
		const legacy = poller(PURCHASES);
		await poll(legacy);
		const next = poller(
			PURCHASES,
			persisted(legacy),
			'trigger',
			persisted({ staticData: legacy.workflowData } as Poller),
		);
		const later = store.order();
		expect((await poll(next))?.map((item) => item.id)).toEqual([later]);
		expect(next.workflowData).toEqual({});
		// A stale copy older than the node's state is never read.
		const stale = poller(PURCHASES, persisted(next), 'trigger', kept);
		await expect(poll(stale)).resolves.toBeNull();
	});

	it('a manual "Fetch Test Event" returns the newest matching record and leaves the state alone', async () => {
		const store = storeWithOrders(5);
		const live = poller(PURCHASES);
		await poll(live);
		const state = persisted(live);
		const newest = store.order({ product_id: '87' });
		const manual = poller(
			{ ...PURCHASES, productId: '87' },
			JSON.parse(JSON.stringify(state)) as IDataObject,
			'manual',
		);

		expect(await poll(manual)).toEqual([
			expect.objectContaining({ id: newest, trigger: 'purchased' }),
		]);
		expect(persisted(manual)).toEqual(state);
		// The next real poll still emits it: the test consumed nothing.
		expect((await poll(live))?.map((item) => item.id)).toEqual([newest]);
	});

	it('a manual test with nothing matching says what to do', async () => {
		storeWithOrders(3);
		const manual = poller({ event: 'canceled', productId: '', planIds: [] }, {}, 'manual');

		const error = await node.poll.call(manual.context).catch((e: unknown) => e);

		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toMatch(/No matching record/);
		expect(manual.staticData).toEqual({});
	});

	it('refuses Lead Captured (the API has no leads), pointing at the webhook trigger, before any request', async () => {
		const store = storeWithOrders(1);
		const p = poller({ event: 'lead', productId: '', planIds: [] });

		const error = (await node.poll.call(p.context).catch((e: unknown) => e)) as NodeOperationError;

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.description).toMatch(/webhook/);
		expect(store.requests).toEqual([]);
	});

	it('a failing store fails the poll with the store’s error, and the state stays where it was', async () => {
		const store = storeWithOrders(3);
		const p = poller(PURCHASES);
		await poll(p);
		const state = persisted(p);
		const missed = store.order();
		store.failWith = 500;

		const error = await node.poll.call(p.context).catch((e: unknown) => e);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(String((error as Error).message)).not.toContain(KEY);
		expect(persisted(p)).toEqual(state);
		// The store is back: the next poll emits what the failed one missed.
		store.failWith = null;
		expect((await poll(p))?.map((item) => item.id)).toEqual([missed]);
	});
});
