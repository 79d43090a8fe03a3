import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { purchaseDelivery } from '../support/deliveries';
import { KEY, fakeHook, fakeWebhook } from '../support/n8n/context';
import { type HookStore, hookStore } from '../support/n8n/hookStore';
import type { RecordedResponse } from '../support/n8n/response';
import { useNock } from '../support/nock';

/**
 * The check before the answer (docs/verification.md, "Before the answer"): what `webhook()` refuses
 * with no execution and no read, against the secret and key digest activation kept.
 */
const trigger = new CommerceServiceTrigger();
const hooks = trigger.webhookMethods.default;
const PURCHASES = { event: 'purchased', productId: '', planIds: [], pricesInCents: false };

useNock();

/** A purchase delivery of order 1042, as the store sends it. */
const purchase = (overrides: Record<string, unknown> = {}) => purchaseDelivery(1042, overrides);

/** Static data as an activation leaves it, and the query string of the URL the store was given. */
async function activated(
	store: HookStore,
): Promise<{ staticData: IDataObject; query: IDataObject }> {
	const { context, staticData } = fakeHook({ parameters: PURCHASES });
	expect(await hooks.checkExists.call(context)).toBe(false);
	await hooks.create.call(context);
	const [hook] = store.hooks.values();
	const query = Object.fromEntries(new URL(hook?.hook_url ?? '').searchParams);
	return { staticData, query };
}

async function deliver(staticData: IDataObject, query: IDataObject, body: unknown) {
	const fake = fakeWebhook({
		parameters: { ...PURCHASES, verifyDeliveries: true },
		staticData,
		query,
		bodyData: body,
	});
	const response = await trigger.webhook.call(fake.context);
	return { ...fake, response, answer: fake.response as RecordedResponse };
}

function handedOnIds(response: IWebhookResponseData): unknown[] | undefined {
	return response.workflowData?.[0]?.map((item) => (item.json.record as IDataObject).id);
}

describe('trigger webhook(): the check before the answer', () => {
	let store: HookStore;
	let kept: { staticData: IDataObject; query: IDataObject };
	beforeEach(async () => {
		store = hookStore();
		kept = await activated(store);
	});

	it('the URL given to the store carries the hook secret; a delivery with it is handed on, unread', async () => {
		expect(Object.keys(kept.query)).toEqual(['hook_secret']);

		const { response, answer, sent, credentialReads } = await deliver(
			kept.staticData,
			kept.query,
			purchase(),
		);

		expect(handedOnIds(response)).toEqual([1042]);
		expect(response.webhookResponse).toEqual({ received: 1 });
		expect(answer.writes).toBe(0);
		expect({ requests: sent.length, credentialReads }).toEqual({
			requests: 0,
			credentialReads: [],
		});
	});

	it.each([
		['no secret', {}],
		['a wrong secret', { hook_secret: 'x'.repeat(43) }],
		['a secret of another length', { hook_secret: 'short' }],
	])('%s: answered 401 by the node, nothing handed on, nothing read', async (_what, query) => {
		const { response, answer, sent, credentialReads, logs } = await deliver(
			kept.staticData,
			query,
			purchase(),
		);

		expect(response).toEqual({ noWebhookResponse: true });
		expect(answer.statusCode).toBe(401);
		expect(JSON.parse(answer.body ?? '')).toEqual({
			error: 'hook_secret_mismatch',
			message: expect.stringContaining('Nothing was started'),
		});
		expect({ requests: sent.length, credentialReads }).toEqual({
			requests: 0,
			credentialReads: [],
		});
		expect(logs).toEqual([expect.stringMatching(/^warn: .*refused a delivery \(401/)]);
		expect(JSON.stringify(logs) + (answer.body ?? '')).not.toContain(
			String(kept.staticData.hookSecret),
		);
	});

	it('more records than the cap: 413, nothing handed on; the cap itself is taken', async () => {
		const eleven = Array.from({ length: 11 }, (_, i) => purchase({ id: i + 1 }));
		const refused = await deliver(kept.staticData, kept.query, eleven);
		expect(refused.response).toEqual({ noWebhookResponse: true });
		expect(refused.answer.statusCode).toBe(413);
		expect(JSON.parse(refused.answer.body ?? '')).toMatchObject({ error: 'delivery_too_large' });

		const ten = await deliver(kept.staticData, kept.query, eleven.slice(0, 10));
		expect(handedOnIds(ten.response)).toHaveLength(10);
	});

	it('a studiocart_secret that is not the key the hook was made with: 401 without the credential; with the right one the record goes on, without the key', async () => {
		const wrong = await deliver(
			kept.staticData,
			kept.query,
			purchase({ studiocart_secret: 'guess' }),
		);
		expect(wrong.answer.statusCode).toBe(401);
		expect(JSON.parse(wrong.answer.body ?? '')).toMatchObject({ error: 'origin_secret_mismatch' });
		expect(wrong.credentialReads).toEqual([]);

		const right = await deliver(kept.staticData, kept.query, purchase({ studiocart_secret: KEY }));
		expect(handedOnIds(right.response)).toEqual([1042]);
		expect(JSON.stringify(right.response)).not.toContain(KEY);
	});

	describe('repeats', () => {
		afterEach(() => jest.restoreAllMocks());

		it('the same event and order again within the window: answered, counted as a repeat, not handed on', async () => {
			const first = await deliver(kept.staticData, kept.query, purchase());
			const again = await deliver(kept.staticData, kept.query, purchase());

			expect(handedOnIds(first.response)).toEqual([1042]);
			expect(again.response).toEqual({ webhookResponse: { received: 1, repeats: 1 } });
		});

		it('another event of the same order, or another order, is no repeat', async () => {
			await deliver(kept.staticData, kept.query, purchase());
			const refund = await deliver(
				kept.staticData,
				kept.query,
				purchase({ trigger: 'refunded', status: 'refunded' }),
			);
			const other = await deliver(kept.staticData, kept.query, purchase({ id: 1043 }));

			// The refund is another trigger's event: not handed on here, but not as a repeat either.
			expect(refund.response).toEqual({ webhookResponse: { received: 1 } });
			expect(handedOnIds(other.response)).toEqual([1043]);
		});

		it('after the window (10 minutes) the same event and order go on again', async () => {
			const start = Date.now();
			const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
			await deliver(kept.staticData, kept.query, purchase());
			clock.mockReturnValue(start + 10 * 60 * 1000 - 1);
			expect(
				handedOnIds((await deliver(kept.staticData, kept.query, purchase())).response),
			).toBeUndefined();
			clock.mockReturnValue(start + 10 * 60 * 1000);
			expect(
				handedOnIds((await deliver(kept.staticData, kept.query, purchase())).response),
			).toEqual([1042]);
		});

		it('a lead names no record: never taken for a repeat', async () => {
			const lead = { trigger: 'lead', customer_email: 'lead@example.com', product_id: '87' };
			const parameters = { ...PURCHASES, event: 'lead', verifyDeliveries: false };
			for (let i = 0; i < 2; i += 1) {
				const fake = fakeWebhook({
					parameters,
					staticData: kept.staticData,
					query: kept.query,
					bodyData: lead,
				});
				expect((await trigger.webhook.call(fake.context)).workflowData?.[0]).toHaveLength(1);
			}
		});
	});
});

describe('a hook made before hooks had a secret', () => {
	let store: HookStore;
	beforeEach(() => {
		store = hookStore();
	});

	it('keeps taking deliveries without a secret, with a warning that says to publish again', async () => {
		const staticData: IDataObject = {
			hookId: '17',
			hookUrl: 'https://n8n.example.com/webhook/x/webhook',
		};

		const { response, logs } = await deliver(staticData, {}, purchase());

		expect(handedOnIds(response)).toEqual([1042]);
		expect(logs).toEqual([expect.stringMatching(/^warn: .*Publish the workflow again/)]);
	});

	it('the next activation replaces it with a hook that has a secret', async () => {
		const { context, staticData } = fakeHook({ parameters: PURCHASES });
		await hooks.create.call(context);
		const [oldId] = store.hooks.keys();
		// As static data stood before this change: the hook record alone.
		for (const key of ['hookSecret', 'hookKeyDigest']) Reflect.deleteProperty(staticData, key);

		expect(await hooks.checkExists.call(context)).toBe(false);
		await hooks.create.call(context);

		expect(store.deletes).toEqual([oldId]);
		expect([...store.hooks.values()].map((hook) => hook.hook_url)).toEqual([
			expect.stringContaining(`?hook_secret=${staticData.hookSecret as string}`),
		]);
		expect(await hooks.checkExists.call(context)).toBe(true);
	});
});
