/**
 * The n8n webhook trigger's "Verify Deliveries With the Store", against nock scripts of the store (each
 * read recorded), as n8n runs it: `webhook()` hands the delivery on, n8n stores it as JSON and answers,
 * and the execution (`execute()`) checks it. Genuine deliveries go on marked, forged ones end the
 * execution with no item and log the reason (never the customer or the key), unverifiable ones go on
 * marked, and the option off makes no read while a wrong secret still drops the delivery.
 */
import type { IDataObject, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import {
	BUYER_EMAIL as EMAIL,
	PAID_ORDER,
	VERIFIED_PURCHASE,
	purchaseDelivery,
} from '../support/deliveries';
import { useNock } from '../support/nock';
import { n8nSleep } from '../support/sleep';
import { CREDENTIALS, KEY, fakeExecute, fakeWebhook } from '../support/n8n/context';
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

interface Delivered {
	/** What `webhook()` returned: n8n answers with `webhookResponse` and starts `workflowData`. */
	response: IWebhookResponseData;
	/** What `webhook()` cost before n8n could answer: requests, credential reads, answers it wrote. */
	beforeAnswer: { requests: number; credentialReads: number; writes: number };
	/** The items n8n stored for the execution, as JSON (its database, or its queue's). */
	handedOn: string;
	/** The trigger's output in that execution. */
	items: IDataObject[];
	logs: string[];
	/** The execution's reads of the credential. */
	credentialReads: number;
}

const TRIGGER = { event: 'purchased', productId: '', planIds: [], pricesInCents: false };

async function deliver(
	body: unknown,
	parameters: IDataObject = {},
	credentials: IDataObject = CREDENTIALS,
): Promise<Delivered> {
	const hook = fakeWebhook({ parameters: { ...TRIGGER, ...parameters }, bodyData: body });
	const response = await trigger.webhook.call(hook.context);
	if (!(hook.response instanceof RecordedResponse))
		throw new Error('expected the recorded response');
	const beforeAnswer = {
		requests: hook.sent.length,
		credentialReads: hook.credentialReads.length,
		writes: hook.response.writes,
	};
	const handedOn = JSON.stringify(response.workflowData?.[0] ?? []);
	const run = fakeExecute({
		parameters: { ...TRIGGER, ...parameters },
		items: JSON.parse(handedOn) as INodeExecutionData[],
		nodeType: 'commerceServiceTrigger',
		credentials,
	});
	const started = response.workflowData !== undefined;
	const output = started ? await trigger.execute.call(run.context) : [[]];
	return {
		response,
		beforeAnswer,
		handedOn,
		items: (output[0] ?? []).map((item) => item.json),
		logs: [...hook.logs, ...run.logs],
		credentialReads: run.credentialReads.length,
	};
}

/** One delivery of two records: the stored paid order, and an order the store does not have. */
function deliverPaidAndUnknown(): Promise<Delivered> {
	reads.answer('orders', paidOrder, 200, PAID_ORDER);
	reads.unknown('orders', '999999');
	return deliver([purchase(), purchase({ id: '999999' })]);
}

/** What `webhook()` costs n8n's answer to the store: nothing read, nothing written by the node. */
const NOTHING_BEFORE_THE_ANSWER = { requests: 0, credentialReads: 0, writes: 0 };

describe('the store is answered before the delivery is verified', () => {
	it('a genuine delivery: webhook() reads nothing and n8n answers; the execution reads the credential and the order once', async () => {
		reads.answer('orders', paidOrder, 200, PAID_ORDER);
		const { response, beforeAnswer, items, credentialReads } = await deliver(purchase());

		expect(response.webhookResponse).toEqual({ received: 1 });
		expect(response.noWebhookResponse).toBeUndefined();
		expect(beforeAnswer).toEqual(NOTHING_BEFORE_THE_ANSWER);
		expect(credentialReads).toBe(1);
		expect(reads.paths).toHaveLength(1);
		expect(items).toEqual([
			expect.objectContaining({ verification: { status: 'verified', method: 'store' } }),
		]);
	});

	it('a delivery of several records reads the credential once in its execution', async () => {
		const { items, credentialReads } = await deliverPaidAndUnknown();

		expect(items.map((item) => item.id)).toEqual([paidOrder]);
		expect(credentialReads).toBe(1);
	});

	it('a forgery gets the same answer; its execution ends with no item', async () => {
		reads.unknown('orders', '999999');
		const { response, beforeAnswer, items } = await deliver(purchase({ id: '999999' }));

		expect(response.webhookResponse).toEqual({ received: 1 });
		expect(beforeAnswer).toEqual(NOTHING_BEFORE_THE_ANSWER);
		expect(items).toEqual([]);
	});

	it('a credential naming no usable store fails the execution, saying what to fix, after the answer', async () => {
		reads.recordAny();
		const failed = deliver(purchase(), {}, { ...CREDENTIALS, storeUrl: 'not a web address' });

		await expect(failed).rejects.toThrow(/is not a store URL/);
		expect(reads.paths).toEqual([]);
	});

	it('a store that fails: answered at once, and the event still goes on marked unverified', async () => {
		reads.answer('orders', paidOrder, 500, FAILING, 2);

		const { beforeAnswer, items } = await deliver(purchase());

		expect(beforeAnswer).toEqual(NOTHING_BEFORE_THE_ANSWER);
		expect(reads.paths).toHaveLength(2);
		expect(items).toEqual([
			expect.objectContaining({
				verification: expect.objectContaining({ status: 'unverified' }),
			}),
		]);
	});

	it('a delivery for another event or product starts no execution, and is still answered', async () => {
		reads.recordAny();
		const other = await deliver(purchase({ trigger: 'refunded' }));

		expect(other.response).toEqual({ webhookResponse: { received: 1 } });
		expect(other.beforeAnswer).toEqual(NOTHING_BEFORE_THE_ANSWER);
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
		const { items, logs } = await deliver(purchase({ id: '999999' }));

		expect(items).toEqual([]);
		expect(logs[0]).toMatch(/unknown-record/);
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
		'%s: answered, the execution ends with no item, a warning with the reason and no customer data',
		async (_what, change, reason, storeAnswers) => {
			storeAnswers();
			const { response, logs, items, beforeAnswer } = await deliver(purchase(change));

			expect(items).toEqual([]);
			expect(response.webhookResponse).toEqual({ received: 1 });
			expect(beforeAnswer).toEqual(NOTHING_BEFORE_THE_ANSWER);
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
		const { items, logs } = await deliver(purchase({ trigger: 'refunded', status: 'refunded' }), {
			event: 'refunded',
		});

		expect(items).toEqual([]);
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
		const { items, logs } = await deliverPaidAndUnknown();

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
		const { items, logs, handedOn } = await deliver(
			purchase({ id: '999999', studiocart_secret: KEY }),
		);

		expect(items).toEqual([
			expect.objectContaining({
				id: 999999,
				verification: { status: 'verified', method: 'secret' },
			}),
		]);
		expect(items[0]).not.toHaveProperty('studiocart_secret');
		// Neither the output, the log nor what n8n stores between the answer and the check holds the key.
		expect(JSON.stringify(items) + logs.join('\n') + handedOn).not.toContain(KEY);
		expect(reads.paths).toEqual([]);
	});

	it('a wrong studiocart_secret is a forgery, without a read', async () => {
		reads.recordAny();
		const { items, logs } = await deliver(purchase({ studiocart_secret: 'guessed-key' }));

		expect(items).toEqual([]);
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

		expect(wrong.items).toEqual([]);
		expect(wrong.logs[0]).toMatch(/secret-mismatch/);
		expect(right.items).toEqual([
			expect.objectContaining({ verification: { status: 'verified', method: 'secret' } }),
		]);
		expect(JSON.stringify(right.items) + right.handedOn).not.toContain(KEY);
		expect(reads.paths).toEqual([]);
	});
});
