import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { fakeWebhook } from '../support/n8n/context';
import { RecordedResponse } from '../support/n8n/response';

const trigger = new CommerceServiceTrigger();
// Parsing and filtering only; verification with the store is triggerVerify.test.ts.
const PURCHASES_OF_87 = {
	event: 'purchased',
	productId: '87',
	planIds: [],
	pricesInCents: false,
	verifyDeliveries: false,
};

function purchase(overrides: Record<string, unknown> = {}) {
	return {
		trigger: 'purchased',
		id: '1042',
		customer_email: 'maya.lopez@example.com',
		product_id: 87,
		product_name: 'Sourdough Masterclass',
		payment_plan_id: 'full',
		order_amount: '168.00',
		currency: 'USD',
		status: 'paid',
		items: [{ product_name: 'Sourdough Masterclass', total_amount: '149' }],
		...overrides,
	};
}

describe('trigger webhook()', () => {
	it('emits the delivered event as one item, with the shared parser’s types', async () => {
		const { context } = fakeWebhook({ parameters: PURCHASES_OF_87, bodyData: purchase() });

		const response = await trigger.webhook.call(context);

		expect(response.workflowData).toEqual([
			[
				{
					json: expect.objectContaining({
						trigger: 'purchased',
						id: 1042,
						product_id: '87',
						order_amount: 168,
						items: [expect.objectContaining({ total_amount: 149 })],
					}),
				},
			],
		]);
	});

	it('emits one item per record when the store sends a list', async () => {
		const { context } = fakeWebhook({
			parameters: PURCHASES_OF_87,
			bodyData: [purchase({ id: 1 }), purchase({ id: 2 })] as unknown as object,
		});

		const response = await trigger.webhook.call(context);

		expect(response.workflowData?.[0]?.map((item) => item.json.id)).toEqual([1, 2]);
	});

	it('drops an event of another kind without starting the workflow', async () => {
		const { context } = fakeWebhook({
			parameters: PURCHASES_OF_87,
			bodyData: purchase({ trigger: 'refunded' }),
		});

		const response = await trigger.webhook.call(context);

		expect(response).toEqual({ noWebhookResponse: true });
	});

	it('drops another product, but keeps the product when it was bought as a bump', async () => {
		const other = fakeWebhook({
			parameters: PURCHASES_OF_87,
			bodyData: purchase({ product_id: '91' }),
		});
		const bump = fakeWebhook({
			parameters: PURCHASES_OF_87,
			bodyData: purchase({ product_id: '91', items: [{ product_id: 87, purchase_type: 'bump' }] }),
		});

		expect((await trigger.webhook.call(other.context)).workflowData).toBeUndefined();
		expect((await trigger.webhook.call(bump.context)).workflowData?.[0]).toHaveLength(1);
	});

	it('keeps only the chosen plans, and bump / upsell entries match how the product was bought', async () => {
		const parameters = { ...PURCHASES_OF_87, planIds: ['installments', 'upsell'] };
		const full = fakeWebhook({ parameters, bodyData: purchase() });
		const installments = fakeWebhook({
			parameters,
			bodyData: purchase({ payment_plan_id: 'installments' }),
		});
		const upsell = fakeWebhook({ parameters, bodyData: purchase({ purchase_type: 'upsell' }) });

		expect((await trigger.webhook.call(full.context)).workflowData).toBeUndefined();
		expect((await trigger.webhook.call(installments.context)).workflowData?.[0]).toHaveLength(1);
		expect((await trigger.webhook.call(upsell.context)).workflowData?.[0]).toHaveLength(1);
	});

	it('keeps a lead, which carries no plan, under a plan filter', async () => {
		const { context } = fakeWebhook({
			parameters: {
				event: 'lead',
				productId: '87',
				planIds: ['full'],
				pricesInCents: false,
				verifyDeliveries: false,
			},
			bodyData: { trigger: 'lead', customer_email: 'lead@example.com', product_id: '87' },
		});

		const response = await trigger.webhook.call(context);

		expect(response.workflowData?.[0]?.[0]?.json).toMatchObject({
			trigger: 'lead',
			customer_email: 'lead@example.com',
		});
	});

	it('reads a form-encoded body n8n did not parse from the raw bytes', async () => {
		const { context } = fakeWebhook({
			parameters: PURCHASES_OF_87,
			bodyData: {},
			rawBody: Buffer.from(
				'trigger=purchased&id=7&product_id=87&items[0][product_name]=Kit&items[0][quantity]=2',
			),
		});

		const response = await trigger.webhook.call(context);

		expect(response.workflowData?.[0]?.[0]?.json).toMatchObject({
			trigger: 'purchased',
			id: 7,
			items: [{ product_name: 'Kit', quantity: 2 }],
		});
	});

	it('ignores an empty delivery', async () => {
		const fake = fakeWebhook({ parameters: PURCHASES_OF_87, bodyData: {} });

		const response = await trigger.webhook.call(fake.context);

		expect(response).toEqual({ noWebhookResponse: true });
		expect(answerOf(fake.response)).toEqual({ status: 200, body: { received: 0 } });
	});
});

/** What the store got back: the status and JSON body the node wrote itself. */
function answerOf(response: unknown): { status: number; body: unknown } {
	if (!(response instanceof RecordedResponse)) throw new Error('expected the recorded response');
	return { status: response.statusCode, body: response.json() };
}

describe('trigger webhook() answers the store itself, once, before anything else', () => {
	it.each([
		['a delivery that starts the workflow', purchase(), 1, true],
		['a list of two', [purchase({ id: 1 }), purchase({ id: 2 })], 2, true],
		['an event for another trigger', purchase({ trigger: 'refunded' }), 1, false],
		['another product', purchase({ product_id: '91' }), 1, false],
	])(
		'%s: 200 with the number of records received, and no second answer from n8n',
		async (_what, body, received, started) => {
			const fake = fakeWebhook({ parameters: PURCHASES_OF_87, bodyData: body as object });

			const response = await trigger.webhook.call(fake.context);

			expect(answerOf(fake.response)).toEqual({ status: 200, body: { received } });
			expect((fake.response as RecordedResponse).writes).toBe(1);
			expect(response.noWebhookResponse).toBe(true);
			expect(response.webhookResponse).toBeUndefined();
			expect(response.workflowData !== undefined).toBe(started);
		},
	);

	it('a credential that names no usable store: answered 200 all the same, nothing starts, and the log says why', async () => {
		const fake = fakeWebhook({
			parameters: { ...PURCHASES_OF_87, verifyDeliveries: true },
			credentials: { storeUrl: 'not a store', apiKey: 'k' },
			bodyData: purchase(),
		});

		const response = await trigger.webhook.call(fake.context);

		// The store never sends a delivery again: an error answer would lose the sale just the same,
		// and reading the credential first would hold every answer behind it.
		expect(answerOf(fake.response)).toEqual({ status: 200, body: { received: 1 } });
		expect((fake.response as RecordedResponse).credentialReadsBefore).toBe(0);
		expect(response).toEqual({ noWebhookResponse: true });
		expect(fake.logs).toEqual([
			expect.stringMatching(
				/^error: Commerce Service Trigger: a delivery of 1 record\(s\) was answered but could not be admitted: .*is not a store URL/,
			),
		]);
	});

	it('a Product link to another site: answered 200, nothing starts, and the log names the link expected', async () => {
		const fake = fakeWebhook({
			parameters: {
				...PURCHASES_OF_87,
				productId: {
					__rl: true,
					mode: 'url',
					value: 'https://other.example.com/?post_type=sc_product&p=87',
				},
			},
			bodyData: purchase(),
		});

		const response = await trigger.webhook.call(fake.context);

		expect(answerOf(fake.response)).toEqual({ status: 200, body: { received: 1 } });
		expect(response).toEqual({ noWebhookResponse: true });
		expect(fake.logs).toEqual([expect.stringMatching(/could not be admitted: .*Product/)]);
	});

	it('with verification off, no store is needed to answer', async () => {
		const fake = fakeWebhook({
			parameters: PURCHASES_OF_87,
			credentials: { storeUrl: 'not a store', apiKey: 'k' },
			bodyData: purchase(),
		});

		const response = await trigger.webhook.call(fake.context);

		expect(answerOf(fake.response)).toEqual({ status: 200, body: { received: 1 } });
		expect(response.workflowData?.[0]).toHaveLength(1);
	});
});
