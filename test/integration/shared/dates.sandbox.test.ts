/**
 * Instants next to the store's times (docs/dates.md), against the sandbox over real HTTP: on both
 * profiles and both permalink forms, with daylight saving, fractional and manual offsets, an unreadable
 * index, and polling across the site's midnight, a DST change and a change of the site's zone.
 */
import {
  type CommerceServiceClient,
  type HttpRequest,
  type Order,
  type Subscription,
  type Transport,
  pollEvents,
} from '@commerce-service/shared';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import type { Notice } from '../../../shared/src/platform/port';
import { createClient, siteZoneLabel } from '../../../scripts/kit/client';

import { type Sandbox, type SandboxProfile } from '../../../sandbox';
import { useSandbox } from '../support/sandbox';

type PollResult = Awaited<ReturnType<typeof pollEvents>>;

const KEY = 'dates-key-7c21';

interface Counted {
  client: CommerceServiceClient;
  sent: HttpRequest[];
  notices: Notice[];
}

function clientFor(sandbox: Sandbox, apiRoot?: string): Counted {
  const sent: HttpRequest[] = [];
  const notices: Notice[] = [];
  const transport: Transport = {
    sendsGetBody: false,
    send: (request) => {
      sent.push(request);
      return nodeTransport.send(request);
    },
  };
  const client = createClient({
    settings: { storeUrl: sandbox.url, apiKey: KEY, ...(apiRoot ? { apiRoot } : {}) },
    transport,
    timeoutMs: 5000,
    onNotice: (notice) => notices.push(notice),
  });
  return { client, sent, notices };
}

const isIndex = (request: HttpRequest): boolean =>
  request.query.rest_route === '/' || request.url.endsWith('/wp-json/');
const ms = (iso: unknown): number => Date.parse(String(iso));

/** The site's calendar day of an instant written with its offset: the digits before the T. */
const dayOf = (iso: unknown): string => String(iso).slice(0, 10);

describe.each<[SandboxProfile, string, string]>([
  ['spec', 'UTC', '+00:00'],
  ['real', 'America/New_York', '-0'],
])('instants on the %s profile (site zone %s)', (profile, zoneName, offsetStart) => {
  const sandbox = useSandbox({ profile, apiKey: KEY, size: 300, seed: 4, quiet: true });

  test('the index states the zone; one client reads it once for all its reads', async () => {
    const index = (await (await fetch(`${sandbox.url}/wp-json/`)).json()) as Record<string, unknown>;
    expect(index.timezone_string).toBe(zoneName);
    expect(typeof index.gmt_offset).toBe('number');

    const { client, sent, notices } = clientFor(sandbox);
    const orders = (await client.listOrders({ per_page: 20 })).items;
    const subscriptions = (await client.listSubscriptions({ per_page: 20 })).items;
    await client.getCustomer((await client.listCustomers({ per_page: 1 })).items[0]?.id ?? 1);
    await client.listProducts();
    expect(sent.filter(isIndex)).toHaveLength(1);
    expect(notices).toEqual([]);
    expect(await siteZoneLabel(client)).toBe(zoneName);

    for (const order of orders) {
      const record = order as Order & Record<string, unknown>;
      // The store's strings stay as they were; the instant is the UTC string with Z.
      expect(record.date_time_iso).toBe(`${order.date_time.replace(' ', 'T')}Z`);
      // `date` is the site's day of that moment.
      const local = new Intl.DateTimeFormat('en-CA', { timeZone: zoneName }).format(ms(record.date_time_iso));
      expect(order.date).toBe(local);
    }
    const withInvoices = subscriptions.filter((subscription) => subscription.invoices.length > 0);
    expect(withInvoices.length).toBeGreaterThan(0);
    for (const subscription of withInvoices) {
      for (const invoice of subscription.invoices as (Subscription['invoices'][number] & Record<string, unknown>)[]) {
        // Invoice times are site-local: written with the site's offset, and the same moment as the order.
        expect(String(invoice.date_time_iso)).toContain(offsetStart);
        const order = (await client.getOrder(invoice.id)) as Order & Record<string, unknown>;
        expect(ms(invoice.date_time_iso)).toBe(ms(order.date_time_iso));
        expect(dayOf(invoice.date_time_iso)).toBe(order.date);
      }
    }
    expect(sent.filter(isIndex)).toHaveLength(1);
  });

  test('latest orders and customers carry instants too', async () => {
    await sandbox.fireEvent({ type: 'purchased' });
    const { client } = clientFor(sandbox);
    const [latest] = (await client.latestOrders()) as Record<string, unknown>[];
    if (profile === 'real') expect(latest?.date_time_iso).toMatch(/Z$/);
    const customer = (await client.listCustomers({ per_page: 1 })).items[0] as unknown as Record<string, unknown>;
    expect(customer.date_created_iso).toMatch(new RegExp(`^${String(customer.date_created).replace(' ', 'T')}[+-]`));
  });

  test('on plain permalinks the index is read through ?rest_route=/', async () => {
    sandbox.setDeviations({ plainPermalinks: true });
    const { client, sent, notices } = clientFor(sandbox, '?rest_route=/sc/v1');
    const product = (await client.listProducts({ per_page: 1 })).items[0] as unknown as Record<string, unknown>;
    expect(sent.filter(isIndex).map((request) => request.query)).toEqual([{ rest_route: '/' }]);
    expect(notices).toEqual([]);
    expect(product.date_updated_iso).toMatch(/[+-]\d{2}:\d{2}$/);
  });
});

describe('site zones and an unreadable index', () => {
  const sandbox = useSandbox({ profile: 'real', apiKey: KEY, size: 200, seed: 9, quiet: true });

  test.each([
    ['Asia/Kathmandu', '+05:45'],
    ['UTC+5:30', '+05:30'],
    ['UTC-3:30', '-03:30'],
  ])('%s: customer times carry %s', async (zone, offset) => {
    sandbox.setTimezone(zone);
    const { client } = clientFor(sandbox);
    const customers = (await client.listCustomers({ per_page: 10 })).items as unknown as Record<string, unknown>[];
    for (const customer of customers) expect(String(customer.date_created_iso)).toMatch(new RegExp(`\\${offset}$`));
    if (zone.startsWith('UTC')) {
      const index = (await (await fetch(`${sandbox.url}/wp-json/`)).json()) as Record<string, unknown>;
      expect(index.timezone_string).toBe('');
    }
  });

  test('an index behind an HTML page: records go on, UTC times keep instants, local ones are empty, a notice says why', async () => {
    sandbox.setFaults({ html: { status: 403 }, onlyPaths: '^/$' });
    const { client, notices } = clientFor(sandbox);
    const subscription = (await client.listSubscriptions({ per_page: 5 })).items.find(
      (record) => record.invoices.length > 0,
    ) as unknown as Record<string, unknown>;
    expect(subscription.date_time_iso).toMatch(/Z$/);
    for (const invoice of subscription.invoices as Record<string, unknown>[]) {
      expect(invoice.date_time).toMatch(/^\d{4}-/);
      // A REST record has every field: no guess, an empty instant.
      expect(invoice.date_time_iso).toBe('');
    }
    expect(notices).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining('could not be read from its REST index (/wp-json/: it answered HTTP 403)'),
      },
    ]);
    expect(notices[0]?.message).not.toContain(KEY);
  });
});

describe('polling compares records, not the site-local strings', () => {
  const sandbox = useSandbox({ profile: 'real', apiKey: KEY, size: 200, seed: 13, quiet: true });

  /** A polling trigger whose every poll is a new client (as a real poll is), with the state passed on. */
  function trigger(event: string): { poll(): Promise<PollResult> } {
    let state: unknown;
    return {
      async poll() {
        const result = await pollEvents({ client: clientFor(sandbox).client, filters: { event }, state });
        state = JSON.parse(JSON.stringify(result.state));
        return result;
      },
    };
  }

  async function purchase(): Promise<number> {
    const [delivery] = await Promise.all([sandbox.fireEvent({ type: 'purchased' })]);
    expect(delivery).toEqual([]);
    const { client } = clientFor(sandbox);
    return (await client.listOrders({ per_page: 1, orderby: 'id', order: 'desc' })).items[0]?.id ?? 0;
  }

  test.each([
    ["the site's midnight", '2026-11-24T04:57:00Z'],
    ['the autumn DST change (01:00-02:00 happens twice)', '2026-11-01T05:57:00Z'],
    ['the spring DST change (02:00-03:00 never happens)', '2026-03-08T06:57:00Z'],
  ])('purchases around %s are each emitted once', async (_what, clock) => {
    sandbox.setClock(clock);
    const purchases = trigger('purchased');
    expect((await purchases.poll()).events).toEqual([]);
    const emitted: number[] = [];
    const days = new Set<string>();
    for (let n = 0; n < 5; n += 1) {
      const id = await purchase();
      const { events } = await purchases.poll();
      expect(events.map((event) => event.id)).toEqual([id]);
      emitted.push(id);
      days.add(String(events[0]?.date));
    }
    // The five minutes cross the change: the site's day (or offset) differs between the first and last.
    const offsets = new Set(
      (await clientFor(sandbox).client.listOrders({ per_page: 5, orderby: 'id', order: 'desc' })).items.map((order) =>
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })
          .format(ms((order as Order & Record<string, unknown>).date_time_iso))
          .slice(-3),
      ),
    );
    expect(days.size + offsets.size).toBeGreaterThan(2);
    expect(new Set(emitted).size).toBe(5);
    expect((await purchases.poll()).events).toEqual([]);
  });

  test("a change of the site's zone between polls replays nothing and misses nothing", async () => {
    const purchases = trigger('purchased');
    expect((await purchases.poll()).events).toEqual([]);
    const before = await purchase();
    expect((await purchases.poll()).events.map((event) => event.id)).toEqual([before]);
    sandbox.setTimezone('Asia/Kolkata');
    const quiet = await purchases.poll();
    // Orders whose site-local `date` moved to another day did change in the store's own strings: the
    // walk reads them, and emits none (their status did not change).
    expect(quiet.events).toEqual([]);
    const after = await purchase();
    const { events } = await purchases.poll();
    expect(events.map((event) => event.id)).toEqual([after]);
    expect(String(events[0]?.date_time_iso)).toMatch(/Z$/);
  });
});
