/**
 * How the key travels, as Zapier learns it and as the store sees it. zapier-platform-core's
 * `getAuthTemplate` runs the app's `beforeRequest` with placeholder credentials; it must answer with the
 * REST operations' `x-api-key` header. On the wire, every operation carries the key exactly where the
 * catalogue says: a header (REST reads), the query (validate, subscribe, latest-orders) or nowhere
 * (delete, products, plans: operations 3 to 5).
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { OPERATIONS, type OperationKey } from '../../../shared/src/operations/catalogue';
import { zapierClient } from '../../../zapier/src/platform';
import {
  AUTH,
  HOOK_URL,
  KEY,
  ORIGIN,
  ROOT,
  type Seen,
  appCommand as command,
  appTester,
  seenRequest,
} from '../support/zapier';
import nock from 'nock';

describe('getAuthTemplate through the app handler', () => {
  it('answers with the x-api-key header, taken from the app’s beforeRequest', async () => {
    await expect(command('getAuthTemplate')).resolves.toEqual({
      results: {
        supported: true,
        authType: 'custom',
        source: 'beforeRequest',
        template: { headers: { 'x-api-key': '{{bundle.authData.apiKey}}' } },
      },
      status: 'SUCCESS',
    });
  });

  it('renderAuthTemplate fills it with the connection’s key (trimmed, as the client sends it)', async () => {
    const result = (await command('renderAuthTemplate', { authData: { ...AUTH, apiKey: `  ${KEY} ` } })) as {
      results: { template: unknown };
    };
    expect(result.results.template).toEqual({ headers: { 'x-api-key': KEY } });
  });
});

/** One call of the store client per operation; the fallback route (3.1) follows from 3's 500. */
const CALLS: Readonly<Record<OperationKey, (client: ReturnType<typeof zapierClient>) => Promise<unknown>>> = {
  validateKey: (c) => c.validateKey(),
  subscribeHook: (c) => c.subscribeHook({ hook_url: HOOK_URL, product_id: 87, status: 'purchased' }),
  deleteHook: (c) => c.deleteHook('5'),
  zapDeleteHook: (c) => c.deleteHook('6'),
  listWebhookProducts: (c) => c.listWebhookProducts(),
  listWebhookPlans: (c) => c.listWebhookPlans(87),
  latestOrders: (c) => c.latestOrders({ product_id: 87, status: 'paid' }),
  listCustomers: (c) => c.listCustomers({ per_page: 1 }),
  getCustomer: (c) => c.getCustomer(311),
  listOrders: (c) => c.listOrders({ per_page: 1 }),
  getOrder: (c) => c.getOrder(1042),
  listSubscriptionOrders: (c) => c.listSubscriptionOrders(2051, { per_page: 1 }),
  listSubscriptions: (c) => c.listSubscriptions({ per_page: 1 }),
  getSubscription: (c) => c.getSubscription(2051),
  listProducts: (c) => c.listProducts({ per_page: 1 }),
  getProduct: (c) => c.getProduct(87),
};

/** The operation a request was for, from its method and path under the API root. */
function operationOf(seen: Seen): OperationKey | 'siteIndex' {
  if (seen.path === '/wp-json/') return 'siteIndex';
  const path = seen.path.slice(`${ROOT}/`.length);
  const match = (Object.keys(OPERATIONS) as OperationKey[]).find((key) => {
    const pattern = new RegExp(`^${OPERATIONS[key].path.replace(/\{\w+\}/g, '\\d+')}$`);
    return pattern.test(path);
  });
  if (!match) throw new Error(`a request to ${seen.path} matches no operation`);
  return match;
}

/** The store's answer for each route: enough for the client to read it, or a 500 that sends 3 to 3.1. */
function answer(seen: Seen): [number, unknown] {
  const operation = operationOf(seen);
  if (operation === 'siteIndex') return [200, { timezone_string: 'UTC', gmt_offset: 0 }];
  if (operation === 'deleteHook') return [500, { code: 'rest_invalid_handler', message: 'x', data: { status: 500 } }];
  if (operation === 'zapDeleteHook') return [200, [{ url: HOOK_URL, id: '6' }]];
  if (operation === 'subscribeHook') return [200, { id: '7' }];
  if (OPERATIONS[operation].result.startsWith('list') || /s$/.test(OPERATIONS[operation].result)) return [200, []];
  return [200, { id: 1 }];
}

describe('the key on the wire, for every operation of the catalogue', () => {
  it('rides where the catalogue says and nowhere else; never on operations 3 to 5', async () => {
    const seen: Seen[] = [];
    nock(ORIGIN)
      .persist()
      .intercept(/.*/, 'GET')
      .reply(function (uri, body) {
        const request = seenRequest(uri, body, this.req.headers);
        seen.push(request);
        return answer(request);
      })
      .intercept(/.*/, 'POST')
      .reply(function (uri, body) {
        const request = seenRequest(uri, body, this.req.headers);
        seen.push(request);
        return answer(request);
      });
    for (const call of Object.values(CALLS)) {
      await appTester(
        async (z: ZObject, bundle: Bundle) => {
          await call(zapierClient(z, bundle)).catch(() => undefined);
        },
        { authData: AUTH },
      );
    }

    const reached = new Set(seen.map(operationOf));
    for (const key of Object.keys(CALLS))
      expect({ key, reached: reached.has(key as OperationKey) }).toEqual({ key, reached: true });
    for (const request of seen) {
      const operation = operationOf(request);
      const auth = operation === 'siteIndex' ? 'none' : OPERATIONS[operation].auth;
      const where = { operation, header: request.headers['x-api-key'], query: request.query.api_key };
      expect(where).toEqual({
        operation,
        header: auth === 'header' ? KEY : undefined,
        query: auth === 'query' ? KEY : undefined,
      });
      // The middleware's marker never leaves the app.
      expect(JSON.stringify(request.headers)).not.toMatch(/storeAuth/i);
    }
    const untouched = seen.filter((request) =>
      ['deleteHook', 'zapDeleteHook', 'listWebhookProducts', 'listWebhookPlans'].includes(operationOf(request)),
    );
    expect(untouched.length).toBeGreaterThanOrEqual(4);
    for (const request of untouched) expect(JSON.stringify(request)).not.toContain(KEY);
  });
});
