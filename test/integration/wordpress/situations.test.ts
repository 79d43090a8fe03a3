/**
 * What a real WordPress answers in each situation a store can be in, behind nginx and behind Apache,
 * as raw HTTP (status, content type, body shape): the facts the connector's situation handling is
 * built on. Requests send `Accept: application/json`, as the shared client does.
 */
import {
  startWordPress,
  type WordPressServer,
  type WordPressSite,
  type WordPressSituation,
} from '../../../scripts/services/wordpress';
import { describeIf, probe } from '../../e2e/support/probe';
import { type HttpResponse, httpRequest } from '../support/httpClient';

const describeWordPress = describeIf(probe(['wordpress']), 'what a real WordPress answers in each situation');

/** An answer as the facts table writes it: `<status> json <code>`, `<status> html`, or `<status> -> <location>`. */
function fact(response: HttpResponse): string {
  const type = response.headers['content-type'] ?? '';
  if (response.status >= 300 && response.status < 400) return `${response.status} -> ${response.headers.location}`;
  if (type.startsWith('application/json')) {
    const body = response.json<unknown>();
    const code = typeof body === 'object' && body !== null && 'code' in body ? ` ${String(body.code)}` : '';
    return `${response.status} json${code}${Array.isArray(body) ? ' array' : ''}${body === '' ? ' ""' : ''}`;
  }
  if (type.startsWith('text/html')) return `${response.status} html`;
  return `${response.status} ${type}`;
}

interface Looks {
  /** `GET /wp-json/`: WordPress's REST index. */
  index: string;
  /** `POST /wp-json/sc/v1/webhook/validate/?api_key=…`. */
  validate: string;
  /** `POST /?rest_route=/sc/v1/webhook/validate/&api_key=…` (plain permalinks' form). */
  validatePlain: string;
}

async function look(site: WordPressSite): Promise<Looks> {
  const headers = { Accept: 'application/json' };
  const key = encodeURIComponent(site.apiKey);
  const [index, validate, validatePlain] = await Promise.all([
    httpRequest({ url: `${site.url}/wp-json/`, headers }),
    httpRequest({ method: 'POST', url: `${site.url}/wp-json/sc/v1/webhook/validate/?api_key=${key}`, headers }),
    httpRequest({ method: 'POST', url: `${site.url}/?rest_route=/sc/v1/webhook/validate/&api_key=${key}`, headers }),
  ]);
  return { index: fact(index), validate: fact(validate), validatePlain: fact(validatePlain) };
}

const OK: Looks = { index: '200 json', validate: '200 json ""', validatePlain: '200 json ""' };
const EVERYWHERE = (answer: string): Looks => ({ index: answer, validate: answer, validatePlain: answer });
const NO_ROUTE: Looks = {
  index: '200 json',
  validate: '404 json rest_no_route',
  validatePlain: '404 json rest_no_route',
};

/** The facts, per situation and server (seen on WordPress 6.1.9, Debian bookworm). */
const FACTS: Record<WordPressSituation, Record<WordPressServer, Looks>> = {
  // nginx sends every unknown path to WordPress (the front page); Apache's emptied .htaccess block leaves it to Apache.
  'plain-permalinks': {
    nginx: { index: '200 html', validate: '200 html', validatePlain: '200 json ""' },
    apache: { index: '404 html', validate: '404 html', validatePlain: '200 json ""' },
  },
  maintenance: {
    nginx: EVERYWHERE('503 json wp_die'),
    apache: EVERYWHERE('503 json wp_die'),
  },
  'rest-401': {
    nginx: EVERYWHERE('401 json rest_not_logged_in'),
    apache: EVERYWHERE('401 json rest_not_logged_in'),
  },
  'rest-403': {
    nginx: EVERYWHERE('403 json rest_cannot_access'),
    apache: EVERYWHERE('403 json rest_cannot_access'),
  },
  fatal: {
    nginx: EVERYWHERE('500 json internal_server_error'),
    apache: EVERYWHERE('500 json internal_server_error'),
  },
  'studiocart-off': { nginx: NO_ROUTE, apache: NO_ROUTE },
  'no-api': { nginx: NO_ROUTE, apache: NO_ROUTE },
  'staging-password': {
    nginx: EVERYWHERE('401 html'),
    apache: EVERYWHERE('401 html'),
  },
  // WordPress serves the REST API at any host; only its links name the other address.
  'home-elsewhere': { nginx: OK, apache: OK },
  'server-redirect': { nginx: EVERYWHERE('301'), apache: EVERYWHERE('301') },
};

describeWordPress.each<WordPressServer>(['nginx', 'apache'])('a real WordPress behind %s', (server) => {
  let site: WordPressSite;

  beforeAll(async () => {
    site = await startWordPress({ server });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('answers the API and its index as JSON when all is well', async () => {
    expect(await look(site)).toEqual(OK);
  });

  it.each(Object.keys(FACTS) as WordPressSituation[])(
    '%s: answers as the facts table says, and recovers',
    async (name) => {
      const off = await site.situation(name);
      let seen: Looks;
      try {
        seen = await look(site);
      } finally {
        await off();
      }
      const expected = FACTS[name][server];
      if (name === 'server-redirect') {
        // A redirect's fact is its status and where it points: https, same host, no port.
        expect(seen.index).toBe(`301 -> https://127.0.0.1/wp-json/`);
        expect(seen.validate).toMatch(/^301 -> https:\/\/127\.0\.0\.1\/wp-json\/sc\/v1\/webhook\/validate\/\?api_key=/);
        expect(seen.validatePlain).toMatch(/^301 -> https:\/\/127\.0\.0\.1\/\?rest_route=/);
      } else expect(seen).toEqual(expected);
      expect(await look(site)).toEqual(OK);
    },
  );

  it('staging-password: the login lets the API through', async () => {
    const off = await site.situation('staging-password');
    try {
      const { user, password } = site.stagingLogin;
      const response = await httpRequest({
        method: 'POST',
        url: `${site.url}/wp-json/sc/v1/webhook/validate/?api_key=${encodeURIComponent(site.apiKey)}`,
        headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      });
      expect(fact(response)).toBe('200 json ""');
    } finally {
      await off();
    }
  });

  it('home-elsewhere: the REST index names the other address', async () => {
    const off = await site.situation('home-elsewhere');
    try {
      const index = (await httpRequest({ url: `${site.url}/wp-json/` })).json<{ home: string; url: string }>();
      const elsewhere = `http://localhost:${new URL(site.url).port}`;
      expect({ home: index.home, url: index.url }).toEqual({ home: elsewhere, url: elsewhere });
    } finally {
      await off();
    }
  });

  it('plain permalinks: the home page still names the REST API in its Link header', async () => {
    const off = await site.situation('plain-permalinks');
    try {
      const home = await httpRequest({ url: `${site.url}/` });
      expect(home.status).toBe(200);
      expect(home.headers.link).toContain(`<${site.url}/index.php?rest_route=/>; rel="https://api.w.org/"`);
    } finally {
      await off();
    }
  });

  it('a slow site answers after the seconds asked', async () => {
    const end = await site.slow(1.5);
    try {
      const t0 = Date.now();
      expect(fact(await httpRequest({ url: `${site.url}/wp-json/` }))).toBe('200 json');
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
    } finally {
      await end();
    }
  });
});

describeWordPress('Studiocart’s own delivery body', () => {
  let site: WordPressSite;
  beforeAll(async () => {
    site = await startWordPress({ server: 'nginx' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('of a one-off order made by its model has subscription_id 0', async () => {
    const body = await site.pluginOrderBody();
    expect(body).toMatchObject({ subscription_id: 0, status: 'paid', order_amount: 49, product_name: 'Course' });
    expect(body).not.toHaveProperty('trigger');
  });
});
