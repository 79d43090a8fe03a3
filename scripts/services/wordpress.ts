/**
 * A real WordPress for tests: Debian's `wordpress` package (its files in /usr/share/wordpress), the real
 * Studiocart plugin (free edition, from the test vendor folder) with the `sc/v1` API mu-plugin of
 * `sandbox/wordpress/`, MariaDB, PHP-FPM and nginx or Apache, all on a temporary folder of the run, on
 * a free port of 127.0.0.1. Nothing outlives the run: every process is `supervise()`d, whose watchdog
 * ends them and removes the folder if our process dies.
 *
 * The site's files are a per-run tree of hard links to /usr/share/wordpress (so WordPress's ABSPATH is
 * the run's folder, and Debian's wp-config.php, which reads /etc/wordpress, is replaced by our own).
 * The installed and seeded database is made once (wp_install() and Studiocart's models, no network)
 * and cached as a MariaDB datadir under ~/.cache/commerce-service/wordpress-<version>/<key>, keyed by
 * the versions and by every file that goes into it; each run copies it.
 */
import { createHash, randomBytes } from 'crypto';
import execa from 'execa';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { aptInstall } from './apt';
import { cacheFolder, stderrLog, type Log } from '../toolchain';
import { ServiceStartError, ServiceUnavailableError } from './errors';
import { withLock } from './folderLock';
import { initMariaDbDatadir, MARIADBD, mysqlUser, startMariaDb, type MariaDb } from './mariadb';
import { findPhpFpm, startPhpFpm, type PhpFpm } from './phpFpm';
import { startOnPort } from './supervise';
import { APACHE, NGINX, startWebServer, type ServerExtras, type WebServer, type WebServerKind } from './webServer';
import { isExecutable } from './supervise';

const SERVICE = 'WordPress';
/** Debian's packages; the theme is a Recommends of `wordpress` (a site without one shows blank pages). */
const PACKAGES = [
  'wordpress',
  'wordpress-theme-twentytwentythree',
  'php-fpm',
  'php-mysql',
  'mariadb-server',
  'nginx',
  'apache2',
];
const WORDPRESS_DIR = '/usr/share/wordpress';
const PHP = '/usr/bin/php';
const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** The site's own files: the API mu-plugin, the situations' plugins, the install and seed scripts. */
const SITE_FILES = path.join(REPO_ROOT, 'sandbox', 'wordpress');
const API_PLUGIN = 'commerce-service-api.php';
/** Studiocart 2.6.4, free edition, unchanged (GPL): test infrastructure, never published. */
const STUDIOCART = path.resolve(REPO_ROOT, '..', 'shared', 'vendor', 'studiocart');
/** The address the cached database was installed at; each run rewrites it to its own. */
const CACHED_URL = 'http://wordpress.invalid';
/** Debian's web server user (uid/gid 33), which PHP-FPM's workers and the site tasks run as. */
const WWW_DATA = { uid: 33, gid: 33 };
const DB = { name: 'wordpress', user: 'wordpress', password: 'wordpress' };

export type WordPressServer = WebServerKind;

/**
 * Ways real sites answer that the connector must tell apart, each set up as it happens on a site:
 * - `plain-permalinks`: Settings → Permalinks "Plain" (rewrite rules flushed; on Apache the `.htaccess` block emptied).
 * - `maintenance`: the `.maintenance` file WordPress writes during updates.
 * - `rest-401`, `rest-403`: a plugin refusing REST requests without a session (`rest_authentication_errors`).
 * - `fatal`: a plugin that fatals while loading (WordPress's "critical error" handler answers).
 * - `studiocart-off`: Studiocart deactivated. `no-api`: Studiocart active, the `sc/v1` mu-plugin gone.
 * - `staging-password`: HTTP Basic auth at the web server (`stagingLogin` has the user and password).
 * - `home-elsewhere`: the site's Address (`home`, `siteurl`) set to `http://localhost:<port>`, the same
 *   server under another host name.
 * - `server-redirect`: the web server answers 301 to `https://<host><uri>` (nothing serves https).
 * A wrong key needs no situation: give the client another key than `apiKey`.
 */
export type WordPressSituation =
  | 'plain-permalinks'
  | 'maintenance'
  | 'rest-401'
  | 'rest-403'
  | 'fatal'
  | 'studiocart-off'
  | 'no-api'
  | 'staging-password'
  | 'home-elsewhere'
  | 'server-redirect';

/** The seeded records' ids (sandbox/wordpress/tools/seed.php). */
interface WordPressRecords {
  products: number[];
  customers: number[];
  orders: number[];
  subscriptions: number[];
}

export interface WordPressSite {
  /** The site's address as a user types it: `http://127.0.0.1:<port>` (`http://<host>` on port 80). */
  url: string;
  server: WordPressServer;
  /** Studiocart's API key (option `_sc_api_key`). */
  apiKey: string;
  wordpressVersion: string;
  records: WordPressRecords;
  /** The Basic auth login `staging-password` asks for. */
  stagingLogin: { user: string; password: string };
  /** Switches a situation on; the returned function switches it off again. */
  situation(name: WordPressSituation): Promise<() => Promise<void>>;
  /** Every request waits `seconds` before WordPress answers (a mu-plugin); the returned function ends it. */
  slow(seconds: number): Promise<() => Promise<void>>;
  /** A one-off order made now by Studiocart's own model, and the delivery body `sc_webhook_order_body()` makes of it. */
  pluginOrderBody(): Promise<Record<string, unknown>>;
  output(): string;
  stop(): Promise<void>;
}

interface Installed {
  wordpressVersion: string;
  /** Cache folder holding `datadir/` and `site.json`. */
  cacheDir: string;
}

interface CachedSite {
  apiKey: string;
  records: WordPressRecords;
}

function wordpressVersion(): string | undefined {
  try {
    return /\$wp_version = '([^']+)'/.exec(
      fs.readFileSync(path.join(WORDPRESS_DIR, 'wp-includes', 'version.php'), 'utf8'),
    )?.[1];
  } catch {
    return undefined;
  }
}

/** PHP's mysqli extension, in any of Debian's extension folders (`/usr/lib/php/<api>/`); none before PHP is installed. */
function hasPhpMysqli(): boolean {
  const root = '/usr/lib/php';
  if (!fs.existsSync(root)) return false;
  return fs
    .readdirSync(root, { withFileTypes: true })
    .some((d) => d.isDirectory() && fs.existsSync(path.join(root, d.name, 'mysqli.so')));
}

/** What is missing of the packages' files (empty: all there). */
function missingParts(): string[] {
  const needed: [string, boolean][] = [
    ['wordpress', wordpressVersion() !== undefined],
    ['twentytwentythree theme', fs.existsSync(path.join(WORDPRESS_DIR, 'wp-content', 'themes', 'twentytwentythree'))],
    ['php', isExecutable(PHP)],
    ['php-fpm', findPhpFpm() !== undefined],
    ['php-mysql', hasPhpMysqli()],
    ['mariadbd', isExecutable(MARIADBD)],
    ['nginx', isExecutable(NGINX)],
    ['apache2', isExecutable(APACHE)],
  ];
  return needed.filter(([, found]) => !found).map(([name]) => name);
}

/** Hash of everything the cached database is made from: a change to any of it makes a new one. */
function cacheKey(version: string): string {
  const hash = createHash('sha256');
  hash.update(`wordpress ${version}\n`);
  hash.update(execa.sync(MARIADBD, ['--version']).stdout);
  hash.update(fs.readFileSync(__filename));
  for (const root of [STUDIOCART, SITE_FILES]) {
    for (const file of filesUnder(root)) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Debian's packages (one `apt-get install`, when any is missing) and the installed, seeded database in
 * the cache (made when missing). ServiceUnavailableError when they cannot be had here.
 */
export async function ensureWordPress(opts: { log?: Log } = {}): Promise<Installed> {
  const log = opts.log ?? stderrLog;
  if (missingParts().length > 0) await aptInstall(SERVICE, PACKAGES, log);
  const missing = missingParts();
  if (missing.length > 0)
    throw new ServiceUnavailableError(
      SERVICE,
      `apt-get installed ${PACKAGES.join(' ')} but ${missing.join(', ')} is still missing`,
    );
  if (!fs.existsSync(path.join(STUDIOCART, 'studiocart.php')))
    throw new ServiceUnavailableError(
      SERVICE,
      `the Studiocart plugin is not at ${STUDIOCART} (the test vendor folder)`,
    );
  const version = wordpressVersion() as string;
  const base = cacheFolder(`wordpress-${version}`);
  const cacheDir = path.join(base, cacheKey(version));
  if (!fs.existsSync(path.join(cacheDir, 'site.json'))) {
    await withLock(
      `${base}.lock`,
      () => log(`[${SERVICE}] waiting for another run installing WordPress`),
      async () => {
        if (fs.existsSync(path.join(cacheDir, 'site.json'))) return;
        const t0 = Date.now();
        await buildCache(cacheDir, log);
        // Older keys are older plugin or script versions: no run uses them again.
        for (const other of fs.readdirSync(base))
          if (path.join(base, other) !== cacheDir) fs.rmSync(path.join(base, other), { recursive: true, force: true });
        log(
          `[${SERVICE}] installed and seeded WordPress ${version} in ${((Date.now() - t0) / 1000).toFixed(1)} s (cached in ${cacheDir})`,
        );
      },
    );
  }
  return { wordpressVersion: version, cacheDir };
}

/** A run's folder: readable by www-data (PHP-FPM's workers) and mysql; removed by stop(). */
interface Run {
  dir: string;
  docroot: string;
  mysqlDir: string;
  socket: string;
  /** Where a switched-off situation keeps the files it took away. */
  aside: string;
}

function makeRun(): Run {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-wordpress-'));
  fs.chmodSync(dir, 0o755);
  const mysqlDir = path.join(dir, 'mysql');
  fs.mkdirSync(mysqlDir);
  const owner = mysqlUser();
  fs.chownSync(mysqlDir, owner.uid, owner.gid);
  const aside = path.join(dir, 'aside');
  fs.mkdirSync(aside);
  return { dir, docroot: path.join(dir, 'site'), mysqlDir, socket: path.join(mysqlDir, 'mysqld.sock'), aside };
}

/** `cp -a`, as hard links where asked and possible (same file system), a copy otherwise. */
async function copyTree(from: string, to: string, links: boolean): Promise<void> {
  if (links) {
    const linked = await execa('cp', ['-al', from, to], { reject: false, all: true });
    if (linked.exitCode === 0) return;
    fs.rmSync(to, { recursive: true, force: true });
  }
  await execa('cp', ['-a', from, to]);
}

/** The site's files: Debian's WordPress as hard links, our wp-config.php, Studiocart and the API mu-plugin. */
async function makeDocroot(run: Run): Promise<void> {
  await copyTree(WORDPRESS_DIR, run.docroot, true);
  // Debian's own: a wp-config.php that reads /etc/wordpress, an .htaccess linked to /etc/wordpress.
  for (const name of ['wp-config.php', '.htaccess']) fs.rmSync(path.join(run.docroot, name), { force: true });
  fs.writeFileSync(path.join(run.docroot, 'wp-config.php'), wpConfig(run.socket));
  const content = path.join(run.docroot, 'wp-content');
  await copyTree(STUDIOCART, path.join(content, 'plugins', 'studiocart'), false);
  // Studiocart writes its debug log into its own folder, as the web server's user.
  fs.mkdirSync(path.join(content, 'plugins', 'studiocart', 'logs'), { recursive: true });
  fs.chownSync(path.join(content, 'plugins', 'studiocart', 'logs'), WWW_DATA.uid, WWW_DATA.gid);
  fs.mkdirSync(path.join(content, 'mu-plugins'));
  fs.copyFileSync(path.join(SITE_FILES, 'mu-plugins', API_PLUGIN), path.join(content, 'mu-plugins', API_PLUGIN));
  const uploads = path.join(content, 'uploads');
  fs.mkdirSync(uploads);
  fs.chownSync(uploads, WWW_DATA.uid, WWW_DATA.gid); // as Debian's /var/lib/wordpress/wp-content/uploads
}

function wpConfig(socket: string): string {
  const salts = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ];
  return `<?php
// A throwaway test site (scripts/services/wordpress.ts).
define( 'DB_NAME', '${DB.name}' );
define( 'DB_USER', '${DB.user}' );
define( 'DB_PASSWORD', '${DB.password}' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${salts.map((name) => `define( '${name}', '${name.toLowerCase()}-test-site-only' );`).join('\n')}
$table_prefix = 'wp_';
define( 'WP_DEBUG', false );
// No network, no background work: no update checks, no cron loopbacks.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'DISABLE_WP_CRON', true );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

/** Runs `sandbox/wordpress/tools/site.php <task>` as www-data (WordPress loaded, as `sudo -u www-data wp` would); its JSON answer. */
async function siteTask(run: Run, url: string, server: WordPressServer, args: string[]): Promise<unknown> {
  const result = await execa(PHP, [path.join(SITE_FILES, 'tools', 'site.php'), run.docroot, url, ...args], {
    env: { CS_SERVER: server },
    ...WWW_DATA,
    all: true,
    reject: false,
    stdin: 'ignore',
  });
  // PHP's own messages (stderr) tell why; WordPress's error page (stdout) does not.
  if (result.exitCode !== 0)
    throw new ServiceStartError(
      `${SERVICE} task "${args[0]}"`,
      `failed (exit ${result.exitCode})`,
      result.stderr || result.stdout,
    );
  const last = result.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as unknown;
  } catch {
    throw new ServiceStartError(`${SERVICE} task "${args[0]}"`, 'printed no JSON', result.all ?? '');
  }
}

/** Installs and seeds WordPress into a fresh datadir, then keeps the datadir in `cacheDir`. */
async function buildCache(cacheDir: string, log: Log): Promise<void> {
  const run = makeRun();
  let db: MariaDb | undefined;
  try {
    await makeDocroot(run);
    const datadir = path.join(run.mysqlDir, 'data');
    await initMariaDbDatadir(datadir);
    db = await startMariaDb({ datadir, socket: run.socket, runDir: run.dir, log: () => undefined });
    await db.sql(
      `CREATE DATABASE ${DB.name} CHARACTER SET utf8mb4; CREATE USER '${DB.user}'@'localhost' IDENTIFIED BY '${DB.password}'; GRANT ALL ON ${DB.name}.* TO '${DB.user}'@'localhost';`,
    );
    const apiKey = `sc-test-${randomBytes(12).toString('hex')}`;
    await siteTask(run, CACHED_URL, 'nginx', ['install', apiKey]);
    const records = (await siteTask(run, CACHED_URL, 'nginx', ['seed'])) as WordPressRecords;
    log(`[${SERVICE}] seeded ${JSON.stringify(records)}`);
    await db.stop();
    db = undefined;
    const partial = `${cacheDir}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    await execa('cp', ['-a', datadir, path.join(partial, 'datadir')]);
    fs.writeFileSync(path.join(partial, 'site.json'), JSON.stringify({ apiKey, records } satisfies CachedSite));
    fs.renameSync(partial, cacheDir);
  } finally {
    await db?.stop();
    fs.rmSync(run.dir, { recursive: true, force: true });
  }
}

/** WordPress's standard `.htaccess` for pretty permalinks at the site's root, as it writes it. */
const HTACCESS = `# BEGIN WordPress
# The directives (lines) between "BEGIN WordPress" and "END WordPress" are
# dynamically generated, and should only be modified via WordPress filters.
# Any changes to the directives between these markers will be overwritten.
<IfModule mod_rewrite.c>
RewriteEngine On
RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]
RewriteBase /
RewriteRule ^index\\.php$ - [L]
RewriteCond %{REQUEST_FILENAME} !-f
RewriteCond %{REQUEST_FILENAME} !-d
RewriteRule . /index.php [L]
</IfModule>

# END WordPress
`;

/**
 * A running site: MariaDB from the cached datadir, PHP-FPM, and `server` in front, on a free port.
 * `log` gets the servers' output lines (by default they are only kept for output()).
 */
export async function startWordPress(opts: {
  server: WordPressServer;
  /**
   * Where the server listens: a free port of 127.0.0.1 unless given. Another loopback address on port
   * 80 (`127.0.0.2`) makes a site typed without a scheme, `https://127.0.0.2`, refused, as on a host
   * that serves plain HTTP only.
   */
  host?: string;
  port?: number;
  log?: Log;
  setupLog?: Log;
}): Promise<WordPressSite> {
  const t0 = Date.now();
  const { wordpressVersion: version, cacheDir } = await ensureWordPress(opts.setupLog ? { log: opts.setupLog } : {});
  const cached = JSON.parse(fs.readFileSync(path.join(cacheDir, 'site.json'), 'utf8')) as CachedSite;
  const run = makeRun();
  const parts: { name: string; output(): string; stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of [...parts].reverse()) await part.stop().catch(() => undefined);
    fs.rmSync(run.dir, { recursive: true, force: true });
  };
  try {
    const datadir = path.join(run.mysqlDir, 'data');
    await Promise.all([makeDocroot(run), execa('cp', ['-a', path.join(cacheDir, 'datadir'), datadir])]);
    const [db, php] = await Promise.all([
      startMariaDb({ datadir, socket: run.socket, runDir: run.dir, ...(opts.log ? { log: opts.log } : {}) }),
      startPhpFpm({ runDir: run.dir, ...(opts.log ? { log: opts.log } : {}) }),
    ]);
    parts.push({ name: 'mariadb', ...db }, { name: 'php-fpm', ...php });
    if (opts.server === 'apache') {
      // WordPress's to rewrite (Settings → Permalinks), as on hosts where PHP may write it.
      fs.writeFileSync(path.join(run.docroot, '.htaccess'), HTACCESS);
      fs.chownSync(path.join(run.docroot, '.htaccess'), WWW_DATA.uid, WWW_DATA.gid);
    }
    const htpasswd = path.join(run.dir, 'htpasswd');
    const stagingLogin = { user: 'staging', password: 'staging-password' };
    fs.writeFileSync(
      htpasswd,
      `${stagingLogin.user}:{SHA}${createHash('sha1').update(stagingLogin.password).digest('base64')}\n`,
    );
    const host = opts.host ?? '127.0.0.1';
    // As WordPress writes its address: no :80.
    const urlAt = (port: number) => new URL(`http://${host}:${port}`).origin;
    const web = await startOnPort(opts.port, async (port) => {
      await db.sql(siteAddressSql(urlAt(port)));
      return { port, server: await serve(run, opts.server, host, port, php, {}, opts.log) };
    });
    const url = urlAt(web.port);
    let current: WebServer = web.server;
    parts.push({ name: opts.server, output: () => current.output(), stop: () => current.stop() });
    let extras: ServerExtras = {};
    const restart = async (change: ServerExtras) => {
      extras = { ...extras, ...change };
      await current.stop();
      current = await serve(run, opts.server, host, web.port, php, extras, opts.log);
    };
    const task = (args: string[]) => siteTask(run, url, opts.server, args);
    const muPlugins = path.join(run.docroot, 'wp-content', 'mu-plugins');
    const situations = situationSwitches({ run, url, port: web.port, db, task, restart, muPlugins, htpasswd });
    const on = new Set<WordPressSituation>();
    opts.setupLog?.(`[${SERVICE}] ${opts.server} site at ${url} ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return {
      url,
      server: opts.server,
      apiKey: cached.apiKey,
      wordpressVersion: version,
      records: cached.records,
      stagingLogin,
      situation: async (name) => {
        if (on.has(name)) throw new Error(`the situation ${name} is already on`);
        await situations[name].on();
        on.add(name);
        return async () => {
          if (!on.delete(name)) return;
          await situations[name].off();
        };
      },
      slow: async (seconds) => {
        await db.sql(
          `USE ${DB.name}; REPLACE INTO wp_options (option_name, option_value, autoload) VALUES ('cs_situation_slow_seconds', '${Number(seconds)}', 'yes');`,
        );
        const file = path.join(muPlugins, 'cs-situation-slow.php');
        fs.copyFileSync(path.join(SITE_FILES, 'situations', 'slow.php'), file);
        return async () => fs.rmSync(file, { force: true });
      },
      pluginOrderBody: async () => (await task(['one-off-order'])) as Record<string, unknown>,
      output: () => parts.map((part) => `--- ${part.name}\n${part.output()}`).join('\n'),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function serve(
  run: Run,
  kind: WordPressServer,
  host: string,
  port: number,
  php: PhpFpm,
  extras: ServerExtras,
  log?: Log,
): Promise<WebServer> {
  return startWebServer({
    kind,
    host,
    port,
    docroot: run.docroot,
    runDir: run.dir,
    phpSocket: php.socket,
    extras,
    ...(log ? { log } : {}),
  });
}

/** The site's address (`home`, `siteurl`) and the product pages Studiocart stored, moved from one address to another. */
function siteAddressSql(url: string, from = CACHED_URL): string {
  return `USE ${DB.name};
UPDATE wp_options SET option_value = REPLACE(option_value, '${from}', '${url}') WHERE option_name IN ('siteurl', 'home');
UPDATE wp_postmeta SET meta_value = REPLACE(meta_value, '${from}', '${url}') WHERE meta_key = '_sc_page_url';`;
}

interface SwitchContext {
  run: Run;
  url: string;
  port: number;
  db: MariaDb;
  task: (args: string[]) => Promise<unknown>;
  restart: (change: ServerExtras) => Promise<void>;
  muPlugins: string;
  htpasswd: string;
}

function situationSwitches(
  c: SwitchContext,
): Record<WordPressSituation, { on(): Promise<void>; off(): Promise<void> }> {
  const plugin = (name: string) => {
    const file = path.join(c.muPlugins, `cs-situation-${name}.php`);
    return {
      on: async () => fs.copyFileSync(path.join(SITE_FILES, 'situations', `${name}.php`), file),
      off: async () => fs.rmSync(file, { force: true }),
    };
  };
  const elsewhere = `http://localhost:${c.port}`;
  return {
    'plain-permalinks': {
      on: async () => void (await c.task(['permalinks', ''])),
      off: async () => void (await c.task(['permalinks', '/%postname%/'])),
    },
    maintenance: {
      // As WordPress writes it during an update; `time()` keeps it within WordPress's 10 minutes.
      on: async () => fs.writeFileSync(path.join(c.run.docroot, '.maintenance'), '<?php $upgrading = time(); ?>'),
      off: async () => fs.rmSync(path.join(c.run.docroot, '.maintenance'), { force: true }),
    },
    'rest-401': plugin('rest-401'),
    'rest-403': plugin('rest-403'),
    fatal: plugin('fatal'),
    'studiocart-off': {
      on: async () => void (await c.task(['plugin', 'off'])),
      off: async () => void (await c.task(['plugin', 'on'])),
    },
    'no-api': {
      on: async () => fs.renameSync(path.join(c.muPlugins, API_PLUGIN), path.join(c.run.aside, API_PLUGIN)),
      off: async () => fs.renameSync(path.join(c.run.aside, API_PLUGIN), path.join(c.muPlugins, API_PLUGIN)),
    },
    'staging-password': {
      on: () => c.restart({ basicAuthFile: c.htpasswd }),
      off: () => c.restart({ basicAuthFile: undefined }),
    },
    'home-elsewhere': {
      on: async () => void (await c.db.sql(siteAddressSql(elsewhere, c.url))),
      off: async () => void (await c.db.sql(siteAddressSql(c.url, elsewhere))),
    },
    'server-redirect': {
      on: () => c.restart({ redirectToHttps: true }),
      off: () => c.restart({ redirectToHttps: false }),
    },
  };
}
