import nock from 'nock';

import { ORIGIN, ROOT } from '../support/n8n/context';
import { executeNode } from '../support/n8n/execute';
import { NO_SUBSCRIPTIONS } from '../support/salesSummary';

/** A store in `zone` whose orders since 31 October and whose subscriptions are these. */
function storeWith(
	zone: { timezone_string: string; gmt_offset: number },
	orders: object[],
	subscriptions: object[],
): nock.Scope {
	return nock(ORIGIN)
		.get('/wp-json/')
		.reply(200, zone)
		.get(`${ROOT}/orders`)
		.query({ page: '1', per_page: '100', date_after: '2026-10-31' })
		.reply(200, orders)
		.get(`${ROOT}/subscriptions`)
		.query({ page: '1', per_page: '100' })
		.reply(200, subscriptions);
}

/** The summary of 1 November 2026 (a Custom period of one day), in a fresh process. */
async function summaryOfNovemberFirst(parameters: Record<string, string> = {}) {
	const { output } = await executeNode({
		freshProcess: true,
		parameters: {
			resource: 'order',
			operation: 'getSalesSummary',
			period: 'custom',
			from: '2026-11-01T00:00:00',
			to: '2026-11-01T00:00:00',
			...parameters,
		},
	});
	return output;
}

/** An order of the store's list, paid unless `more` says otherwise. */
function order(id: number, dateTime: string, amount: number, currency: string, more: object = {}) {
	return { id, status: 'paid', date_time: dateTime, order_amount: amount, currency, ...more };
}

/** An active subscription of the store's list, billed every `interval`. */
function subscription(
	id: number,
	amount: number,
	interval: string,
	currency: string,
	more: object = {},
) {
	return { id, status: 'active', amount, interval, frequency: '1', currency, ...more };
}

describe('Order → Get Sales Summary', () => {
	it('sums a Custom period in one item, with MRR from every subscription', async () => {
		const scope = storeWith(
			{ timezone_string: 'Asia/Kolkata', gmt_offset: 5.5 },
			[
				// 23:00 on the 1st in Kolkata is 17:30 UTC.
				order(2, '2026-11-01 17:30:00', 20.5, 'INR', { status: 'completed' }),
				order(1, '2026-10-31 18:00:00', 99.5, 'INR'),
			],
			[subscription(7, 120.5, 'year', 'INR')],
		);
		const output = await summaryOfNovemberFirst();

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
		const scope = storeWith(
			{ timezone_string: 'UTC', gmt_offset: 0 },
			[order(1, '2026-11-01 10:00:00', 25, 'USD', { product_id: '12' })],
			[subscription(7, 30, 'month', 'USD', { product_id: '30' })],
		);
		const output = await summaryOfNovemberFirst({ productId: '12' });

		scope.done();
		expect(output?.[0]?.json).toMatchObject({
			product_id: '12',
			orders: 1,
			...NO_SUBSCRIPTIONS,
			mrr: [{ currency: 'USD', mrr: 0, subscriptions: 0 }],
			subscriptions_read: 1,
		});
		expect(String(output?.[0]?.json.summary_text)).toMatch(
			/No active subscriptions \(MRR 0\); 0 in trial\.$/,
		);
	});
});
