/**
 * The store as nock answers it when its records change between requests (the polling and money suites:
 * lists sorted by modification, thousands of records, changes a REST record does not show). The test
 * holds the records; nock answers every read from them, so the client under test sends real HTTP
 * through its own transport, as in every other unit suite. Sorting is the sandbox's own `sortKey`, the
 * errors its `RestError`s (401 `rest_forbidden_context`, 404 `sc_rest_invalid_id`, `rest_no_route`).
 * Like a real store, REST amounts are what the test gives (cents, say), while latest-orders shows the
 * newest orders in decimals (docs/amounts.md#how-the-unit-is-known).
 */
import nock from 'nock';

import { forbidden, invalidId, noRoute, type RestError } from '../../../sandbox/errors';
import { sortKey } from '../../../sandbox/listing';

import { KEY, ORIGIN, ROOT } from './constants';

type Row = Record<string, unknown>;
type Reply = [number, string, Record<string, string>];

/** What the sandbox's `sortKey` sorts by: `createdAt` and `modifiedAt` in seconds. */
interface Stored {
  id: number;
  createdAt: number;
  modifiedAt: number;
  fields: Row;
}

type Kind = 'orders' | 'subscriptions';

const CLUB_ITEMS = [{ product_name: 'Club', quantity: 1, sub_summary: '$29 / month' }];

export class StoreRecords {
  /** The record reads answered (path and query), apart from the site's zone and latest-orders. */
  readonly requests: string[] = [];
  /** Reads of latest-orders (how a client tells the unit of REST amounts), kept apart from the record reads. */
  readonly latestRequests: string[] = [];
  /** How latest-orders shows a REST amount: a real store's cents as decimals. */
  latestAmount: (restAmount: number) => number = (cents) => cents / 100;
  /** When set, every request answers this status (a failing store). */
  failWith: number | null = null;
  private readonly rows: Record<Kind, Stored[]> = { orders: [], subscriptions: [] };
  private nextId = 100;
  private time = 1_000;

  /** A new order (paid one-off unless told otherwise); returns its id. */
  order(fields: Row = {}): number {
    return this.add('orders', {
      customer_email: `buyer${this.nextId}@example.com`,
      product_id: '12',
      payment_plan_id: 'one-off',
      status: 'paid',
      items: [{ product_name: 'Thing', quantity: 1, sub_summary: '$19.00' }],
      ...fields,
    });
  }

  /** A checkout of a recurring plan: the first order, then the subscription listing it. */
  subscribe(fields: Row = {}): { orderId: number; subscriptionId: number } {
    const orderId = this.order({ product_id: '30', payment_plan_id: 'monthly', items: CLUB_ITEMS });
    const subscriptionId = this.add('subscriptions', {
      customer_email: `member${this.nextId}@example.com`,
      product_id: '30',
      payment_plan_id: 'monthly',
      status: 'active',
      trial_days: 0,
      ...fields,
      invoices: [{ id: orderId, status: 'paid' }],
    });
    return { orderId, subscriptionId };
  }

  /** A renewal charge: a new order, and the subscription lists it (which changes the subscription). */
  renew(subscriptionId: number, status = 'paid'): number {
    const orderId = this.order({ product_id: '30', payment_plan_id: 'monthly', status, items: CLUB_ITEMS });
    const invoices = this.find('subscriptions', subscriptionId).fields.invoices as Row[];
    this.update('subscriptions', subscriptionId, { invoices: [...invoices, { id: orderId, status }] });
    return orderId;
  }

  /** A change to a record: its fields, and its modification time. */
  update(kind: Kind, id: number, fields: Row): void {
    const row = this.find(kind, id);
    row.fields = { ...row.fields, ...fields };
    row.modifiedAt = this.tick();
  }

  /** A modification the REST record does not show (a note, a meta field). */
  touch(kind: Kind, id: number): void {
    this.find(kind, id).modifiedAt = this.tick();
  }

  record(kind: Kind, id: number): Row {
    return this.render(this.find(kind, id));
  }

  private add(kind: Kind, fields: Row): number {
    const id = this.nextId;
    this.nextId += 1;
    const at = this.tick();
    this.rows[kind].push({ id, createdAt: at, modifiedAt: at, fields });
    return id;
  }

  private tick(): number {
    this.time += 60;
    return this.time;
  }

  private find(kind: Kind, id: number): Stored {
    const row = this.rows[kind].find((candidate) => candidate.id === id);
    if (!row) throw new Error(`store records: no ${kind} ${id}`);
    return row;
  }

  private render(row: Stored): Row {
    return {
      id: row.id,
      date_time: new Date(row.createdAt * 1000).toISOString().slice(0, 19).replace('T', ' '),
      ...row.fields,
    };
  }

  /** A GET: the site's zone (docs/dates.md: public, key or not, and not a store read), or a record read. */
  readAnswer(url: URL, key: unknown): Reply {
    if (url.pathname === '/wp-json/')
      return json(200, { name: 'Shop', timezone_string: 'UTC', gmt_offset: 0, namespaces: ['sc/v1'] });
    this.requests.push(url.pathname + url.search);
    if (this.failWith !== null)
      return json(this.failWith, { code: 'internal_server_error', message: 'Boom', data: { status: this.failWith } });
    if (key !== KEY) return restError(forbidden(false));
    const path = url.pathname.slice(ROOT.length);
    const one = /^\/(orders|subscriptions)\/(\d+)$/.exec(path);
    if (one) {
      const row = this.rows[one[1] as Kind].find((candidate) => candidate.id === Number(one[2]));
      return row ? json(200, this.render(row)) : restError(invalidId());
    }
    const list = /^\/(orders|subscriptions)$/.exec(path);
    if (!list) return restError(noRoute());
    const query = Object.fromEntries(url.searchParams);
    const { orderby = 'date_created', order = 'desc', page = '1', per_page = '10' } = query;
    const sorted = [...this.rows[list[1] as Kind]].sort(sortKey(orderby));
    if (order === 'desc') sorted.reverse();
    const size = Number(per_page);
    const start = (Number(page) - 1) * size;
    return json(
      200,
      sorted.slice(start, start + size).map((row) => this.render(row)),
      { 'x-wp-total': String(sorted.length), 'x-wp-totalpages': String(Math.ceil(sorted.length / size)) },
    );
  }

  /** The 10 newest orders as latest-orders records (docs/service/shapes.md#latest-order-record). */
  latestAnswer(url: URL): Reply {
    this.latestRequests.push(url.pathname + url.search);
    if (this.failWith !== null || url.searchParams.get('api_key') !== KEY)
      return json(this.failWith ?? 401, { code: 'error', message: 'Refused', data: { status: this.failWith ?? 401 } });
    const newest = [...this.rows.orders].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).slice(0, 10);
    if (newest.length === 0)
      return json(404, {
        code: 'no_orders',
        message: 'there are no orders for this product yet',
        data: { status: 404 },
      });
    return json(
      200,
      newest.map(({ id, fields }) => ({
        order_id: id,
        order_status: String(fields.status ?? ''),
        customer_email: String(fields.customer_email ?? ''),
        product_id: String(fields.product_id ?? ''),
        order_amount: (typeof fields.order_amount === 'number' ? this.latestAmount(fields.order_amount) : 0).toFixed(2),
        currency: String(fields.currency ?? 'USD'),
      })),
    );
  }
}

/**
 * New records, served by nock at `ORIGIN` for the rest of the test (the nock lifecycle of `nock.ts`
 * removes them after it): every GET, and the one POST a read makes, latest-orders, which takes the key
 * as `api_key`. What a test asked is read from `requests` and `latestRequests`, not from expectations.
 */
export function serveRecords(): StoreRecords {
  const records = new StoreRecords();
  const scope = nock(ORIGIN).persist();
  scope
    .get(/.*/)
    .optionally()
    .reply(function (uri) {
      return records.readAnswer(new URL(uri, ORIGIN), this.req.headers['x-api-key']);
    });
  scope
    .post(/\/webhook\/latest-orders\//)
    .query(true)
    .optionally()
    .reply((uri) => records.latestAnswer(new URL(uri, ORIGIN)));
  return records;
}

function restError(error: RestError): Reply {
  return json(error.status, error.toBody());
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return [status, JSON.stringify(body), { 'content-type': 'application/json', ...headers }];
}
