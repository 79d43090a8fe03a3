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

/** Parameters enough for any operation of the catalogue: an id for each path parameter, a hook URL. */
function paramsFor(operation: OperationKey): Record<string, string | number> {
  const params: Record<string, string | number> = { hook_url: HOOK_URL };
  for (const [name, place] of Object.entries(OPERATIONS[operation].params)) if (place === 'path') params[name] = 87;
  return params;
}

/** The path a request for an operation takes on this store (ids as digits). */
function pathPattern(operation: OperationKey): RegExp {
  const { path, root } = OPERATIONS[operation] as { path: string; root?: 'index' };
  if (root === 'index') return /^\/wp-json\/$/;
  return new RegExp(`^${ROOT}/${path.replace(/\{\w+\}/g, '\\d+')}$`);
}

/** The operation a request was for, from its path. */
function operationOf(seen: Seen): OperationKey {
  const match = (Object.keys(OPERATIONS) as OperationKey[]).find((key) => pathPattern(key).test(seen.path));
  if (!match) throw new Error(`a request to ${seen.path} matches no operation`);
  return match;
}

/** The store's answer for each route: enough for the client to read it. */
function answer(seen: Seen): [number, unknown] {
  return [200, OPERATIONS[operationOf(seen)].result.many ? [] : { id: 1 }];
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
    const operations = Object.keys(OPERATIONS) as OperationKey[];
    await appTester(
      async (z: ZObject, bundle: Bundle) => {
        for (const operation of operations) await zapierClient(z, bundle).call(operation, paramsFor(operation));
      },
      { authData: AUTH },
    );

    const reached = new Set(seen.map(operationOf));
    for (const key of operations) expect({ key, reached: reached.has(key) }).toEqual({ key, reached: true });
    for (const request of seen) {
      const operation = operationOf(request);
      const { auth } = OPERATIONS[operation];
      const where = { operation, header: request.headers['x-api-key'], query: request.query.api_key };
      expect(where).toEqual({
        operation,
        header: auth === 'header' ? KEY : undefined,
        query: auth === 'query' ? KEY : undefined,
      });
      // The middleware's marker never leaves the app.
      expect(JSON.stringify(request.headers)).not.toMatch(/storeAuth/i);
    }
    const untouched = seen.filter((request) => OPERATIONS[operationOf(request)].auth === 'none');
    expect(untouched.length).toBeGreaterThanOrEqual(4);
    for (const request of untouched) expect(JSON.stringify(request)).not.toContain(KEY);
  });
});
