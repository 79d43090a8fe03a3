import { ROOT } from '../support/n8n/context';
import { executeNode } from '../support/n8n/execute';
import { subscription } from '../support/n8n/fixtures';
import { useRecordReads } from '../support/recordReads';

describe('the router with several input items', () => {
	const reads = useRecordReads();

	it('runs the operation once per item and pairs each output with its input', async () => {
		reads.answer('subscriptions', 1, 200, subscription(1));
		reads.answer('subscriptions', 2, 200, subscription(2));
		const { output } = await executeNode({
			parameters: { resource: 'subscription', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
			itemParameters: [{ subscriptionId: '1' }, { subscriptionId: '2' }],
		});

		expect(reads.paths).toEqual([`${ROOT}/subscriptions/1`, `${ROOT}/subscriptions/2`]);
		expect(output?.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[2, { item: 1 }],
		]);
	});
});
