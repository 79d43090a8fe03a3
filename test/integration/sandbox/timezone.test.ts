/** The sandbox's site zone (sandbox/README.md, "Time zone"): the index, the admin API, and how times are written. */
import { useSandbox } from '../support/sandbox';

const KEY = 'tz-key-3310';

describe('the sandbox site zone', () => {
  const sandbox = useSandbox({ profile: 'real', apiKey: KEY, size: 60, seed: 2, quiet: true });

  const get = async (path: string): Promise<unknown> =>
    (await fetch(`${sandbox.url}${path}`, { headers: { 'x-api-key': KEY } })).json();
  const put = (body: unknown) =>
    fetch(`${sandbox.url}/sandbox/v1/config`, { method: 'PUT', body: JSON.stringify(body) });

  test('the real profile is a New York site: the index says so on both permalink forms, with the offset at the store clock', async () => {
    await put({ clock: '2026-07-01T12:00:00Z' });
    expect(await get('/wp-json/')).toMatchObject({ timezone_string: 'America/New_York', gmt_offset: -4 });
    await put({ clock: '2026-12-01T12:00:00Z' });
    expect(await get('/?rest_route=/')).toMatchObject({ timezone_string: 'America/New_York', gmt_offset: -5 });
  });

  test('a manual offset: empty timezone_string and a fractional gmt_offset; config shows both settings', async () => {
    const response = await put({ timezone: 'UTC+5:45', clock: '2026-11-24T04:58:00Z' });
    expect(await response.json()).toMatchObject({ timezone: 'UTC+5:45', clock: '2026-11-24T04:58:00.000Z' });
    expect(await get('/wp-json/')).toMatchObject({ timezone_string: '', gmt_offset: 5.75 });
  });

  test('bad settings are refused with what is accepted', async () => {
    const zone = await put({ timezone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(JSON.stringify(await zone.json())).toContain('America/New_York');
    const clock = await put({ clock: '2026-11-24 04:58' });
    expect(clock.status).toBe(400);
  });

  test('an order placed at 23:30 in New York: date on the 23rd, date_time on the 24th in UTC, invoice local', async () => {
    sandbox.setClock('2026-11-24T04:29:00Z');
    const { event } = (await (
      await fetch(`${sandbox.url}/sandbox/v1/events`, { method: 'POST', body: JSON.stringify({ type: 'active' }) })
    ).json()) as { event: { id: number } };
    const subscription = (await get(`/wp-json/sc/v1/subscriptions/${event.id}`)) as {
      date: string;
      date_time: string;
      invoices: { date: string; date_time: string }[];
    };
    expect(subscription).toMatchObject({ date: '2026-11-23', date_time: '2026-11-24 04:30:00' });
    expect(subscription.invoices).toEqual([
      expect.objectContaining({ date: '2026-11-23', date_time: '2026-11-23 23:30:00' }),
    ]);
  });

  test("date_after is the site's day: after the end of the 23rd in New York", async () => {
    sandbox.setClock('2026-11-24T04:58:00Z');
    for (let n = 0; n < 3; n += 1)
      await fetch(`${sandbox.url}/sandbox/v1/events`, { method: 'POST', body: JSON.stringify({ type: 'purchased' }) });
    const after23 = (await get('/wp-json/sc/v1/orders?date_after=2026-11-23&per_page=100')) as { date: string }[];
    // 04:59, 05:00 and 05:01 UTC: 23:59 on the 23rd, then 00:00 and 00:01 on the 24th in New York.
    expect(after23.map((order) => order.date)).toEqual(['2026-11-24', '2026-11-24']);
    const after22 = (await get('/wp-json/sc/v1/orders?date_after=2026-11-22&per_page=100')) as { date: string }[];
    expect(after22.map((order) => order.date).sort()).toEqual(['2026-11-23', '2026-11-24', '2026-11-24']);
  });
});
