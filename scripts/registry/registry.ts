/**
 * A throwaway npm registry on 127.0.0.1 (verdaccio, a devDependency), for installing the n8n package
 * the way self-hosters do: n8n fetches it from the registry in N8N_COMMUNITY_PACKAGES_REGISTRY.
 * No uplinks (nothing is proxied from the internet), storage and config in a temp folder, one
 * publisher whose token lives only in a temp `.npmrc` (never the user's ~/.npmrc, never printed).
 *
 *   const registry = await startRegistry();               // free port, ready on /-/ping
 *   await registry.publish(tarballOrDir);                 // → { name, version }
 *   await registry.publish(tarball, { version: '1.0.1' }); // a copy with another version
 *   registry.url                                          // http://127.0.0.1:<port>
 *   await registry.stop();                                // process group ended, temp folder removed
 */
import { execFile } from 'child_process';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { childEnv, type Log, projectNode, REPO_ROOT } from '../toolchain';
import { freePort } from '../services/ports';
import { supervise, waitFor } from '../services/supervise';
import { RegistryError } from './errors';
import { NPMJS_URL, startNpmjsProxy, type NpmjsProxy } from './npmjsProxy';

const execFileAsync = promisify(execFile);

export interface StartRegistryOptions {
  /** Default: a free port. */
  port?: number;
  /** Receives verdaccio's log lines (warnings and errors only); silent by default. */
  log?: Log;
  /** How long to wait for /-/ping (default 60 s). */
  readyTimeoutMs?: number;
}

interface Published {
  name: string;
  version: string;
}

export interface Registry {
  /** http://127.0.0.1:<port> (no trailing slash): the value for N8N_COMMUNITY_PACKAGES_REGISTRY. */
  url: string;
  port: number;
  /** A temp `.npmrc` with the registry and the publisher's token (mode 600); removed by stop(). */
  npmrc: string;
  /**
   * Env for an n8n whose community-packages installer should get packages from this registry: n8n
   * keeps its default registry (https://registry.npmjs.org; any other needs an enterprise licence)
   * and reaches it through `proxy` (HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS). See npmjsProxy.ts.
   */
  n8nEnv: Record<string, string>;
  /** The HTTPS proxy that answers registry.npmjs.org from this registry. */
  proxy: NpmjsProxy;
  /**
   * Publishes a package folder or a `.tgz` (from `npm pack`). With `version` (or `manifest`, fields
   * merged into package.json), publishes a copy of it changed so instead (e.g. an update to offer n8n).
   */
  publish(source: string, opts?: { version?: string; manifest?: Record<string, unknown> }): Promise<Published>;
  /** Versions of `name` the registry serves (none: []). */
  versions(name: string): Promise<string[]>;
  /** Last lines verdaccio printed (for error messages). */
  output(): string;
  /** Ends verdaccio's process group and removes the temp folder. Idempotent. */
  stop(): Promise<void>;
}

const PUBLISHER = 'commerce-service-publisher';

/** verdaccio's config: no uplinks, everything readable by anyone, publishable by the one user. */
function configYaml(dir: string): string {
  return [
    `storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}`,
    '    max_users: 1',
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    unpublish: $authenticated',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: error }',
    '',
  ].join('\n');
}

export async function startRegistry(opts: StartRegistryOptions = {}): Promise<Registry> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // Checked before the temp folder is made, so a missing verdaccio leaves nothing behind.
  const node = projectNode();
  const bin = verdaccioBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-registry-'));
  const config = path.join(dir, 'config.yaml');
  fs.writeFileSync(config, configYaml(dir));
  const server = supervise({
    cmd: node.nodeBin,
    args: [bin, '--listen', `127.0.0.1:${port}`, '--config', config],
    cwd: dir,
    env: childEnv(node.binDir),
    label: 'registry',
    removeOnOrphan: dir,
    ...(opts.log ? { log: opts.log } : {}),
  });
  let proxy: NpmjsProxy | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await proxy?.close();
      await server.stop(5000);
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  try {
    const ready = await waitFor(
      async () => (await get(`${url}/-/ping`)).status === 200,
      opts.readyTimeoutMs ?? 60000,
      server.hasExited,
    );
    if (!ready)
      throw new RegistryError('start', `verdaccio did not answer on ${url}. Last output:\n${server.output()}`);
    const token = await addPublisher(url);
    const npmrc = path.join(dir, '.npmrc');
    fs.writeFileSync(npmrc, `registry=${url}/\n//127.0.0.1:${port}/:_authToken=${token}\n`, { mode: 0o600 });
    const redact = (text: string) => text.split(token).join('<token>');
    proxy = await startNpmjsProxy(url, dir);
    const proxyEnv = proxy.env;
    return {
      url,
      port,
      npmrc,
      // A cache of its own for the npm n8n runs: nothing installs from what other runs fetched, so a
      // registry that is down is down (npm would otherwise serve a cached copy on a refused connection).
      n8nEnv: {
        ...proxyEnv,
        N8N_COMMUNITY_PACKAGES_REGISTRY: NPMJS_URL,
        npm_config_cache: path.join(dir, 'npm-cache'),
      },
      proxy,
      publish: (source, publishOpts = {}) => {
        const changes = { ...publishOpts.manifest, ...(publishOpts.version ? { version: publishOpts.version } : {}) };
        return publish(source, changes, { url, npmrc, dir, redact });
      },
      versions: (name) => versions(url, name),
      output: server.output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** verdaccio's CLI script (its package `exports` hide bin/, so it is found through package.json). */
function verdaccioBin(): string {
  let manifest: string;
  try {
    manifest = require.resolve('verdaccio/package.json', { paths: [REPO_ROOT] });
  } catch {
    throw new RegistryError('start', 'verdaccio is not installed (run npm install at the repository root)');
  }
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : (bin.verdaccio ?? ''));
}

interface Reply {
  status: number;
  body: string;
}

function request(url: string, method: string, body?: unknown): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        timeout: 10000,
        headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve({ status: 0, body: '' })); // not up yet, or gone
    req.end(payload);
  });
}

const get = (url: string) => request(url, 'GET');

/** Creates the one publisher (what `npm adduser` does) and returns its token. */
async function addPublisher(url: string): Promise<string> {
  const password = randomBytes(18).toString('base64url');
  const reply = await request(`${url}/-/user/org.couchdb.user:${PUBLISHER}`, 'PUT', {
    name: PUBLISHER,
    password,
    type: 'user',
    roles: [],
  });
  let token: unknown;
  try {
    token = (JSON.parse(reply.body) as { token?: unknown }).token;
  } catch {
    token = undefined;
  }
  if (reply.status !== 201 || typeof token !== 'string' || !token)
    throw new RegistryError('adding the publisher', `verdaccio answered ${reply.status} without a token`);
  return token;
}

async function versions(url: string, name: string): Promise<string[]> {
  const reply = await get(`${url}/${encodeURIComponent(name).replace(/^%40/, '@')}`);
  if (reply.status === 404) return [];
  if (reply.status !== 200) throw new RegistryError(`reading ${name}`, `verdaccio answered ${reply.status}`);
  return Object.keys((JSON.parse(reply.body) as { versions?: Record<string, unknown> }).versions ?? {});
}

interface PublishContext {
  url: string;
  npmrc: string;
  dir: string;
  redact: (text: string) => string;
}

/** npm with only our temp .npmrc (no ~/.npmrc, no npm_* vars from an outer `npm run`). */
async function npm(args: string[], cwd: string, ctx: PublishContext, step: string): Promise<string> {
  const node = projectNode();
  try {
    const { stdout } = await execFileAsync('npm', [...args, '--registry', `${ctx.url}/`, '--userconfig', ctx.npmrc], {
      cwd,
      env: childEnv(node.binDir, { npm_config_userconfig: ctx.npmrc, npm_config_update_notifier: 'false' }),
      maxBuffer: 10 * 1024 * 1024,
      timeout: 120000,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    const all = `${stderr}\n${stdout}`
      .split('\n')
      .filter((l) => l.trim() && !/Unknown (user|env) config "nodedir"|complete log of this run/.test(l));
    // npm's own error lines say what went wrong; its notices (the file list) do not.
    const errors = all.filter((l) => /^npm (error|ERR!)/.test(l));
    const lines = (errors.length ? errors : all).slice(-15);
    throw new RegistryError(step, ctx.redact(lines.join('\n') || message));
  }
}

/** The name and version in a package folder's package.json. */
function readManifest(dir: string): Published & Record<string, unknown> {
  const file = path.join(dir, 'package.json');
  if (!fs.existsSync(file)) throw new RegistryError(`publishing ${dir}`, 'no package.json there');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Published & Record<string, unknown>;
}

/** Unpacks a tarball from `npm pack` (its files are under `package/`) into a fresh temp folder. */
async function unpack(tarball: string, ctx: PublishContext): Promise<string> {
  const into = fs.mkdtempSync(path.join(ctx.dir, 'unpacked-'));
  try {
    await execFileAsync('tar', ['-xzf', tarball, '-C', into]);
  } catch (error) {
    throw new RegistryError(`unpacking ${tarball}`, (error as Error).message);
  }
  return path.join(into, 'package');
}

async function publish(source: string, changes: Record<string, unknown>, ctx: PublishContext): Promise<Published> {
  const resolved = path.resolve(source);
  if (!fs.existsSync(resolved)) throw new RegistryError(`publishing ${source}`, 'no such file or folder');
  const isTarball = fs.statSync(resolved).isFile();
  const changed = Object.keys(changes).length > 0;
  let target = resolved;
  if (changed) {
    // A changed copy: unpack (or copy) it, then rewrite package.json.
    target = isTarball ? await unpack(resolved, ctx) : copyDir(resolved, ctx);
    const manifest = readManifest(target);
    fs.writeFileSync(path.join(target, 'package.json'), `${JSON.stringify({ ...manifest, ...changes }, null, 2)}\n`);
  }
  const manifest = isTarball && !changed ? readManifest(await unpack(resolved, ctx)) : readManifest(target);
  const what = `${manifest.name}@${manifest.version}`;
  // --ignore-scripts: what is published is what was built; no lifecycle script runs here.
  await npm(['publish', target, '--ignore-scripts'], ctx.dir, ctx, `publishing ${what}`);
  const served = await versions(ctx.url, manifest.name);
  if (!served.includes(manifest.version))
    throw new RegistryError(`publishing ${what}`, `the registry serves only ${served.join(', ') || 'nothing'}`);
  return { name: manifest.name, version: manifest.version };
}

function copyDir(source: string, ctx: PublishContext): string {
  const into = path.join(fs.mkdtempSync(path.join(ctx.dir, 'copy-')), 'package');
  fs.cpSync(source, into, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  return into;
}
