import nock from 'nock';

import { ORIGIN, ROOT } from '../support/n8n/context';
import { executeNode } from '../support/n8n/execute';

describe('Order → Get Sales Summary', () => {
	it('sums a Custom period in one item, with MRR from every subscription', async () => {
		const scope = nock(ORIGIN)
			.get('/wp-json/')
			.reply(200, { timezone_string: 'Asia/Kolkata', gmt_offset: 5.5 })
			.get(`${ROOT}/orders`)
			.query({ page: '1', per_page: '100', date_after: '2026-10-31' })
			.reply(200, [
				// 23:00 on the 1st in Kolkata is 17:30 UTC.
				{
					id: 2,
					status: 'completed',
					date_time: '2026-11-01 17:30:00',
					order_amount: 20.5,
					currency: 'INR',
				},
				{
					id: 1,
					status: 'paid',
					date_time: '2026-10-31 18:00:00',
					order_amount: 99.5,
					currency: 'INR',
				},
			])
			.get(`${ROOT}/subscriptions`)
			.query({ page: '1', per_page: '100' })
			.reply(200, [
				{
					id: 7,
					status: 'active',
					amount: 120.5,
					interval: 'year',
					frequency: '1',
					currency: 'INR',
				},
			]);
		const { output } = await executeNode({
			freshProcess: true,
			parameters: {
				resource: 'order',
				operation: 'getSalesSummary',
				period: 'custom',
				from: '2026-11-01T00:00:00',
				to: '2026-11-01T00:00:00',
			},
		});

		scope.done();
		expect(output).toHaveLength(1);
		expect(output?.[0]?.json).toMatchObject({
			first_day: '2026-11-01',
			starts_at: '2026-11-01T00:00:00+05:30',
			orders: 1,
			currencies: [{ currency: 'INR', orders: 1, gross: 20.5, net: 20.5 }],
			// 120.50 a year: 10.0416… a month.
			mrr: [{ currency: 'INR', mrr: 10.04, subscriptions: 1 }],
			orders_read: 2,
		});
	});

	it('gives 0, not null, for a product without subscriptions, and an MRR row of 0 per store currency', async () => {
		const scope = nock(ORIGIN)
			.get('/wp-json/')
			.reply(200, { timezone_string: 'UTC', gmt_offset: 0 })
			.get(`${ROOT}/orders`)
			.query({ page: '1', per_page: '100', date_after: '2026-10-31' })
			.reply(200, [
				{
					id: 1,
					status: 'paid',
					date_time: '2026-11-01 10:00:00',
					order_amount: 25,
					currency: 'USD',
					product_id: '12',
				},
			])
			.get(`${ROOT}/subscriptions`)
			.query({ page: '1', per_page: '100' })
			.reply(200, [
				{
					id: 7,
					status: 'active',
					amount: 30,
					interval: 'month',
					frequency: '1',
					currency: 'USD',
					product_id: '30',
				},
			]);
		const { output } = await executeNode({
			freshProcess: true,
			parameters: {
				resource: 'order',
				operation: 'getSalesSummary',
				period: 'custom',
				from: '2026-11-01T00:00:00',
				to: '2026-11-01T00:00:00',
				productId: '12',
			},
		});

		scope.done();
		expect(output?.[0]?.json).toMatchObject({
			product_id: '12',
			orders: 1,
			active_subscriptions: 0,
			past_due_subscriptions: 0,
			trialing_subscriptions: 0,
			new_subscriptions: 0,
			canceled_subscriptions: 0,
			canceled_without_date: 0,
			not_in_mrr: 0,
			mrr: [{ currency: 'USD', mrr: 0, subscriptions: 0 }],
			subscriptions_read: 1,
		});
		expect(String(output?.[0]?.json.summary_text)).toMatch(
			/No active subscriptions \(MRR 0\); 0 in trial\.$/,
		);
	});
});
