import type { IDataObject, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { fakeExecute, fakeWebhook } from '../support/n8n/context';
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

/** The records `webhook()` handed on to the execution it starts (none: it starts nothing). */
function handedOn(response: IWebhookResponseData): IDataObject[] | undefined {
	return response.workflowData?.[0]?.map((item) => item.json.record as IDataObject);
}

describe('trigger webhook()', () => {
	it('emits the delivered event as one item, with the shared parser’s types', async () => {
		const { context } = fakeWebhook({ parameters: PURCHASES_OF_87, bodyData: purchase() });

		const response = await trigger.webhook.call(context);

		expect(handedOn(response)).toEqual([
			expect.objectContaining({
				trigger: 'purchased',
				id: 1042,
				product_id: '87',
				order_amount: 168,
				items: [expect.objectContaining({ total_amount: 149 })],
			}),
		]);
	});

	it('emits one item per record when the store sends a list', async () => {
		const { context } = fakeWebhook({
			parameters: PURCHASES_OF_87,
			bodyData: [purchase({ id: 1 }), purchase({ id: 2 })] as unknown as object,
		});

		const response = await trigger.webhook.call(context);

		expect(handedOn(response)?.map((record) => record.id)).toEqual([1, 2]);
	});

	it('drops an event of another kind without starting the workflow', async () => {
		const { context } = fakeWebhook({
			parameters: PURCHASES_OF_87,
			bodyData: purchase({ trigger: 'refunded' }),
		});

		const response = await trigger.webhook.call(context);

		expect(response).toEqual({ webhookResponse: { received: 1 } });
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

		expect(handedOn(response)?.[0]).toMatchObject({
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

		expect(handedOn(response)?.[0]).toMatchObject({
			trigger: 'purchased',
			id: 7,
			items: [{ product_name: 'Kit', quantity: 2 }],
		});
	});

	it('ignores an empty delivery', async () => {
		const fake = fakeWebhook({ parameters: PURCHASES_OF_87, bodyData: {} });

		const response = await trigger.webhook.call(fake.context);

		expect(response).toEqual({ webhookResponse: { received: 0 } });
	});
});

describe('trigger webhook() leaves the answer to n8n and reads nothing for it', () => {
	it.each([
		['a delivery that starts the workflow', purchase(), 1, true],
		['a list of two', [purchase({ id: 1 }), purchase({ id: 2 })], 2, true],
		['an event for another trigger', purchase({ trigger: 'refunded' }), 1, false],
		['another product', purchase({ product_id: '91' }), 1, false],
	])(
		'%s: the number of records received for n8n to answer with; no request, no credential read',
		async (_what, body, received, started) => {
			const fake = fakeWebhook({
				parameters: { ...PURCHASES_OF_87, verifyDeliveries: true },
				bodyData: body as object,
			});

			const response = await trigger.webhook.call(fake.context);

			expect(response.webhookResponse).toEqual({ received });
			expect(response.noWebhookResponse).toBeUndefined();
			expect((fake.response as RecordedResponse).writes).toBe(0);
			expect({ requests: fake.sent.length, credentialReads: fake.credentialReads.length }).toEqual({
				requests: 0,
				credentialReads: 0,
			});
			expect(response.workflowData !== undefined).toBe(started);
		},
	);

	it('a Product link to another site: handed on (a link needs the store), and the execution fails naming the link expected', async () => {
		const parameters = {
			...PURCHASES_OF_87,
			productId: {
				__rl: true,
				mode: 'url',
				value: 'https://other.example.com/?post_type=sc_product&p=87',
			},
		};
		const hook = fakeWebhook({ parameters, bodyData: purchase() });

		const response = await trigger.webhook.call(hook.context);

		expect(hook.credentialReads).toEqual([]);
		const run = fakeExecute({
			parameters,
			items: response.workflowData?.[0] as INodeExecutionData[],
			nodeType: 'commerceServiceTrigger',
		});
		await expect(trigger.execute.call(run.context)).rejects.toThrow(/Product/);
	});
});
