import { createHash } from 'node:crypto';
import nock from 'nock';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { KEY, ORIGIN, ROOT, WEBHOOK_URL, fakeHook } from '../support/n8n/context';
import { useNock } from '../support/nock';
import { n8nSleep } from '../support/sleep';
import { type HookStore, hookStore } from '../support/n8n/hookStore';
import { wpError } from '../support/wordpress';

/** Retries wait through n8n-workflow's `sleep`: recorded here instead of slept. */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/sleep')>('../support/sleep')
		.n8nWorkflowWithRecordedSleep(),
);

const hooks = new CommerceServiceTrigger().webhookMethods.default;
const PURCHASES_OF_87 = {
	event: 'purchased',
	productId: '87',
	planIds: ['full', 'bump'],
	pricesInCents: true,
};

useNock();

/** What n8n does on activation: checkExists, then create when it said no. */
async function activate(context: IHookFunctions): Promise<void> {
	if (!(await hooks.checkExists.call(context))) await hooks.create.call(context);
}

describe('trigger lifecycle', () => {
	let store: HookStore;
	beforeEach(() => {
		store = hookStore();
	});

	it('checkExists with nothing stored says no and asks the store nothing', async () => {
		const { context, sent } = fakeHook({ parameters: PURCHASES_OF_87 });

		expect(await hooks.checkExists.call(context)).toBe(false);
		expect(sent).toHaveLength(0);
	});

	it('create subscribes through operation 2 and keeps the id, URL, filters, hook secret and key digest in static data', async () => {
		const { context, staticData, sent } = fakeHook({ parameters: PURCHASES_OF_87 });

		expect(await hooks.create.call(context)).toBe(true);

		expect(store.hooks.size).toBe(1);
		const [id, hook] = [...store.hooks.entries()][0] ?? [];
		expect(hook?.query).toEqual({ api_key: KEY, product_id: '87' });
		const secret = staticData.hookSecret as string;
		expect(secret).toMatch(/^[\w-]{43}$/);
		const hookUrl = `${WEBHOOK_URL}?hook_secret=${secret}`;
		expect(hook?.body).toEqual({
			hook_url: hookUrl,
			plan_id: ['full', 'bump'],
			status: 'purchased',
			source: 'n8n',
			prices_in_cents: 1,
		});
		expect(staticData).toEqual({
			hookId: id,
			hookStore: ORIGIN,
			hookApiRoot: '/wp-json/sc/v1',
			hookUrl,
			hookSetup: expect.any(String),
			hookSecret: secret,
			hookKeyDigest: createHash('sha256').update(KEY).digest('hex'),
		});
		expect(JSON.stringify(staticData)).not.toContain(KEY);
		expect(sent[0]?.url).toBe(`${ORIGIN}${ROOT}/webhook/subscribe/?product_id=87&api_key=${KEY}`);
	});

	it('checkExists trusts a hook stored for the same URL and filters without asking the store', async () => {
		const { context, sent } = fakeHook({ parameters: PURCHASES_OF_87 });
		await hooks.create.call(context);

		expect(await hooks.checkExists.call(context)).toBe(true);
		expect(sent).toHaveLength(1);
	});

	it('a changed webhook URL (WEBHOOK_URL moved): the old hook is deleted and a new one made', async () => {
		const staticData: IDataObject = {};
		await activate(fakeHook({ parameters: PURCHASES_OF_87, staticData }).context);
		const [oldId] = store.hooks.keys();

		const moved =
			'https://automations.example.org/webhook/3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4f13/webhook';
		await activate(
			fakeHook({ parameters: PURCHASES_OF_87, staticData, webhookUrl: moved }).context,
		);

		expect(store.deletes).toEqual([oldId]);
		const movedWithSecret = `${moved}?hook_secret=${staticData.hookSecret as string}`;
		expect([...store.hooks.values()].map((hook) => hook.hook_url)).toEqual([movedWithSecret]);
		expect(staticData.hookUrl).toBe(movedWithSecret);
		expect(staticData.hookId).not.toBe(oldId);
	});

	it.each([
		['event', { event: 'refunded' }],
		['product', { productId: '91' }],
		['plans', { planIds: ['installments'] }],
		['amounts in cents', { pricesInCents: false }],
	])(
		'changed filters (%s): the old hook is deleted and a new one made for them',
		async (_what, change) => {
			const staticData: IDataObject = {};
			await activate(fakeHook({ parameters: PURCHASES_OF_87, staticData }).context);
			await activate(
				fakeHook({ parameters: { ...PURCHASES_OF_87, ...change }, staticData }).context,
			);

			expect(store.subscribes).toBe(2);
			expect(store.hooks.size).toBe(1);
			expect(String([...store.hooks.keys()][0])).toBe(staticData.hookId);
		},
	);

	it('the same plans in another order are the same filters', async () => {
		const staticData: IDataObject = {};
		await activate(fakeHook({ parameters: PURCHASES_OF_87, staticData }).context);
		await activate(
			fakeHook({ parameters: { ...PURCHASES_OF_87, planIds: ['bump', 'full'] }, staticData })
				.context,
		);

		expect(store.subscribes).toBe(1);
	});

	it('delete removes the hook through the zap-delete fallback and forgets it', async () => {
		const { context, staticData } = fakeHook({ parameters: PURCHASES_OF_87 });
		await hooks.create.call(context);

		expect(await hooks.delete.call(context)).toBe(true);

		expect(store.hooks.size).toBe(0);
		expect(staticData).toEqual({});
	});

	it('deleting a hook the store no longer knows is success', async () => {
		const { context, staticData, logs } = fakeHook({
			parameters: PURCHASES_OF_87,
			staticData: { hookId: '999', hookUrl: WEBHOOK_URL, hookSetup: 'x' },
		});

		expect(await hooks.delete.call(context)).toBe(true);

		expect(store.deletes).toEqual(['999']);
		expect(staticData).toEqual({});
		expect(logs).toContain(
			'info: Commerce Service Trigger: hook 999 was already gone from the store',
		);
	});

	it('a hook stored on another store (the credential changed) is forgotten with a warning, not sent this key', async () => {
		const staticData: IDataObject = {
			hookId: '77',
			hookStore: 'https://old-shop.example.com',
			hookUrl: WEBHOOK_URL,
			hookSetup: 'x',
		};
		const { context, logs, sent } = fakeHook({ parameters: PURCHASES_OF_87, staticData });

		await activate(context);

		expect(sent.map((request) => new URL(request.url).host)).toEqual(['shop.example.com']);
		expect(
			logs.some((line) =>
				line.startsWith(
					'warn: Commerce Service Trigger: hook 77 was made on https://old-shop.example.com',
				),
			),
		).toBe(true);
		expect(store.hooks.size).toBe(1);
		expect(staticData.hookStore).toBe(ORIGIN);
	});

	it('delete with nothing stored is success and asks the store nothing', async () => {
		const { context, sent } = fakeHook({ parameters: PURCHASES_OF_87 });

		expect(await hooks.delete.call(context)).toBe(true);
		expect(sent).toHaveLength(0);
	});

	it('re-activation never leaves a second hook: activate, deactivate, activate, and create without checkExists', async () => {
		const staticData: IDataObject = {};
		const context = fakeHook({ parameters: PURCHASES_OF_87, staticData }).context;

		await activate(context);
		await hooks.delete.call(context);
		await activate(context);
		expect(store.hooks.size).toBe(1);

		// n8n restarted and called create again (no checkExists): the stored hook goes first.
		await hooks.create.call(context);
		expect(store.hooks.size).toBe(1);
		expect(store.subscribes).toBe(3);
	});

	it('a failed delete keeps the hook id for the next try and says why', async () => {
		store.stop();
		nock.cleanAll();
		n8nSleep.start();
		const deletes = nock(ORIGIN)
			.post(`${ROOT}/webhook/delete/`)
			.times(3)
			.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		const staticData = { hookId: '1732190400', hookUrl: WEBHOOK_URL, hookSetup: 'x' };
		const { context } = fakeHook({ parameters: PURCHASES_OF_87, staticData });

		const failure = hooks.delete.call(context);

		await expect(failure).rejects.toThrow(NodeApiError);
		await expect(failure).rejects.toThrow(
			'Delete a webhook failed on shop.example.com after 3 attempts: the connection was cut before the site answered',
		);
		expect(deletes.isDone()).toBe(true);
		expect(n8nSleep.waits).toHaveLength(2);
		expect(staticData.hookId).toBe('1732190400');
	});

	it('a stale hook that cannot be deleted fails the activation instead of leaving it behind', async () => {
		store.stop();
		nock.cleanAll();
		nock(ORIGIN)
			.post(`${ROOT}/webhook/delete/`)
			.reply(500, wpError('rest_invalid_handler', 'invalid handler', 500))
			.post(`${ROOT}/webhook/zap-delete/`)
			.reply(503, '<html><title>Service Unavailable</title></html>');
		const staticData = {
			hookId: '1732190400',
			hookUrl: 'https://old.example.com/webhook/x',
			hookSetup: 'x',
		};
		const { context } = fakeHook({ parameters: PURCHASES_OF_87, staticData });

		await expect(hooks.checkExists.call(context)).rejects.toThrow(NodeApiError);
		expect(staticData.hookId).toBe('1732190400');
	});

	it('a rejected key at subscribe is a NodeApiError and nothing is stored', async () => {
		const { context, staticData } = fakeHook({
			parameters: PURCHASES_OF_87,
			credentials: { storeUrl: ORIGIN, apiKey: 'wrong-key', apiRoot: ROOT },
		});

		await expect(hooks.create.call(context)).rejects.toThrow(
			'the store did not accept the API key',
		);
		expect(staticData).toEqual({});
	});

	it('an unknown event is refused before anything is sent', async () => {
		const { context, sent } = fakeHook({ parameters: { ...PURCHASES_OF_87, event: 'shipped' } });

		await expect(hooks.create.call(context)).rejects.toThrow('"shipped" is not a store event');
		expect(sent).toHaveLength(0);
	});

	it('no product and no plans subscribe for any', async () => {
		const { context, staticData } = fakeHook({
			parameters: { event: 'lead', productId: '', planIds: [], pricesInCents: false },
		});

		await hooks.create.call(context);

		const [hook] = store.hooks.values();
		expect(hook?.query).toEqual({ api_key: KEY });
		expect(hook?.body).toEqual({
			hook_url: `${WEBHOOK_URL}?hook_secret=${staticData.hookSecret as string}`,
			status: 'lead',
			source: 'n8n',
			prices_in_cents: 0,
		});
	});
});
