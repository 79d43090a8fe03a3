import nock from 'nock';

import { ORIGIN, ROOT } from '../support/n8n/context';
import { executeNode } from '../support/n8n/execute';
import { subscription } from '../support/n8n/fixtures';

describe('the router with several input items', () => {
	it('runs the operation once per item and pairs each output with its input', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/subscriptions/1`)
			.reply(200, subscription(1))
			.get(`${ROOT}/subscriptions/2`)
			.reply(200, subscription(2));
		const { output } = await executeNode({
			parameters: { resource: 'subscription', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
			itemParameters: [{ subscriptionId: '1' }, { subscriptionId: '2' }],
		});

		scope.done();
		expect(output?.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[2, { item: 1 }],
		]);
	});
});
