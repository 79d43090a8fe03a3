/**
 * A small in-memory store behind a fake `Transport`, for the polling and money unit tests (records change between polls): orders
 * and subscriptions with a modification time the REST records do not show, sorted by the sandbox's own
 * rule (`sortKey`: `orderby` id, date_created, date_modified; `order`; `page`, `per_page`), answering the
 * sandbox's WordPress errors (401 `rest_forbidden_context`, 404 `sc_rest_invalid_id`, `rest_no_route`),
 * and a switch that makes the store fail. Records the requests it answered. Like a real store, its REST amounts are what the test gives (cents, say), while latest-orders shows
 * the newest orders in decimals (docs/amounts.md#how-the-unit-is-known). `serveOverNock` puts it
 * behind nock for the adapters' own request helpers.
 */
import { createClient } from '../../kit/client';
import nock from 'nock';

import { forbidden, invalidId, noRoute, type RestError } from '../../../sandbox/errors';
import { sortKey } from '../../../sandbox/listing';
import { type CommerceServiceClient, type HttpRequest, type HttpResponse, type Transport } from '../../../shared/src';

const FAKE_KEY = 'fake-store-key-77';

type Row = Record<string, unknown>;

/** What the sandbox's `sortKey` sorts by: `createdAt` and `modifiedAt` in seconds. */
interface Stored {
  id: number;
  createdAt: number;
  modifiedAt: number;
  fields: Row;
}

export type Kind = 'orders' | 'subscriptions';

export class FakeStore {
  readonly requests: HttpRequest[] = [];
  /** Reads of latest-orders (how a client tells the unit of REST amounts), kept apart from the store's reads. */
  readonly latestRequests: HttpRequest[] = [];
  /** How latest-orders shows a REST amount: a real store's cents as decimals. */
  latestAmount: (restAmount: number) => number = (cents) => cents / 100;
  /** When set, every request answers this status (a failing store). */
  failWith: number | null = null;
  private readonly rows: Record<Kind, Stored[]> = { orders: [], subscriptions: [] };
  private nextId = 100;
  private time = 1_000;

  readonly transport: Transport = { sendsGetBody: false, send: (request) => this.answer(request) };

  client(apiKey = FAKE_KEY): CommerceServiceClient {
    return createClient({ settings: { storeUrl: 'shop.example.com', apiKey }, transport: this.transport });
  }

  /** A new order (paid one-off unless told otherwise); returns its id. */
  order(fields: Row = {}): number {
    return this.add('orders', {
      customer_email: `buyer${this.nextId}@example.com`,
      product_id: '12',
      payment_plan_id: 'one-off',
      status: 'paid',
      items: [{ product_name: 'Thing', quantity: 1, sub_summary: '' }],
      ...fields,
    });
  }

  subscription(fields: Row = {}): number {
    return this.add('subscriptions', {
      customer_email: `member${this.nextId}@example.com`,
      product_id: '30',
      payment_plan_id: 'monthly',
      status: 'active',
      trial_days: 0,
      invoices: [],
      ...fields,
    });
  }

  /** A checkout of a recurring plan: the first order, then the subscription listing it. */
  subscribe(fields: Row = {}): { orderId: number; subscriptionId: number } {
    const orderId = this.order({
      product_id: '30',
      payment_plan_id: 'monthly',
      items: [{ product_name: 'Club', quantity: 1, sub_summary: '$29 / month' }],
    });
    const subscriptionId = this.subscription({ ...fields, invoices: [{ id: orderId, status: 'paid' }] });
    return { orderId, subscriptionId };
  }

  /** A renewal charge: a new order, and the subscription lists it (which changes the subscription). */
  renew(subscriptionId: number, status = 'paid'): number {
    const orderId = this.order({
      product_id: '30',
      payment_plan_id: 'monthly',
      status,
      items: [{ product_name: 'Club', quantity: 1, sub_summary: '$29 / month' }],
    });
    const subscription = this.find('subscriptions', subscriptionId);
    const invoices = [...((subscription.fields.invoices as Row[]) ?? []), { id: orderId, status }];
    this.update('subscriptions', subscriptionId, { invoices });
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
    if (!row) throw new Error(`fake store: no ${kind} ${id}`);
    return row;
  }

  private render(row: Stored): Row {
    return {
      id: row.id,
      date_time: new Date(row.createdAt * 1000).toISOString().slice(0, 19).replace('T', ' '),
      ...row.fields,
    };
  }

  private async answer(request: HttpRequest): Promise<HttpResponse> {
    if (/\/wp-json\/$/.test(request.url) || request.query.rest_route === '/') {
      // The site's zone (docs/dates.md): public in every WordPress site, key or not, and not a store read.
      return json(200, { name: 'Fake store', timezone_string: 'UTC', gmt_offset: 0, namespaces: ['sc/v1'] });
    }
    if (/\/webhook\/latest-orders\/$/.test(request.url)) return this.latestOrders(request);
    this.requests.push(request);
    if (this.failWith !== null)
      return json(this.failWith, { code: 'internal_server_error', message: 'Boom', data: { status: this.failWith } });
    if (request.headers['x-api-key'] !== FAKE_KEY) return restError(forbidden(false));
    const path = new URL(request.url).pathname.replace(/^\/wp-json\/sc\/v1/, '');
    const one = /^\/(orders|subscriptions)\/(\d+)$/.exec(path);
    if (one) {
      const row = this.rows[one[1] as Kind].find((candidate) => candidate.id === Number(one[2]));
      if (!row) return restError(invalidId());
      return json(200, this.render(row));
    }
    const list = /^\/(orders|subscriptions)$/.exec(path);
    if (!list) return restError(noRoute());
    const { orderby = 'date_created', order = 'desc', page = '1', per_page = '10' } = request.query;
    const sorted = [...this.rows[list[1] as Kind]].sort(sortKey(orderby));
    if (order === 'desc') sorted.reverse();
    const size = Number(per_page);
    const start = (Number(page) - 1) * size;
    const items = sorted.slice(start, start + size).map((row) => this.render(row));
    return json(200, items, {
      'x-wp-total': String(sorted.length),
      'x-wp-totalpages': String(Math.ceil(sorted.length / size)),
    });
  }

  /** The 10 newest orders as latest-orders records (docs/service/shapes.md#latest-order-record). */
  private latestOrders(request: HttpRequest): HttpResponse {
    this.latestRequests.push(request);
    if (this.failWith !== null || request.query.api_key !== FAKE_KEY)
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
      newest.map((row) => {
        const amount = typeof row.fields.order_amount === 'number' ? this.latestAmount(row.fields.order_amount) : 0;
        return {
          order_id: row.id,
          order_status: String(row.fields.status ?? ''),
          customer_email: String(row.fields.customer_email ?? ''),
          product_id: String(row.fields.product_id ?? ''),
          order_amount: amount.toFixed(2),
          currency: String(row.fields.currency ?? 'USD'),
        };
      }),
    );
  }
}

function restError(error: RestError): HttpResponse {
  return json(error.status, error.toBody());
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/**
 * The store served over HTTP through nock, so an adapter's own request helper (n8n's fake
 * `httpRequestWithAuthentication`, Zapier's `z.request`) reads it as it would read a store. The
 * adapter's key is mapped to the fake store's; any other key reaches it as sent (and is refused). Used
 * by the n8n polling trigger's tests.
 */
export function serveOverNock(store: FakeStore, origin: string, adapterKey: string): void {
  // A fake store, not expectations: what each test asked is read from `store.requests`.
  const scope = nock(origin).persist();
  scope
    .get(/.*/)
    .optionally()
    .reply(async function (uri) {
      const url = new URL(uri, origin);
      const sent = this.req.headers['x-api-key'];
      const key = sent === adapterKey ? FAKE_KEY : String(sent ?? '');
      const response = await store.transport.send({
        method: 'GET',
        url: `${url.origin}${url.pathname}`,
        query: Object.fromEntries(url.searchParams),
        headers: { 'x-api-key': key },
        timeoutMs: 1000,
      });
      return [response.status, response.body, response.headers];
    });
  // Latest-orders, the one POST a read makes (the webhook side takes the key as `api_key`).
  scope
    .post(/\/webhook\/latest-orders\//)
    .query(true)
    .optionally()
    .reply(async function (uri) {
      const url = new URL(uri, origin);
      const query = Object.fromEntries(url.searchParams);
      const key = query.api_key === adapterKey ? FAKE_KEY : String(query.api_key ?? '');
      const response = await store.transport.send({
        method: 'POST',
        url: `${url.origin}${url.pathname}`,
        query: { ...query, api_key: key },
        headers: {},
        timeoutMs: 1000,
      });
      return [response.status, response.body, response.headers];
    });
}
