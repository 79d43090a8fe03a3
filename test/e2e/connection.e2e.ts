/**
 * A first connection in the real clients, against sandbox stores that are each situation (switched on
 * through the sandbox's admin API) or serve a certificate made at test time:
 * - n8n 2.41 (the run's shared n8n): the credential test, `POST /rest/credentials/test`, as the editor's
 *   "Test" button sends it. It is declarative (n8n lends a `testedBy` only the deprecated
 *   `helpers.request`, which n8n's lint and scanner reject), so it answers by status: each answer is the
 *   package's message for that status (`STATUS_ANSWERS`); a failure with no response shows n8n's own
 *   error code, which this file records.
 * - The Zapier CLI: `zapier-platform invoke auth test`, the app's connection test (the shared one,
 *   which names each cause).
 * Both connect to a plain-permalinks store with API Root left empty.
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>` for its part.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../sandbox';
import type { SiteSituation } from '../../sandbox/situations';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { STATUS_ANSWERS } from '../../shared/src/http/situations';
import { SITUATIONS, type Situation } from '../../shared/src/situations';
import { makeCertificates } from '../../scripts/kit/certificates';
import { holdExclusively } from './support/exclusive';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';
import { npmRun, testCredential } from './support/steps';
import { keepEnvFile, zapierAuthTest } from './support/zapierCli';

const KEY = 'connection-e2e-key-41c9';
const MISSING_HOST = 'https://no-such-store.invalid';

/** The package's answer to a status in n8n's credential test. */
function answerTo(status: number): string {
  const answer = STATUS_ANSWERS.find((entry) => entry.status === status);
  if (!answer) throw new Error(`no credential test answer for HTTP ${status}`);
  return answer.message;
}

async function switchTo(store: Sandbox, situation: SiteSituation | null): Promise<void> {
  const response = await fetch(`${store.url}/sandbox/v1/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ situation }),
  });
  if (!response.ok) throw new Error(`the sandbox refused situation ${String(situation)}: ${await response.text()}`);
}

/** The situations both clients are held to, and what n8n's status-only test answers for each. */
const SITUATION_CASES: [SiteSituation, Situation, number][] = [
  ['bot-challenge', 'bot-challenge', 403],
  ['rest-restricted', 'rest-restricted', 401],
  ['no-studiocart', 'no-studiocart', 404],
];

const describeN8n = describeIf(probe(['n8n']), `the credential test in a real n8n ${N8N_VERSION}`);

describeN8n(`the credential test in a real n8n ${N8N_VERSION}`, () => {
  const n8n = useSharedN8n('connection');
  let store: Sandbox;
  let plain: Sandbox;
  let expired: Sandbox;
  let credential: { id: string; name: string };

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'real', apiKey: KEY });
    // n8n tests a form against a saved credential (its id), with the form's data.
    credential = await n8n.addCredential(store, 'Commerce Service (connection e2e)');
    plain = await n8n.sandbox({ profile: 'real', apiKey: KEY, deviations: { plainPermalinks: true } });
    expired = await n8n.sandbox({ profile: 'real', apiKey: KEY, tls: makeCertificates().expired });
  });

  const test = (data: Record<string, unknown>) => testCredential(n8n.session, credential, data);

  it.each(SITUATION_CASES)('%s: names its cause (as %s; the HTTP %i answer)', async (situation, _told, status) => {
    await switchTo(store, situation);
    try {
      await expect(test({ storeUrl: store.url, apiKey: KEY, apiRoot: '' })).resolves.toEqual({
        status: 'Error',
        message: answerTo(status),
      });
    } finally {
      await switchTo(store, null);
    }
  });

  it('plain permalinks: connects with API Root empty', async () => {
    await expect(test({ storeUrl: plain.url, apiKey: KEY, apiRoot: '' })).resolves.toEqual({
      status: 'OK',
      message: 'Connection successful!',
    });
  });

  it('a missing host and an expired certificate: n8n shows its own error code (no rule sees them)', async () => {
    const missing = await test({ storeUrl: MISSING_HOST, apiKey: KEY, apiRoot: '' });
    expect(missing.status).toBe('Error');
    expect(missing.message).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
    // n8n does not trust the test CA: the certificate fails before its date is read.
    const certificate = await test({ storeUrl: expired.url, apiKey: KEY, apiRoot: '' });
    expect(certificate.status).toBe('Error');
    expect(certificate.message).toMatch(/^[A-Z_]+$/);
    expect(JSON.stringify([missing, certificate])).not.toContain(KEY);
  });
});

describe('the connection test in the Zapier CLI (invoke auth test)', () => {
  holdExclusively('zapier-app');
  keepEnvFile();
  const certificates = makeCertificates();
  let store: Sandbox;
  let plain: Sandbox;
  let expired: Sandbox;
  let caDir = '';

  beforeAll(async () => {
    store = await startSandbox({ port: 0, profile: 'real', apiKey: KEY, quiet: true });
    plain = await startSandbox({
      port: 0,
      profile: 'real',
      apiKey: KEY,
      quiet: true,
      deviations: { plainPermalinks: true },
    });
    expired = await startSandbox({ port: 0, apiKey: KEY, quiet: true, tls: certificates.expired });
    caDir = mkdtempSync(path.join(tmpdir(), 'commerce-ca-'));
    writeFileSync(path.join(caDir, 'ca.pem'), certificates.ca);
    await npmRun('build:zapier', 300_000, { silent: true });
  });

  afterAll(async () => {
    rmSync(caDir, { recursive: true, force: true });
    await Promise.all([store, plain, expired].map((s) => s?.close()));
  });

  it.each(SITUATION_CASES)('%s: the message names it as %s, with its fix', async (situation, told) => {
    await switchTo(store, situation);
    try {
      const outcome = await zapierAuthTest({ storeUrl: store.url, apiKey: KEY });
      expect(outcome.ok).toBe(false);
      const text = outcome.ok ? '' : outcome.text;
      expect(text).toContain(SITUATIONS[told].summary);
      expect(text).toContain(SITUATIONS[told].hint);
      expect(text).not.toContain(KEY);
    } finally {
      await switchTo(store, null);
    }
  });

  it('a missing host: the DNS lookup found nothing', async () => {
    const outcome = await zapierAuthTest({ storeUrl: MISSING_HOST, apiKey: KEY });
    expect(outcome.ok ? '' : outcome.text).toContain(SITUATIONS['host-not-found'].summary);
  });

  it('an expired certificate, with the CA trusted as a public one is: the certificate has expired', async () => {
    const outcome = await zapierAuthTest(
      { storeUrl: expired.url, apiKey: KEY },
      { NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem') },
    );
    expect(outcome.ok ? '' : outcome.text).toContain(SITUATIONS['certificate-expired'].summary);
  });

  it('plain permalinks: connects with API Root empty, and says the address it used', async () => {
    const outcome = await zapierAuthTest({ storeUrl: plain.url, apiKey: KEY });
    expect(outcome).toEqual({
      ok: true,
      result: expect.objectContaining({ apiRoot: '?rest_route=/sc/v1', address: `${plain.url}/?rest_route=/sc/v1` }),
    });
  });
});
