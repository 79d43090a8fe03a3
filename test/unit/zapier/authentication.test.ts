import nock from 'nock';
import authentication from '../../../zapier/src/authentication';
import { loadFresh } from '../support/freshProcess';
import {
  AUTH,
  KEY,
  ORIGIN,
  ROOT,
  UNREACHABLE,
  appTester,
  seenRequest,
  store,
  failure,
  keyRefused,
  wpError,
} from '../support/zapier';

// The retries' waits return at once: these tests check what each failure says, not the clock.
jest.mock('../../../zapier/src/timerSleep', () => ({ timerSleep: () => Promise.resolve() }));

const { connectionLabel, fields } = authentication;

type AuthModule = typeof import('../../../zapier/src/authentication');
/**
 * The auth test as a fresh process runs it: the app keeps where each store's API was found, so a
 * test that moved to www. or ?rest_route= would otherwise send the next test there.
 */
let testConnection: AuthModule['testConnection'];
beforeEach(() => {
  testConnection = loadFresh(() => (require('../../../zapier/src/authentication') as AuthModule).testConnection);
});

describe('authentication fields', () => {
  it('asks for Store URL (with an example), API Key (password) and an advanced API Root', () => {
    const byKey = Object.fromEntries((fields ?? []).map((field) => [field.key, field]));
    expect(byKey.storeUrl).toMatchObject({ label: 'Store URL', required: true });
    expect(byKey.storeUrl?.helpText).toMatch(/for example `https:\/\/shop\.example\.com`/);
    expect(byKey.apiKey).toMatchObject({ label: 'API Key', type: 'password', required: true });
    expect(byKey.apiRoot).toMatchObject({ required: false });
    expect(byKey.apiRoot?.default).toBeUndefined();
    expect(byKey.apiRoot?.label).toMatch(/Advanced/);
  });
});

describe('auth test (operation 1)', () => {
  it('validates the key with POST webhook/validate/?api_key= and returns the store for the label', async () => {
    const seen: ReturnType<typeof seenRequest>[] = [];
    store()
      .post(`${ROOT}/webhook/validate/`)
      .query(true)
      .reply(function (uri, body) {
        seen.push(seenRequest(uri, body, this.req.headers));
        return [200, {}];
      });
    const result = await appTester(testConnection, { authData: AUTH });
    expect(result).toEqual({
      store: 'shop.example.com',
      storeUrl: ORIGIN,
      apiRoot: ROOT,
      address: `${ORIGIN}${ROOT}`,
    });
    expect(seen[0]?.query).toEqual({ api_key: KEY });
  });

  it('accepts the real stores\' `""` answer', async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(200, '""', { 'content-type': 'application/json' });
    await expect(appTester(testConnection, { authData: AUTH })).resolves.toMatchObject({ store: 'shop.example.com' });
  });

  it('uses ?rest_route= for sites without pretty permalinks', async () => {
    store().post('/').query({ rest_route: '/sc/v1/webhook/validate/', api_key: KEY }).reply(200, {});
    await expect(
      appTester(testConnection, { authData: { ...AUTH, apiRoot: '?rest_route=/sc/v1' } }),
    ).resolves.toMatchObject({ store: 'shop.example.com', storeUrl: ORIGIN, apiRoot: '?rest_route=/sc/v1' });
  });

  it('wrong key: asks to reconnect with the key from the Studiocart settings', async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(401, keyRefused(401));
    const error = await failure(appTester(testConnection, { authData: AUTH }));
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.text).toMatch(/did not accept the API key/);
    expect(error.text).toMatch(/shop\.example\.com/);
  });

  it('wrong URL (a WordPress site without the store API): names the API root', async () => {
    store()
      .post(`${ROOT}/webhook/validate/`)
      .query(true)
      .reply(404, wpError('rest_no_route', 'No route was found matching the URL and request method.', 404));
    const error = await failure(appTester(testConnection, { authData: AUTH }));
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(/Studiocart's API \(sc\/v1\) is not there at \/wp-json\/sc\/v1/);
    expect(error.status).toBe(404);
  });

  it('a site that is not the store (HTML): says a web page came back', async () => {
    store()
      .post(`${ROOT}/webhook/validate/`)
      .query(true)
      .reply(200, '<!doctype html><html><head><title>Coming soon</title></head><body>Maintenance</body></html>', {
        'content-type': 'text/html',
      });
    const error = await failure(appTester(testConnection, { authData: AUTH }));
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(/the site is in maintenance mode \("Coming soon"\)/);
  });

  it('an unreachable host: says the store could not be reached', async () => {
    const error = await failure(appTester(testConnection, { authData: { ...AUTH, storeUrl: UNREACHABLE } }));
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(/refused the connection.*Check that the site is online/);
  });

  it('a malformed Store URL: explains what to enter, without calling anything', async () => {
    const error = await failure(appTester(testConnection, { authData: { ...AUTH, storeUrl: 'not a url' } }));
    expect(error.text).toMatch(/is not a store URL.*for example https:\/\/shop\.example\.com/);
  });

  it('the four failures have four different messages', async () => {
    const texts = new Set<string>();
    const validate = () => store().post(`${ROOT}/webhook/validate/`).query(true);
    validate().reply(401, keyRefused(401));
    texts.add((await failure(appTester(testConnection, { authData: AUTH }))).text);
    validate().reply(404, wpError('rest_no_route', 'No route', 404));
    texts.add((await failure(appTester(testConnection, { authData: AUTH }))).text);
    validate().reply(200, '<html><body>hello</body></html>');
    texts.add((await failure(appTester(testConnection, { authData: AUTH }))).text);
    texts.add((await failure(appTester(testConnection, { authData: { ...AUTH, storeUrl: UNREACHABLE } }))).text);
    expect(texts.size).toBe(4);
  });
});

describe('connection label', () => {
  it('shows the store host (and sub-folder) that the test returns', async () => {
    expect(connectionLabel).toBe('{{bundle.inputData.store}}');
    store().post('/store/wp-json/sc/v1/webhook/validate/').query(true).reply(200, {});
    const result = await appTester(testConnection, {
      authData: { ...AUTH, storeUrl: 'https://shop.example.com/store/wp-admin/' },
    });
    expect(result).toMatchObject({ store: 'shop.example.com/store' });
  });
});

describe('auth test: the site address and key are enough, and each failure names its cause', () => {
  const OPEN = { storeUrl: 'shop.example.com', apiKey: KEY };
  const page404 = '<!DOCTYPE html><html><head><title>Page not found</title></head><body>Not found</body></html>';
  /** `POST webhook/validate/` at `root` answers `status` with `body`. */
  const validateAnswers = (status: number, body: object, root = ROOT) =>
    store().post(`${root}/webhook/validate/`).query(true).reply(status, body);
  /** WordPress's REST index answers `status` with `body`. */
  const indexAnswers = (status: number, body: object) => store().get('/wp-json/').reply(status, body);

  it('plain permalinks: finds ?rest_route= with API Root empty, and says which address it used', async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(404, page404, { 'content-type': 'text/html' });
    store().post('/').query({ rest_route: '/sc/v1/webhook/validate/', api_key: KEY }).reply(200, '""');
    await expect(appTester(testConnection, { authData: OPEN })).resolves.toEqual({
      store: 'shop.example.com',
      storeUrl: ORIGIN,
      apiRoot: '?rest_route=/sc/v1',
      address: `${ORIGIN}/?rest_route=/sc/v1`,
    });
  });

  it('a move to the canonical www address is followed, and said', async () => {
    store()
      .post(`${ROOT}/webhook/validate/`)
      .query(true)
      .reply(301, '', { Location: `https://www.shop.example.com${ROOT}/webhook/validate/?api_key=${KEY}` });
    nock('https://www.shop.example.com').post(`${ROOT}/webhook/validate/`).query({ api_key: KEY }).reply(200, '{}');
    await expect(appTester(testConnection, { authData: OPEN })).resolves.toMatchObject({
      storeUrl: 'https://www.shop.example.com',
      address: `https://www.shop.example.com${ROOT}`,
    });
  });

  it('WordPress without Studiocart: the REST index lists no sc/v1', async () => {
    validateAnswers(404, wpError('rest_no_route', 'No route', 404));
    indexAnswers(200, { namespaces: ['oembed/1.0', 'wp/v2'] });
    const error = await failure(appTester(testConnection, { authData: OPEN }));
    expect(error.text).toMatch(/WordPress answers, but Studiocart's API \(sc\/v1\) is not there/);
    expect(error.text).toMatch(/activate Studiocart/);
  });

  it('Studiocart without this route: the REST index lists sc/v1', async () => {
    validateAnswers(404, wpError('rest_no_route', 'No route', 404));
    indexAnswers(200, { namespaces: ['wp/v2', 'sc/v1'] });
    const error = await failure(appTester(testConnection, { authData: OPEN }));
    expect(error.text).toMatch(/without this route/);
    expect(error.text).toMatch(/Update Studiocart/);
  });

  it('an API Root typed for another place, on a site with Studiocart: leave it empty', async () => {
    validateAnswers(404, wpError('rest_no_route', 'No route', 404), '/wp-json/other/v1');
    indexAnswers(200, { namespaces: ['wp/v2', 'sc/v1'] });
    const error = await failure(appTester(testConnection, { authData: { ...OPEN, apiRoot: '/wp-json/other/v1' } }));
    expect(error.text).toMatch(/nothing answers at this API Root, but Studiocart's API is on this site/);
    expect(error.text).toMatch(/Leave API Root empty/);
  });

  it('a REST API closed by a plugin is not a wrong key, and does not expire the connection', async () => {
    validateAnswers(401, wpError('rest_forbidden', 'Sorry.', 401));
    indexAnswers(401, wpError('rest_forbidden', 'Sorry.', 401));
    const error = await failure(appTester(testConnection, { authData: OPEN }));
    expect(error.name).toBe('AppError');
    expect(error.text).toMatch(/restricts the WordPress REST API to logged-in users/);
  });

  it("Studiocart's own refusal is the key, without a second request", async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(401, keyRefused(401));
    const error = await failure(appTester(testConnection, { authData: OPEN }));
    expect(error.name).toBe('ExpiredAuthError');
  });

  it('no WordPress at all: the home page names no REST API either', async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(404, page404, { 'content-type': 'text/html' });
    store().post('/').query(true).reply(404, page404, { 'content-type': 'text/html' });
    store().get('/').reply(200, '<html><title>Hello</title></html>', { 'content-type': 'text/html' });
    const error = await failure(appTester(testConnection, { authData: OPEN }));
    expect(error.text).toMatch(/no WordPress REST API answers at this address/);
    expect(error.text).not.toContain(KEY);
  });

  it('WordPress at another address: the home page links its REST API there', async () => {
    store().post(`${ROOT}/webhook/validate/`).query(true).reply(404, page404, { 'content-type': 'text/html' });
    store().post('/').query(true).reply(404, page404, { 'content-type': 'text/html' });
    store()
      .get('/')
      .reply(200, '<html></html>', { Link: '<https://shop.example.com/store/wp-json/>; rel="https://api.w.org/"' });
    const error = await failure(appTester(testConnection, { authData: OPEN }));
    expect(error.text).toMatch(/sends its visitors to another address \(https:\/\/shop\.example\.com\/store\)/);
  });
});
