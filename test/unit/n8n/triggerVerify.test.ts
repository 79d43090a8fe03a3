/**
 * The n8n webhook trigger's "Verify Deliveries With the Store" (issue #10), against nock scripts of the
 * store (each read recorded): genuine deliveries go on marked, forged ones start nothing and log the reason (never
 * the customer or the key), unverifiable ones go on marked, and the option off makes no read while a
 * wrong secret still drops the delivery.
 */
import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import {
	BUYER_EMAIL as EMAIL,
	PAID_ORDER,
	VERIFIED_PURCHASE,
	purchaseDelivery,
} from '../support/deliveries';
import { useNock } from '../support/nock';
import { n8nSleep } from '../support/sleep';
import { KEPT_CREDENTIAL_MS } from '../../../n8n/nodes/common/transport';
import { KEY, fakeWebhook } from '../support/n8n/context';
import { RecordedResponse } from '../support/n8n/response';
import { useRecordReads } from '../support/recordReads';

useNock();

/** Retries wait through n8n-workflow's `sleep`: recorded here instead of slept. */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/sleep')>('../support/sleep')
		.n8nWorkflowWithRecordedSleep(),
);

const trigger = new CommerceServiceTrigger();

/** The active subscription the store holds, beside `PAID_ORDER`. */
const subscription = 2051;
const ACTIVE = { id: subscription, customer_email: EMAIL, product_id: '30', status: 'active' };
const FAILING = { code: 'internal_server_error', message: 'Boom', data: { status: 500 } };
const paidOrder = PAID_ORDER.id;
const reads = useRecordReads();

/** A delivery as the store sends it (decimals, numbers as strings) for the stored paid order. */
const purchase = (overrides: Record<string, unknown> = {}) =>
	purchaseDelivery(paidOrder, overrides);

async function deliver(
	body: unknown,
	parameters: IDataObject = {},
): Promise<{
	response: IWebhookResponseData;
	items: IDataObject[];
	logs: string[];
	answer: RecordedResponse;
	credentialReads: string[];
}> {
	const fake = fakeWebhook({
		parameters: {
			event: 'purchased',
			productId: '',
			planIds: [],
			pricesInCents: false,
			...parameters,
		},
		bodyData: body,
	});
	const response = await trigger.webhook.call(fake.context);
	const items = (response.workflowData?.[0] ?? []).map((item) => item.json);
	if (!(fake.response instanceof RecordedResponse))
		throw new Error('expected the recorded response');
	return {
		response,
		items,
		logs: fake.logs,
		answer: fake.response,
		credentialReads: fake.credentialReads,
	};
}

/** The store got its 200 and n8n starts nothing: a forgery looks like a delivery for another trigger. */
const NOTHING_STARTED = { noWebhookResponse: true };

describe('the store is answered before the delivery is verified', () => {
	it('a genuine delivery: 200 written before the one read of its order, then the workflow starts', async () => {
		reads.answer('orders', paidOrder, 200, PAID_ORDER);
		const { answer, items, response, credentialReads } = await deliver(purchase());

		expect(answer.statusCode).toBe(200);
		expect(answer.json()).toEqual({ received: 1 });
		expect(answer.sentBefore).toBe(0);
		// Nothing before the answer reads the credential (n8n 2.41 builds an expression sandbox for each
		// read); after it, one read serves the whole delivery.
		expect(answer.credentialReadsBefore).toBe(0);
		expect(credentialReads).toHaveLength(1);
		expect(reads.paths).toHaveLength(1);
		expect(response.noWebhookResponse).toBe(true);
		expect(items).toEqual([
			expect.objectContaining({ verification: { status: 'verified', method: 'store' } }),
		]);
	});

	it('a burst on one trigger reads its credential once a minute, not once per delivery; a failed read is not kept', async () => {
		const at = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
		const deliverOn = async (credentialId: string, workflowId = 'workflow-1') => {
			const fake = fakeWebhook({
				parameters: { event: 'purchased', productId: '', planIds: [], pricesInCents: false },
				bodyData: purchase(),
				credentialId,
				workflowId,
			});
			const response = await trigger.webhook.call(fake.context);
			return { reads: fake.credentialReads.length, started: response.workflowData !== undefined };
		};
		try {
			reads.answer('orders', paidOrder, 200, PAID_ORDER, 5);
			expect(await deliverOn('cred-a')).toEqual({ reads: 1, started: true });
			expect(await deliverOn('cred-a')).toEqual({ reads: 0, started: true });
			// Another credential is its own read.
			expect(await deliverOn('cred-b')).toEqual({ reads: 1, started: true });
			// Another workflow on the same credential reads it itself: n8n checks its access on that read.
			expect(await deliverOn('cred-a', 'workflow-2')).toEqual({ reads: 1, started: true });
			at.mockReturnValue(1_000_000 + KEPT_CREDENTIAL_MS);
			expect(await deliverOn('cred-a')).toEqual({ reads: 1, started: true });

			// A read that fails (n8n could not load the credential) is not kept: the next delivery reads again.
			let failedReads = 0;
			const unreadable = async () => {
				const fake = fakeWebhook({
					parameters: { event: 'purchased', productId: '', planIds: [], pricesInCents: false },
					bodyData: purchase(),
					credentialId: 'cred-c',
				});
				fake.context.getCredentials = async () => {
					failedReads += 1;
					throw new Error(
						'Credential with ID "cred-c" does not exist for type "commerceServiceApi".',
					);
				};
				return (await trigger.webhook.call(fake.context)).workflowData;
			};
			expect(await unreadable()).toBeUndefined();
			expect(await unreadable()).toBeUndefined();
			// Each delivery: the read for the store, and the one the error's redaction tries.
			expect(failedReads).toBe(4);
		} finally {
			at.mockRestore();
		}
	});

	it('a forgery gets the same 200 before its read, and starts nothing', async () => {
		reads.unknown('orders', '999999');
		const { answer, response } = await deliver(purchase({ id: '999999' }));

		expect(answer.json()).toEqual({ received: 1 });
		expect(answer.sentBefore).toBe(0);
		expect(response).toEqual(NOTHING_STARTED);
	});

	it('an error after the answer is logged, never thrown (n8n would answer a second time)', async () => {
		reads.unknown('orders', '999999');
		const fake = fakeWebhook({
			parameters: { event: 'purchased', productId: '', planIds: [], pricesInCents: false },
			bodyData: purchase({ id: '999999' }),
		});
		// The forgery's warning is the one thing that can throw after the answer: a broken logger.
		fake.context.logger.warn = () => {
			throw new Error('the log is full');
		};

		const response = await trigger.webhook.call(fake.context);

		expect(response).toEqual(NOTHING_STARTED);
		expect((fake.response as RecordedResponse).json()).toEqual({ received: 1 });
		expect(fake.logs).toEqual([
			'error: Commerce Service Trigger: a delivery of 1 record(s) was answered but could not be admitted: the log is full',
		]);
	});

	it('a store that fails: answered at once, and the event still goes on marked unverified', async () => {
		reads.answer('orders', paidOrder, 500, FAILING, 2);

		const { answer, items } = await deliver(purchase());

		expect(answer.statusCode).toBe(200);
		expect(answer.sentBefore).toBe(0);
		expect(reads.paths).toHaveLength(2);
		expect(items).toEqual([
			expect.objectContaining({
				verification: expect.objectContaining({ status: 'unverified' }),
			}),
		]);
	});
});

describe('Verify Deliveries With the Store (on by default)', () => {
	it('is a boolean parameter, on by default', () => {
		expect(trigger.description.properties.find((p) => p.name === 'verifyDeliveries')).toMatchObject(
			{
				type: 'boolean',
				default: true,
				displayName: 'Verify Deliveries With the Store',
			},
		);
	});

	it('a genuine delivery goes on as delivered (decimals), marked verified, after one read of its order', async () => {
		reads.answer('orders', paidOrder, 200, PAID_ORDER);
		const { items, logs } = await deliver(purchase());

		expect(items).toEqual([VERIFIED_PURCHASE]);
		expect(reads.paths).toEqual([`/wp-json/sc/v1/orders/${paidOrder}`]);
		expect(logs).toEqual([]);
	});

	it('a node saved before the option existed (no parameter) verifies too', async () => {
		reads.unknown('orders', '999999');
		const fake = fakeWebhook({
			parameters: { event: 'purchased', productId: '', planIds: [], pricesInCents: false },
			bodyData: purchase({ id: '999999' }),
		});

		await expect(trigger.webhook.call(fake.context)).resolves.toEqual(NOTHING_STARTED);
	});

	it.each([
		['an unknown id', { id: '999999' }, 'unknown-record', () => reads.unknown('orders', '999999')],
		[
			'a changed email',
			{ customer_email: 'someone.else@example.org' },
			'email-mismatch',
			() => reads.answer('orders', paidOrder, 200, PAID_ORDER),
		],
		[
			'another product',
			{ product_id: '91' },
			'product-mismatch',
			() => reads.answer('orders', paidOrder, 200, PAID_ORDER),
		],
		['no record id', { id: undefined }, 'no-record-id', () => reads.recordAny()],
	])(
		'%s: answered 200 with nothing started, a warning with the reason and no customer data',
		async (_what, change, reason, storeAnswers) => {
			storeAnswers();
			const { response, logs, answer } = await deliver(purchase(change));

			expect(response).toEqual(NOTHING_STARTED);
			expect(answer.json()).toEqual({ received: 1 });
			expect(answer.sentBefore).toBe(0);
			expect(logs).toEqual([
				expect.stringMatching(
					new RegExp(
						`^warn: Commerce Service Trigger: dropped a "purchased" delivery .*\\(${reason}\\)`,
					),
				),
			]);
			expect(logs.join('\n')).not.toMatch(/@/);
		},
	);

	it('a status the order has not reached ("refund" of a paid order) is forged', async () => {
		reads.answer('orders', paidOrder, 200, PAID_ORDER);
		const { response, logs } = await deliver(
			purchase({ trigger: 'refunded', status: 'refunded' }),
			{ event: 'refunded' },
		);

		expect(response).toEqual(NOTHING_STARTED);
		expect(logs[0]).toMatch(/status-not-reached/);
	});

	it('a purchase since refunded is still genuine', async () => {
		reads.answer('orders', paidOrder, 200, { ...PAID_ORDER, status: 'refunded' });

		const { items } = await deliver(purchase());

		expect(items).toEqual([
			expect.objectContaining({ verification: { status: 'verified', method: 'store' } }),
		]);
	});

	it('subscription events read the subscription', async () => {
		reads.answer('subscriptions', subscription, 200, ACTIVE);
		const body = {
			trigger: 'active',
			id: String(subscription),
			customer_email: EMAIL,
			product_id: '30',
			status: 'active',
		};

		const { items } = await deliver(body, { event: 'active' });

		expect(items).toEqual([
			expect.objectContaining({
				id: subscription,
				verification: { status: 'verified', method: 'store' },
			}),
		]);
		expect(reads.paths[0]).toBe(`/wp-json/sc/v1/subscriptions/${subscription}`);
	});

	it('of several records in one delivery, only the genuine ones start the workflow', async () => {
		reads.answer('orders', paidOrder, 200, PAID_ORDER);
		reads.unknown('orders', '999999');
		const { items, logs } = await deliver([purchase(), purchase({ id: '999999' })]);

		expect(items.map((item) => item.id)).toEqual([paidOrder]);
		expect(logs).toHaveLength(1);
	});

	it('a store that fails: the event goes on marked unverified after the read retries, and the log says why', async () => {
		reads.answer('orders', paidOrder, 500, FAILING, 2);
		n8nSleep.start();

		const { items, logs } = await deliver(purchase());

		expect(items).toEqual([
			expect.objectContaining({
				id: paidOrder,
				verification: expect.objectContaining({
					status: 'unverified',
					reason: 'store-unavailable',
				}),
			}),
		]);
		expect(logs).toEqual([
			expect.stringMatching(/^warn: .*goes on unverified \(store-unavailable\).*after 2 attempts/),
		]);
		// A 500 is asked again once.
		expect(reads.paths).toHaveLength(2);
		expect(n8nSleep.waits).toHaveLength(1);
	});

	it('a lead has no record to read: it goes on marked unverified, with no request', async () => {
		reads.recordAny();
		const lead = { trigger: 'lead', customer_email: 'lead@example.com', product_id: '87' };

		const { items } = await deliver(lead, { event: 'lead' });

		expect(items).toEqual([
			expect.objectContaining({
				verification: expect.objectContaining({
					status: 'unverified',
					reason: 'lead-has-no-record',
				}),
			}),
		]);
		expect(reads.paths).toEqual([]);
	});

	it('the store’s key as studiocart_secret proves the delivery without a read, and never travels on', async () => {
		reads.recordAny();
		const { items, logs } = await deliver(purchase({ id: '999999', studiocart_secret: KEY }));

		expect(items).toEqual([
			expect.objectContaining({
				id: 999999,
				verification: { status: 'verified', method: 'secret' },
			}),
		]);
		expect(items[0]).not.toHaveProperty('studiocart_secret');
		expect(JSON.stringify(items) + logs.join('\n')).not.toContain(KEY);
		expect(reads.paths).toEqual([]);
	});

	it('a wrong studiocart_secret is a forgery, without a read', async () => {
		reads.recordAny();
		const { response, logs } = await deliver(purchase({ studiocart_secret: 'guessed-key' }));

		expect(response).toEqual(NOTHING_STARTED);
		expect(logs[0]).toMatch(/secret-mismatch/);
		expect(logs.join('\n')).not.toContain('guessed-key');
		expect(reads.paths).toEqual([]);
	});
});

describe('Verify Deliveries With the Store off', () => {
	const OFF = { verifyDeliveries: false };

	it('makes no read: a delivery goes on as sent, with no marker', async () => {
		reads.recordAny();
		const { items } = await deliver(purchase({ id: '999999' }), OFF);

		expect(items).toEqual([expect.objectContaining({ id: 999999, order_amount: 168 })]);
		expect(items[0]).not.toHaveProperty('verification');
		expect(reads.paths).toEqual([]);
	});

	it('still strips the secret, still drops a wrong one, and still marks a matching one', async () => {
		reads.recordAny();
		const wrong = await deliver(purchase({ studiocart_secret: 'guessed-key' }), OFF);
		const right = await deliver(purchase({ studiocart_secret: KEY }), OFF);

		expect(wrong.response).toEqual(NOTHING_STARTED);
		expect(wrong.logs[0]).toMatch(/secret-mismatch/);
		expect(right.items).toEqual([
			expect.objectContaining({ verification: { status: 'verified', method: 'secret' } }),
		]);
		expect(JSON.stringify(right.items)).not.toContain(KEY);
		expect(reads.paths).toEqual([]);
	});
});
