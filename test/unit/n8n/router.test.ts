import nock from 'nock';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { ORIGIN, ROOT, fakeExecute } from '../support/n8n/context';
import { useNock } from '../support/nock';
import { subscription } from '../support/n8n/fixtures';

const node = new CommerceService();

useNock();

describe('the router with several input items', () => {
	it('runs the operation once per item and pairs each output with its input', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/subscriptions/1`)
			.reply(200, subscription(1))
			.get(`${ROOT}/subscriptions/2`)
			.reply(200, subscription(2));
		const { context } = fakeExecute({
			parameters: { resource: 'subscription', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
			itemParameters: [{ subscriptionId: '1' }, { subscriptionId: '2' }],
		});

		const [output] = await node.execute.call(context);

		scope.done();
		expect(output?.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[2, { item: 1 }],
		]);
	});
});
