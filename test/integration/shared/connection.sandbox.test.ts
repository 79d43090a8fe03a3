/**
 * The connection test against the sandbox over real HTTP: each situation switched on through the
 * sandbox's admin API, each certificate made at test time, and the one cause and fix each must name.
 */
import * as https from 'node:https';
import { type CommerceServiceClient, CommerceServiceError, testConnection } from '@commerce-service/shared';
import { SITUATIONS, type Situation } from '../../../shared/src/situations';
import { type Sandbox, startSandbox } from '../../../sandbox';
import type { SiteSituation } from '../../../sandbox/situations';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { createClient } from '../../../scripts/kit/client';
import { SiteMemory } from '../../../shared/src/siteMemory';
import { makeCertificates } from '../../../scripts/kit/certificates';
import { useSandbox } from '../support/sandbox';

const KEY = 'connection-key-7d3e';

function clientAt(url: string, options: { apiKey?: string; memory?: SiteMemory } = {}): CommerceServiceClient {
  return createClient({
    settings: { storeUrl: url, apiKey: options.apiKey ?? KEY, apiRoot: '' },
    transport: nodeTransport,
    timeoutMs: 5000,
    ...(options.memory ? { memory: options.memory } : {}),
  });
}

async function failureOf(promise: Promise<unknown>): Promise<CommerceServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CommerceServiceError) return error;
    throw error;
  }
  throw new Error('the connection test passed where it had to fail');
}

/** The site's admin API, as a test in another process would use it. */
async function putConfig(sandbox: Sandbox, config: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.url}/sandbox/v1/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config),
  });
  if (!response.ok) throw new Error(`PUT /sandbox/v1/config answered ${response.status}: ${await response.text()}`);
}

describe('the connection test names each situation (sandbox over HTTP)', () => {
  const sandbox = useSandbox({ apiKey: KEY });

  const CASES: [SiteSituation, Situation][] = [
    ['site-password', 'site-password'],
    ['bot-challenge', 'bot-challenge'],
    ['firewall', 'firewall'],
    ['rest-restricted', 'rest-restricted'],
    ['rest-forbidden', 'rest-restricted'],
    ['maintenance', 'maintenance'],
    ['no-studiocart', 'no-studiocart'],
    ['old-studiocart', 'old-studiocart'],
    ['studiocart-without-api', 'studiocart-without-api'],
    ['not-wordpress', 'not-wordpress'],
    ['critical-error', 'critical-error'],
  ];

  it.each(CASES)('%s -> %s, within two more requests, and never the key', async (switched, expected) => {
    await putConfig(sandbox, { situation: switched });
    sandbox.clearRequests();
    const error = await failureOf(testConnection(clientAt(sandbox.url)));
    expect(error.situation).toBe(expected);
    expect(error.message).toContain(new URL(sandbox.url).host);
    expect(error.message).toContain(SITUATIONS[expected].hint);
    expect(JSON.stringify([error.message, error.toJSON()])).not.toContain(KEY);
    // validate, a fallback to ?rest_route= where /wp-json/ is a page, and one more look.
    expect(sandbox.requests().length).toBeLessThanOrEqual(3);
  });

  it("WordPress's maintenance and critical error come as wp_die JSON to a JSON client, told as text", async () => {
    await putConfig(sandbox, { situation: 'maintenance' });
    const maintenance = await failureOf(testConnection(clientAt(sandbox.url)));
    expect(maintenance).toMatchObject({ situation: 'maintenance', status: 503, code: 'wp_die' });
    expect(maintenance.message).toContain('Briefly unavailable for scheduled maintenance');
    await putConfig(sandbox, { situation: 'critical-error' });
    const fatal = await failureOf(testConnection(clientAt(sandbox.url)));
    expect(fatal).toMatchObject({ situation: 'critical-error', status: 500, code: 'internal_server_error' });
    expect(fatal.serviceMessage).toBe(
      'There has been a critical error on this website. Learn more about troubleshooting WordPress.',
    );
  });

  it('a wrong key is named as the key, in one request', async () => {
    sandbox.clearRequests();
    const error = await failureOf(testConnection(clientAt(sandbox.url, { apiKey: 'not-the-key' })));
    expect(error.situation).toBe('wrong-key');
    expect(sandbox.requests()).toHaveLength(1);
  });

  it('a healthy site connects in one request, and says where', async () => {
    sandbox.clearRequests();
    await expect(testConnection(clientAt(sandbox.url))).resolves.toEqual({
      store: new URL(sandbox.url).host,
      storeUrl: sandbox.url,
      apiRoot: '/wp-json/sc/v1',
      address: `${sandbox.url}/wp-json/sc/v1`,
    });
    expect(sandbox.requests()).toHaveLength(1);
  });

  it('plain permalinks connect with API Root empty: one more request the first time, none after', async () => {
    await putConfig(sandbox, { deviations: { plainPermalinks: true } });
    const memory = new SiteMemory();
    sandbox.clearRequests();
    await expect(testConnection(clientAt(sandbox.url, { memory }))).resolves.toMatchObject({
      apiRoot: '?rest_route=/sc/v1',
      address: `${sandbox.url}/?rest_route=/sc/v1`,
    });
    expect(sandbox.requests()).toHaveLength(2);
    sandbox.clearRequests();
    await testConnection(clientAt(sandbox.url, { memory }));
    expect(sandbox.requests()).toEqual([expect.stringMatching(/^POST \/\?rest_route=/)]);
  });

  it('the home page names the REST API, as WordPress does', async () => {
    const home = await fetch(`${sandbox.url}/`);
    expect(home.headers.get('link')).toBe(`<${sandbox.url}/wp-json/>; rel="https://api.w.org/"`);
    await putConfig(sandbox, { deviations: { plainPermalinks: true } });
    const plain = await fetch(`${sandbox.url}/`);
    expect(plain.headers.get('link')).toBe(`<${sandbox.url}/?rest_route=/>; rel="https://api.w.org/"`);
  });
});

describe('no answer: each cause named from the Node error code', () => {
  const certificates = makeCertificates();
  const trusted = https.globalAgent.options.ca;
  beforeAll(() => {
    // The client trusts the test CA, as it trusts a public one: each certificate then has one problem.
    https.globalAgent.options.ca = certificates.ca;
  });
  afterAll(() => {
    https.globalAgent.options.ca = trusted;
  });

  it.each([
    ['expired', 'certificate-expired'],
    ['selfSigned', 'certificate-self-signed'],
    ['otherName', 'certificate-name'],
  ] as const)('a certificate %s -> %s, with its code as the cause', async (which, expected) => {
    const store = await startSandbox({ port: 0, apiKey: KEY, tls: certificates[which] });
    try {
      const error = await failureOf(testConnection(clientAt(store.url)));
      expect(error.situation).toBe(expected);
      expect(error.message).toContain(SITUATIONS[expected].summary);
      expect(JSON.stringify([error.message, String(error.cause)])).not.toContain(KEY);
    } finally {
      await store.close();
    }
  });

  it('a valid certificate connects over HTTPS', async () => {
    const store = await startSandbox({ port: 0, apiKey: KEY, tls: certificates.valid });
    try {
      await expect(testConnection(clientAt(store.url))).resolves.toMatchObject({ storeUrl: store.url });
    } finally {
      await store.close();
    }
  });

  it('a host that does not exist -> host-not-found', async () => {
    const error = await failureOf(testConnection(clientAt('https://no-such-store.invalid')));
    expect(error.situation).toBe('host-not-found');
  });

  it('an https:// address on a site that speaks plain HTTP -> no-https, saying http://', async () => {
    const store = await startSandbox({ port: 0, apiKey: KEY });
    try {
      const error = await failureOf(testConnection(clientAt(store.url.replace(/^http:/, 'https:'))));
      expect(error.situation).toBe('no-https');
      expect(error.hint).toContain('http://');
    } finally {
      await store.close();
    }
  });

  it('nothing listening -> connection-refused', async () => {
    const store = await startSandbox({ port: 0 });
    const { url } = store;
    await store.close();
    const error = await failureOf(testConnection(clientAt(url)));
    expect(error.situation).toBe('connection-refused');
  });
});
