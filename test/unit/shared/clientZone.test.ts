/** The client reads the site's zone once, from the REST index, and every read gets its instants (docs/dates.md). */
import type { Notice } from '../../../shared/src/platform/port';
import { siteZoneLabel } from '../../../scripts/kit/client';
import { KEY, ROOT, clientFor, store } from '../support/shared';

const NEW_YORK_INDEX = { name: 'Shop', timezone_string: 'America/New_York', gmt_offset: -5, namespaces: ['sc/v1'] };

describe('the site zone of a client', () => {
  it('is read once, without the key, after the first dated answer; every later read reuses it', async () => {
    let indexHeaders: Record<string, unknown> = {};
    store()
      .get(`${ROOT}/customers`)
      .query(true)
      .reply(200, [{ id: 1, date_created: '2026-11-01 01:30:00', last_order_date: '2026-03-08 02:30:00' }])
      .get('/wp-json/')
      .reply(function () {
        indexHeaders = this.req.headers;
        return [200, NEW_YORK_INDEX];
      })
      .get(`${ROOT}/orders/7`)
      .reply(200, { id: 7, date: '2026-11-23', date_time: '2026-11-24 04:30:00' });
    const client = clientFor();
    const [customer] = (await client.listCustomers()).items as unknown as Record<string, unknown>[];
    expect(customer).toMatchObject({
      date_created: '2026-11-01 01:30:00',
      date_created_iso: '2026-11-01T01:30:00-04:00',
      last_order_date_iso: '2026-03-08T03:30:00-04:00',
    });
    const order = (await client.getOrder(7)) as unknown as Record<string, unknown>;
    expect(order.date_time_iso).toBe('2026-11-24T04:30:00Z');
    expect(indexHeaders['x-api-key']).toBeUndefined();
    expect(await siteZoneLabel(client)).toBe('America/New_York');
  });

  it('is read through ?rest_route=/ when the API root is in that form', async () => {
    store()
      .get('/')
      .query({ rest_route: '/sc/v1/products/87' })
      .reply(200, { id: 87, date_created: '2026-01-15 09:00:00' })
      .get('/')
      .query({ rest_route: '/' })
      .reply(200, { timezone_string: '', gmt_offset: '5.75' });
    const product = (await clientFor({ apiRoot: '?rest_route=/sc/v1' }).getProduct(87)) as unknown as Record<
      string,
      unknown
    >;
    expect(product.date_created_iso).toBe('2026-01-15T09:00:00+05:45');
  });

  it('costs nothing for operations without times, nor for a read that failed', async () => {
    store()
      .get(`${ROOT}/orders/8`)
      .reply(404, { code: 'sc_rest_invalid_id', message: 'Invalid', data: { status: 404 } });
    store()
      .get(`${ROOT}/webhook/products/`)
      .query(true)
      .reply(200, [{ id: 87, name: 'A' }]);
    const client = clientFor();
    await expect(client.getOrder(8)).rejects.toThrow();
    await expect(client.listWebhookProducts()).resolves.toEqual([{ id: 87, name: 'A' }]);
  });

  it('an unreadable index: one notice without the key, UTC instants kept, site-local ones empty', async () => {
    store()
      .get(`${ROOT}/subscriptions/5`)
      .times(2)
      .reply(200, {
        id: 5,
        date_time: '2026-11-24 04:30:00',
        invoices: [{ id: 6, date_time: '2026-11-23 23:30:00' }],
      })
      .get('/wp-json/')
      .reply(200, '<html><body>Blocked</body></html>', { 'content-type': 'text/html' })
      // A page at /wp-json/ may be plain permalinks: the index is asked once at ?rest_route=/ too.
      .get('/')
      .query({ rest_route: '/' })
      .reply(200, '<html><body>Blocked</body></html>', { 'content-type': 'text/html' });
    const notices: Notice[] = [];
    const client = clientFor({}, { onNotice: (notice) => notices.push(notice) });
    for (let i = 0; i < 2; i += 1) {
      const subscription = (await client.getSubscription(5)) as unknown as Record<string, unknown>;
      expect(subscription.date_time_iso).toBe('2026-11-24T04:30:00Z');
      expect(subscription.invoices).toMatchObject([{ id: 6, date_time: '2026-11-23 23:30:00', date_time_iso: '' }]);
    }
    expect(notices).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(
          /shop\.example\.com could not be read from its REST index \(\/wp-json\/: its answer is not JSON\)/,
        ),
      },
    ]);
    expect(JSON.stringify(notices)).not.toContain(KEY);
  });

  it('withInstants gives deliveries instants without filling, and siteDayOf reads the zone only for a moment', async () => {
    store().get('/wp-json/').reply(200, NEW_YORK_INDEX);
    const client = clientFor();
    await expect(client.filterDayOf('2026-11-24')).resolves.toEqual({ day: '2026-11-24', how: 'as-written' });
    await expect(client.filterDayOf('2026-11-24T02:00:00Z')).resolves.toEqual({ day: '2026-11-23', how: 'site-zone' });
    const [delivery] = await client.stampInstants([
      { trigger: 'purchased', date_time: '2026-11-24 04:30:00', date: '' },
    ]);
    expect(delivery).toEqual({
      trigger: 'purchased',
      date_time: '2026-11-24 04:30:00',
      date_time_iso: '2026-11-24T04:30:00Z',
      date: '',
    });
    await expect(client.stampInstants([])).resolves.toEqual([]);
  });
});
