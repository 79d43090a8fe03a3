/**
 * The real clients against a real WordPress (Debian's package, the real Studiocart plugin, the sc/v1
 * mu-plugin; scripts/services/wordpress.ts) in each situation a site can be in, each switched on in turn
 * on one site per web server:
 * - the Zapier CLI's connection test, `zapier-platform invoke auth test` with the connection in zapier/.env;
 * - n8n 2.41's credential test, `POST /rest/credentials/test`, as the editor's "Test" button sends it
 *   (the run's shared n8n);
 * - one n8n node run, Order → Get, as the editor's "Execute workflow" runs it;
 * - where a case asks, two Zapier reads: the Find Order search (`invoke`), and the Product Purchased
 *   trigger's performList (its "Test trigger", through the CLI's own local handler).
 * Each answer is held to the cause the product's own words give (`SITUATIONS`, the credential's rules):
 * a client that names another cause fails here. Behind nginx every situation; behind Apache plain
 * permalinks, the one situation the servers answer differently (test/integration/wordpress). A third
 * site, behind nginx on 127.0.0.2:80, serves plain HTTP only: typed without http://, its https:// is
 * refused (nothing listens on 443), as on a host without HTTPS.
 *
 * In each situation the three clients run side by side (the CLI and n8n are processes of their own).
 * WORDPRESS_E2E_SHOW=1 prints what each client said, situation by situation, after the file.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CommerceServiceApi } from '../../n8n/credentials/CommerceServiceApi.credentials';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { nodeOutput, rest, saveCredential, type N8nRun, type N8nWorkflowJson } from '../../scripts/n8n/instance';
import type { CredentialRef } from '../../scripts/start/examples';
import {
  startWordPress,
  type WordPressServer,
  type WordPressSite,
  type WordPressSituation,
} from '../../scripts/services/wordpress';
import { STATUS_ANSWERS } from '../../shared/src/http/situations';
import { SITUATIONS, type Situation } from '../../shared/src/situations';
import { orderGetWorkflow } from './n8n/workflows';
import { holdExclusively } from './support/exclusive';
import { manualRun } from './support/installed';
import { describeIf, probe } from './support/probe';
import { useSharedN8n, type SuiteN8n } from './support/sharedN8n';
import { npmRun, testCredential, timer } from './support/steps';
import { keepEnvFile, zapierAuthTest, zapierInvoke, ZAPIER_APP, type CliOutcome } from './support/zapierCli';

const TITLE = 'the real clients against a real WordPress, in every situation';
const describeWordPress = describeIf(probe(['wordpress']), TITLE);
// n8n's part: where n8n cannot be had, its stand-in says so (a failure under CI=true), and its tests skip.
const n8nFound = probe(['n8n']);
if (!n8nFound.ok) describeIf(n8nFound, `${TITLE}: n8n ${N8N_VERSION}'s credential test and node run`);
const itN8n = n8nFound.ok ? it : it.skip;

const WRONG_KEY = 'sc-test-not-this-stores-key';

/**
 * What a client must say: that it works (plain permalinks: at `apiRoot`), or one of `causes` in the
 * product's own words (its summary and its hint), and what the cause must name besides (`names`).
 */
interface Expected {
  works?: { apiRoot?: string };
  causes: Situation[];
  names?: RegExp[];
}

/** The sites: behind nginx and Apache on a free port of 127.0.0.1, and the plain-HTTP-only one. */
type SiteName = WordPressServer | 'http-only';
const HTTP_ONLY = { host: '127.0.0.2', port: 80 };

interface Case {
  server: SiteName;
  /** The Store URL typed without its scheme (`127.0.0.2`, `127.0.0.1:<port>`): the clients assume https://. */
  noScheme?: true;
  /** The site's situation; none for a wrong key, which is the client's doing. */
  situation?: WordPressSituation;
  wrongKey?: boolean;
  /** The Zapier connection test. */
  zapier: Expected;
  /**
   * n8n's credential test: it works, or answers the status with that status's rule, or (no answer at
   * all) shows the network error n8n's helper threw: a declarative test has no rule for one.
   */
  credential: 'OK' | { status: number; cause: Situation } | { network: RegExp };
  /** The n8n node run (Order → Get). */
  node: Expected;
  /** Zapier reads too: search find_order, Product Purchased's performList; they must work. */
  zapierReads?: true;
}

const works = (apiRoot?: string): Expected => ({ works: apiRoot ? { apiRoot } : {}, causes: [] });
const says = (cause: Situation | Situation[], ...names: RegExp[]): Expected => ({
  causes: Array.isArray(cause) ? cause : [cause],
  names,
});
/** Behind nginx, a situation every client names the same way: Zapier and the node by `cause`, n8n's test by its `status`. */
const namedByAll = (situation: WordPressSituation, status: number, cause: Situation, ...names: RegExp[]): Case => ({
  server: 'nginx',
  situation,
  zapier: says(cause, ...names),
  credential: { status, cause },
  node: says(cause, ...names),
});

/**
 * What a message must mention for each cause it names: the essentials of each cause's fix, so a
 * message that leaves one of a status's causes out fails (n8n's credential test sees the status only).
 */
const NAMES: Partial<Record<Situation, RegExp>> = {
  'wrong-key': /\bkey\b/i,
  'rest-restricted': /plugin/i,
  'site-password': /password/i,
  'bot-challenge': /challenge/i,
  firewall: /firewall/i,
  'no-studiocart': /activate Studiocart/i,
  'studiocart-without-api': /Studiocart Pro/,
  'old-studiocart': /update/i,
  'not-wordpress': /Site Address/i,
  maintenance: /maintenance/i,
  'critical-error': /PHP/,
  'site-moved': /address/i,
};

const PLAIN_ROOT = '?rest_route=/sc/v1';

/**
 * Behind nginx every situation, plain permalinks last: n8n keeps where it found a site's API for an
 * hour, so after it the nginx site's later runs would go to `?rest_route=` instead of `/wp-json/`.
 */
const CASES: Case[] = [
  namedByAll('maintenance', 503, 'maintenance'),
  namedByAll('rest-401', 401, 'rest-restricted'),
  namedByAll('rest-403', 403, 'rest-restricted'),
  namedByAll('fatal', 500, 'critical-error'),
  namedByAll('studiocart-off', 404, 'no-studiocart'),
  namedByAll('no-api', 404, 'studiocart-without-api', /Studiocart Pro/),
  namedByAll('staging-password', 401, 'site-password'),
  {
    server: 'nginx',
    situation: 'home-elsewhere',
    zapier: { ...works(), causes: ['site-moved'] },
    credential: 'OK',
    node: { ...works(), causes: ['site-moved'] },
  },
  namedByAll('server-redirect', 301, 'site-moved'),
  {
    server: 'nginx',
    wrongKey: true,
    zapier: says('wrong-key'),
    credential: { status: 401, cause: 'wrong-key' },
    node: says('wrong-key'),
  },
  {
    server: 'nginx',
    situation: 'plain-permalinks',
    zapier: works(PLAIN_ROOT),
    credential: 'OK',
    node: works(),
    // Behind nginx WordPress redirects a GET of /wp-json/… without a trailing slash: every read meets it.
    zapierReads: true,
  },
  {
    server: 'apache',
    situation: 'plain-permalinks',
    zapier: works(PLAIN_ROOT),
    credential: 'OK',
    node: works(),
  },
  // Typed without http://: https:// to the plain HTTP port answers "wrong version number".
  {
    server: 'nginx',
    noScheme: true,
    zapier: says('no-https'),
    credential: { network: /^EPROTO$/ },
    node: says('no-https'),
  },
  // Typed without http://: nothing listens on https://'s port 443, so it is refused; http:// answers.
  {
    server: 'http-only',
    noScheme: true,
    zapier: says('no-https', /http:\/\/127\.0\.0\.2 answers/),
    credential: { network: /^ECONNREFUSED$/ },
    node: says('no-https', /http:\/\/127\.0\.0\.2 answers/),
  },
];

/** A client's answer: it worked (with what it returned), or the text it showed. */
type Outcome = CliOutcome;

/** `outcome` is what `expected` says: it works, or it names one of the causes in the product's words. */
function expectOutcome(outcome: Outcome, expected: Expected, secrets: string[]): void {
  const text = outcome.ok ? '' : outcome.text;
  for (const secret of secrets) expect(text).not.toContain(secret);
  // Messages are text: a WordPress message in HTML (a critical error's `<p>…<a href>`) is shown as a browser shows it.
  expect(text).not.toMatch(/<p>|<a\s+href/i);
  if (outcome.ok) {
    if (!expected.works) throw new Error(`expected a failure naming ${expected.causes.join(' or ')}, but it worked`);
    return;
  }
  const named = expected.causes.filter(
    (cause) => text.includes(SITUATIONS[cause].summary) && text.includes(SITUATIONS[cause].hint),
  );
  if (named.length === 0) {
    const causes = `to name ${expected.causes.join(' or ')} (its summary and hint)`;
    const wanted = !expected.works ? causes : expected.causes.length ? `to work, or ${causes}` : 'to work';
    const wrong = (Object.keys(SITUATIONS) as Situation[]).filter((cause) => text.includes(SITUATIONS[cause].summary));
    throw new Error(`expected ${wanted}, but it said${wrong.length ? ` (${wrong.join(', ')})` : ''}:\n${text}`);
  }
  for (const name of expected.names ?? []) expect(text).toMatch(name);
}

// The Zapier CLI.

const run = promisify(execFile);

/**
 * A hook trigger's performList ("Test trigger"), which `invoke` does not run: through the handler the
 * CLI itself uses (`localAppCommand`, loading the built app as `invoke` does), in a child process.
 */
async function zapierPerformList(trigger: string, authData: Record<string, string>): Promise<Outcome> {
  const script = `
    const { localAppCommand } = require(${JSON.stringify(require.resolve('zapier-platform-cli/src/utils/local'))});
    const event = JSON.parse(process.argv[1]);
    localAppCommand(event, process.cwd(), false).then(
      (results) => { process.stdout.write('\\n' + JSON.stringify(results === undefined ? null : results)); },
      (error) => { process.stderr.write(String(error && error.message)); process.exitCode = 1; },
    );`;
  const method = `triggers.${trigger}.operation.performList`;
  const event = { command: 'execute', method, bundle: { authData, inputData: {}, meta: { isLoadingSample: true } } };
  try {
    const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify(event)], {
      cwd: ZAPIER_APP,
      timeout: 120_000,
      maxBuffer: 20 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1' },
    });
    // The results are written last, after whatever the app logged.
    return { ok: true, result: JSON.parse(stdout.slice(stdout.lastIndexOf('\n') + 1)) as unknown };
  } catch (error) {
    const { stdout = '', stderr = '', killed } = error as { stdout?: string; stderr?: string; killed?: boolean };
    if (killed) throw new Error(`${method} was stopped after 120 s:\n${stdout}\n${stderr}`);
    return { ok: false, text: `${stdout}\n${stderr}` };
  }
}

/** The Zapier reads of a case: the Find Order search (on the auth test's zapier/.env), Product Purchased's samples. */
async function zapierReads(
  orderId: number,
  authData: Record<string, string>,
): Promise<{ search: Outcome; trigger: Outcome }> {
  const search = await zapierInvoke(['search', 'find_order', '-i', JSON.stringify({ order_id: String(orderId) })]);
  const trigger = await zapierPerformList('product_purchased', authData);
  return { search, trigger };
}

// n8n.
/** A saved credential and its workflow: one per site, one with a wrong key, one per Store URL typed without a scheme. */
type Connection = WordPressServer | 'wrongKey' | 'nginxNoScheme' | 'httpOnlyNoScheme';
const WORKFLOWS: Record<Connection, string> = {
  nginx: 'e2eWordPressNgx1',
  apache: 'e2eWordPressApa1',
  wrongKey: 'e2eWordPressKey1',
  nginxNoScheme: 'e2eWordPressNgxNoScheme1',
  httpOnlyNoScheme: 'e2eWordPressHttpOnly1',
};
const connectionOf = (c: Case): Connection =>
  c.wrongKey
    ? 'wrongKey'
    : c.server === 'http-only'
      ? 'httpOnlyNoScheme'
      : c.noScheme
        ? `${c.server as 'nginx'}NoScheme`
        : c.server;
/** The Store URL as the case's user types it. */
const typedUrl = (site: WordPressSite, noScheme?: true) => (noScheme ? site.url.replace(/^http:\/\//, '') : site.url);

/** Manual Trigger → Order: Get of `orderId`, on `credential`. */
function getOrderWorkflow(id: string, orderId: number, credential: CredentialRef): N8nWorkflowJson {
  return orderGetWorkflow(id, `e2e: Order Get against a real WordPress (${id})`, orderId, credential);
}

/** The rule n8n applies to a status in the credential test: the credential's own. */
function credentialRule(status: number): string {
  const rules = new CommerceServiceApi().test.rules ?? [];
  const rule = rules.find((r) => r.type === 'responseCode' && r.properties.value === status);
  if (!rule) throw new Error(`the credential has no rule for HTTP ${status}`);
  return rule.properties.message;
}

/** A node run's outcome: its output, or its error's message and description as the editor shows them. */
function nodeRunOutcome(result: N8nRun): Outcome {
  const error = result.data.resultData.error as { message?: string; description?: string } | undefined;
  if (!error) return { ok: true, result: nodeOutput(result, 'Get Order') };
  return { ok: false, text: `${error.message ?? ''} ${error.description ?? ''}` };
}

interface Seen {
  zapier?: Promise<Outcome>;
  zapierReads?: Promise<{ search: Outcome; trigger: Outcome }>;
  credential?: Promise<{ status: string; message: string }>;
  node?: Promise<Outcome>;
}

const label = (c: Case) =>
  c.server === 'http-only'
    ? `an http-only site typed without http:// (https:// refused) behind nginx on ${HTTP_ONLY.host}:${HTTP_ONLY.port}`
    : c.noScheme
      ? `a site typed without http:// (https:// to its plain HTTP port) behind ${c.server}`
      : `${c.wrongKey ? 'a wrong key' : c.situation} behind ${c.server}`;

describeWordPress(TITLE, () => {
  // zapier/dist and zapier/.env are written by the Zapier e2e files: one at a time.
  holdExclusively('zapier-app');
  const n8n: SuiteN8n | undefined = n8nFound.ok ? useSharedN8n('wordpress') : undefined;
  const clock = timer('wordpress e2e');
  /** What each client said, for WORDPRESS_E2E_SHOW=1. */
  const said: string[] = [];
  const sites = {} as Record<SiteName, WordPressSite>;
  const credentials = {} as Record<Connection, CredentialRef>;
  keepEnvFile();

  beforeAll(async () => {
    const [nginx, apache, httpOnly] = await Promise.all([
      clock.timed('start WordPress behind nginx, Apache, and nginx on 127.0.0.2:80', () =>
        Promise.all([
          startWordPress({ server: 'nginx' }),
          startWordPress({ server: 'apache' }),
          startWordPress({ server: 'nginx', ...HTTP_ONLY }),
        ]),
      ),
      clock.timed('npm run build:zapier', () => npmRun('build:zapier', 300_000, { silent: true })),
    ]).then(([started]) => started);
    sites.nginx = nginx;
    sites.apache = apache;
    sites['http-only'] = httpOnly;
    if (!n8n) return;
    const credentialOf = (site: WordPressSite, name: string, apiKey = site.apiKey, storeUrl = site.url) =>
      saveCredential(n8n.session, {
        name,
        type: 'commerceServiceApi',
        data: { storeUrl, apiKey, apiRoot: '' },
      });
    credentials.nginx = await credentialOf(nginx, 'WordPress behind nginx (wordpress e2e)');
    credentials.apache = await credentialOf(apache, 'WordPress behind Apache (wordpress e2e)');
    credentials.wrongKey = await credentialOf(nginx, 'WordPress, a wrong key (wordpress e2e)', WRONG_KEY);
    credentials.nginxNoScheme = await credentialOf(
      nginx,
      'WordPress behind nginx, typed without http:// (wordpress e2e)',
      nginx.apiKey,
      typedUrl(nginx, true),
    );
    credentials.httpOnlyNoScheme = await credentialOf(
      httpOnly,
      'WordPress over plain HTTP only, typed without http:// (wordpress e2e)',
      httpOnly.apiKey,
      typedUrl(httpOnly, true),
    );
    await n8n.addWorkflows([
      getOrderWorkflow(WORKFLOWS.nginx, nginx.records.orders[0], credentials.nginx),
      getOrderWorkflow(WORKFLOWS.apache, apache.records.orders[0], credentials.apache),
      getOrderWorkflow(WORKFLOWS.wrongKey, nginx.records.orders[0], credentials.wrongKey),
      getOrderWorkflow(WORKFLOWS.nginxNoScheme, nginx.records.orders[0], credentials.nginxNoScheme),
      getOrderWorkflow(WORKFLOWS.httpOnlyNoScheme, httpOnly.records.orders[0], credentials.httpOnlyNoScheme),
    ]);
  }, 600_000);

  afterAll(async () => {
    if (n8n) for (const { id } of Object.values(credentials)) await rest(n8n.session, 'DELETE', `/credentials/${id}`);
    await Promise.all(Object.values(sites).map((site) => site.stop()));
    clock.print();
    if (process.env.WORDPRESS_E2E_SHOW) process.stderr.write(`${said.join('\n')}\n`);
  }, 120_000);

  describe.each(CASES.map((c) => [label(c), c] as const))('%s', (name, c) => {
    const seen: Seen = {};
    let off: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const site = sites[c.server];
      const apiKey = c.wrongKey ? WRONG_KEY : site.apiKey;
      const storeUrl = typedUrl(site, c.noScheme);
      if (c.situation) off = await clock.timed(`${name}: on`, () => site.situation(c.situation as WordPressSituation));
      seen.zapier = clock.timed(`${name}: Zapier`, () => zapierAuthTest({ storeUrl, apiKey }));
      if (c.zapierReads) {
        const orderId = site.records.orders[0];
        // After the auth test: they read the connection it wrote to zapier/.env.
        seen.zapierReads = seen.zapier.then(() =>
          clock.timed(`${name}: Zapier reads`, () => zapierReads(orderId, { storeUrl, apiKey })),
        );
      }
      if (n8n) {
        const credential = credentials[connectionOf(c)];
        seen.credential = clock.timed(`${name}: n8n credential test`, () =>
          testCredential(n8n.session, credential, { storeUrl, apiKey, apiRoot: '' }),
        );
        const workflow = WORKFLOWS[connectionOf(c)];
        seen.node = clock
          .timed(`${name}: n8n node run`, () => manualRun(n8n.session, workflow, 120_000))
          .then(nodeRunOutcome);
      }
      // Every client is done before the situation is switched off (a failure is its test's to show).
      const done = await Promise.allSettled([seen.zapier, seen.credential, seen.node, seen.zapierReads]);
      const shown = (r: PromiseSettledResult<unknown> | undefined) =>
        r?.status === 'fulfilled' ? JSON.stringify(r.value) : String(r?.reason);
      const reads = c.zapierReads ? `\n  Zapier reads: ${shown(done[3])}` : '';
      said.push(
        `${name}\n  Zapier: ${shown(done[0])}\n  n8n credential test: ${shown(done[1])}\n  n8n node run: ${shown(done[2])}${reads}`,
      );
    }, 300_000);

    afterAll(() => off());

    it(`the Zapier connection test ${c.zapier.works ? 'works' : `names ${c.zapier.causes.join(' or ')}`}`, async () => {
      const outcome = await (seen.zapier as Promise<Outcome>);
      expectOutcome(outcome, c.zapier, [sites[c.server].apiKey, WRONG_KEY]);
      if (outcome.ok && c.zapier.works?.apiRoot)
        expect(outcome.result).toEqual(expect.objectContaining({ apiRoot: c.zapier.works.apiRoot }));
    });

    if (c.zapierReads) {
      it("the Zapier reads work: search find_order finds the order, Product Purchased's performList gives samples", async () => {
        const { search, trigger } = await (seen.zapierReads as Promise<{ search: Outcome; trigger: Outcome }>);
        const secrets = [sites[c.server].apiKey, WRONG_KEY];
        expectOutcome(search, works(), secrets);
        expectOutcome(trigger, works(), secrets);
        if (search.ok)
          expect(search.result).toEqual([expect.objectContaining({ id: sites[c.server].records.orders[0] })]);
        if (trigger.ok) {
          const samples = trigger.result as { trigger?: string }[];
          expect(samples.length).toBeGreaterThan(0);
          expect(samples.every((sample) => sample.trigger === 'purchased')).toBe(true);
        }
      });
    }

    const credentialTitle =
      c.credential === 'OK'
        ? 'works'
        : 'network' in c.credential
          ? `shows the network error (${c.credential.network.source}): no status, so no rule of its own`
          : `answers HTTP ${c.credential.status} with its rule, naming ${c.credential.cause} among the status's causes`;
    itN8n(`n8n's credential test ${credentialTitle}`, async () => {
      const answer = await (seen.credential as Promise<{ status: string; message: string }>);
      if (c.credential === 'OK') {
        expect(answer).toEqual({ status: 'OK', message: 'Connection successful!' });
        return;
      }
      for (const secret of [sites[c.server].apiKey, WRONG_KEY]) expect(answer.message).not.toContain(secret);
      if ('network' in c.credential) {
        expect(answer.status).toBe('Error');
        expect(answer.message).toMatch(c.credential.network);
        return;
      }
      const { status, cause } = c.credential;
      expect(answer).toEqual({ status: 'Error', message: credentialRule(status) });
      // The rule is the status's answer, which counts this situation among its causes and names each of them.
      const entry = STATUS_ANSWERS.find((a) => a.status === status);
      expect(entry?.situations).toContain(cause);
      for (const each of entry?.situations ?? []) {
        const named = NAMES[each];
        if (!named) throw new Error(`no words to look for in a message naming ${each}: add them to NAMES`);
        expect(answer.message).toMatch(named);
      }
      for (const secret of [sites[c.server].apiKey, WRONG_KEY]) expect(answer.message).not.toContain(secret);
    });

    itN8n(
      `an n8n node run (Order → Get) ${c.node.works ? 'works' : `names ${c.node.causes.join(' or ')}`}`,
      async () => {
        const outcome = await (seen.node as Promise<Outcome>);
        expectOutcome(outcome, c.node, [sites[c.server].apiKey, WRONG_KEY]);
        if (outcome.ok) {
          expect(outcome.result).toEqual([expect.objectContaining({ id: sites[c.server].records.orders[0] })]);
        }
      },
    );
  });
});
