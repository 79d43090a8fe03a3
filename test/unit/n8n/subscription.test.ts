import { ROOT } from '../support/n8n/context';
import { executeGet, executeGetManyAnswered } from '../support/n8n/execute';
import { range, subscription } from '../support/n8n/fixtures';

describe('Subscription', () => {
	it('Get sends operation 13', async () => {
		const json = await executeGet(
			'subscription',
			{ subscriptionId: 2051 },
			`${ROOT}/subscriptions/2051`,
			subscription(2051),
		);
		expect(json).toMatchObject({
			id: 2051,
			amount: 2900,
			frequency: '1',
			invoices: [{ id: 2052 }],
		});
	});

	it('Get Many sends operation 12 with its filters and sort', async () => {
		const items = await executeGetManyAnswered(
			'subscription',
			{
				returnAll: false,
				limit: 5,
				filters: { dateAfter: '2026-03-01T10:00:00' },
				sort: { orderBy: 'date_modified', order: 'desc' },
			},
			`${ROOT}/subscriptions`,
			{
				page: '1',
				per_page: '5',
				date_after: '2026-03-01',
				orderby: 'date_modified',
				order: 'desc',
			},
			range(1, 5, subscription),
		);

		expect(items).toHaveLength(5);
	});
});
