import nock from 'nock';

import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { ORIGIN, ROOT, fakeExecute } from '../support/n8n/context';
import { useNock } from '../support/nock';

const node = new CommerceService();

useNock();

function getMany(dateAfter: unknown) {
	return fakeExecute({
		parameters: {
			resource: 'order',
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			filters: { dateAfter },
			sort: {},
		},
	});
}

describe('Get Many → Created After (docs/dates.md#dates-you-type)', () => {
	it('a picked day is the store day as written: no zone read', async () => {
		const scope = nock(ORIGIN)
			.get(`${ROOT}/orders`)
			.query({ page: '1', per_page: '1', date_after: '2026-11-24' })
			.reply(200, [])
			.get('/wp-json/')
			.reply(200, { timezone_string: 'Asia/Kolkata', gmt_offset: 5.5 });
		await node.execute.call(getMany('2026-11-24T00:00:00').context);
		// The empty answer has no times: the index was never needed.
		expect(scope.pendingMocks()).toEqual([`GET ${ORIGIN}:443/wp-json/`]);
		nock.cleanAll();
	});

	it('a moment such as $now is the store day at that moment (New York is still on the 23rd)', async () => {
		const scope = nock(ORIGIN)
			.get('/wp-json/')
			.reply(200, { timezone_string: 'America/New_York', gmt_offset: -5 })
			.get(`${ROOT}/orders`)
			.query({ page: '1', per_page: '1', date_after: '2026-11-23' })
			.reply(200, [{ id: 9, date: '2026-11-24', date_time: '2026-11-24 15:00:00' }]);
		const luxonNow = { toISO: () => '2026-11-24T03:30:00.000+01:00' };
		const [output] = await node.execute.call(getMany(luxonNow).context);
		scope.done();
		expect(output?.[0]?.json).toMatchObject({ id: 9, date_time_iso: '2026-11-24T15:00:00Z' });
	});

	it('refuses what is not a date, naming the field, before any request', async () => {
		const { context, sent } = getMany('next friday');
		await expect(node.execute.call(context)).rejects.toThrow(
			'Created After "next friday" is not a date',
		);
		expect(sent).toHaveLength(0);
	});
});
