/**
 * What Zapier receives and runs: the zip `zapier-platform build` makes (`npm run zapier:build`, once per
 * run for both Zapier e2e files: support/zapierBuild.ts). It is unpacked alone into an empty folder, outside the repository, and run the way Zapier's Lambda runs it:
 * `require('<zip>/zapierwrapper.js').handler(event)`, which is zapier-platform-core's own
 * `createAppHandler` bundled in the zip, with Zapier's `{command: 'execute', method, bundle}` events.
 * Each call runs in its own Node process (as Lambda does), so the handler's HTTP patching stays out of
 * this process, which serves the sandbox store and a hook receiver. Also: `zapier-platform validate`
 * reports no schema errors, read from its JSON output.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { type Sandbox, startSandbox } from '../../sandbox';
import { licenseProblems } from '../../scripts/release/license';
import { holdExclusively } from './support/exclusive';
import { SharedRun } from './support/steps';
import { zapierBuild, ZAPIER_ZIP } from './support/zapierBuild';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** Unpacks a zip (stored or deflated entries, as the CLI writes) into `dir`; returns the file names. */
function unzip(zip: Buffer, dir: string): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + skip;
    if (name.split('/').includes('..') || path.isAbsolute(name)) throw new Error(`unsafe path in zip: ${name}`);
    if (name.endsWith('/')) continue;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: unsupported compression method ${method}`);
    const target = path.join(dir, name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, method === 8 ? inflateRawSync(data) : data);
    names.push(name);
  }
  return names;
}

/** Runs in a fresh Node process per call: loads the unpacked zip's entry and invokes its handler. */
const INVOKE = String.raw`
const path = require('node:path');
const appDir = process.argv[2];
const event = JSON.parse(process.argv[3]);
const core = require.resolve('zapier-platform-core', { paths: [appDir] });
const { handler } = require(path.join(appDir, 'zapierwrapper.js'));
handler(event, {}).then(
  (output) => console.log(JSON.stringify({ ok: true, core, results: output.results })),
  (error) => console.log(JSON.stringify({ ok: false, core, name: error.name, message: error.message })),
);
`;

type Invocation = { core: string } & ({ ok: true; results: unknown } | { ok: false; name: string; message: string });

/** A webhook receiver standing in for Zapier's hook URL: keeps the JSON bodies the store posts. */
async function startReceiver() {
  const bodies: unknown[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/standard/1/build-zip/`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let workDir: string;
let appDir: string;
let invokeScript: string;
let sandbox: Sandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

/** One Zapier call through the zip's handler, as Zapier makes it (checks on, as in the editor's tests). */
async function zapierCall(method: string, bundle: Record<string, unknown>): Promise<Invocation> {
  return zapierEvent({ command: 'execute', method, bundle, isDeveloper: true });
}

/** One event through the zip's handler in its own Node process (`execute`, or another core command). */
async function zapierEvent(event: Record<string, unknown>): Promise<Invocation> {
  const { NODE_ENV: _testEnv, ...env } = process.env;
  const { stdout } = await run(process.execPath, [invokeScript, appDir, JSON.stringify(event)], {
    cwd: workDir,
    env: { ...env, NODE_ENV: 'production' },
    timeout: 60_000,
    maxBuffer: 20 * 1024 * 1024,
  });
  const invocation = JSON.parse(stdout.trim().split('\n').pop() ?? '') as Invocation;
  // The handler and the app code come from the zip, not from the repository's node_modules.
  expect(invocation.core.startsWith(`${appDir}${path.sep}`)).toBe(true);
  return invocation;
}

async function results<T>(method: string, bundle: Record<string, unknown>): Promise<T> {
  const invocation = await zapierCall(method, bundle);
  if (!invocation.ok) throw new Error(`${method} failed: ${invocation.name}: ${invocation.message}`);
  return invocation.results as T;
}

const authData = () => ({ storeUrl: sandbox.url, apiKey: sandbox.apiKey, apiRoot: sandbox.apiRoot });

// zapier/build, zapier/dist and zapier/.env are written by the Zapier e2e files: one at a time.
holdExclusively('zapier-app');

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'zapier-build-zip-'));
  appDir = path.join(workDir, 'app');
  mkdirSync(appDir);
  invokeScript = path.join(workDir, 'invoke.js');
  writeFileSync(invokeScript, INVOKE);
  sandbox = await startSandbox({ port: 0, profile: 'real', quiet: true });
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const UNPACKS = 'build zip: `npm run zapier:build` makes it, and it unpacks alone into an empty folder';

/**
 * What Zapier receives, built fresh in this run and unpacked once for every test below: by the first
 * test, which shows a failure with its cause; the others then say where to read it.
 */
const unpackedZip = new SharedRun(UNPACKS, async () => {
  await zapierBuild();
  return unzip(readFileSync(ZAPIER_ZIP), appDir);
});

describe('the build zip, unpacked alone, through zapier-platform-core’s own handler', () => {
  it(UNPACKS, async () => {
    const unpacked = await unpackedZip.run();
    expect(unpacked).toEqual(expect.arrayContaining(['zapierwrapper.js', 'index.js', 'dist/index.js', 'package.json']));
    expect(readdirSync(workDir).sort()).toEqual(['app', 'invoke.js']);
    const { version } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { version: string };
    const definition = JSON.parse(readFileSync(path.join(appDir, 'definition.json'), 'utf8')) as { version: string };
    expect(definition.version).toBe(version);
  });

  it('build zip: carries the MIT LICENSE, the repository’s, naming the author of the release metadata', async () => {
    const unpacked = await unpackedZip.read();
    // The MIT licence asks that its notice go with every copy: the zip is the copy Zapier runs.
    expect(unpacked).toContain('LICENSE');
    const license = readFileSync(path.join(appDir, 'LICENSE'), 'utf8');
    expect(license).toBe(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
    const metadata = JSON.parse(readFileSync(path.join(ROOT, 'n8n', 'package.json'), 'utf8')) as { author?: unknown };
    expect(licenseProblems(license, metadata, 'the zip’s LICENSE')).toEqual([]);
    // The app's own notice, at the root: .zapierapprc's pattern does not sweep in node_modules' licences.
    expect(unpacked.filter((name) => /(^|\/)LICENSE$/.test(name))).toEqual(['LICENSE']);
  });

  it('build zip: the auth test passes on the sandbox store, and a wrong key fails with the store named', async () => {
    await unpackedZip.read();
    // The connection test reports where it reached the API (docs/service/errors.md#situations).
    await expect(results('authentication.test', { authData: authData() })).resolves.toEqual({
      store: sandbox.url.replace('http://', ''),
      storeUrl: sandbox.url,
      apiRoot: '/wp-json/sc/v1',
      address: `${sandbox.url}/wp-json/sc/v1`,
    });
    const refused = await zapierCall('authentication.test', { authData: { ...authData(), apiKey: 'wrong-key' } });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.message).toMatch(/did not accept the API key/);
    expect(refused.ok ? '' : refused.message).toContain(sandbox.url.replace('http://', ''));
    expect(refused.ok ? '' : refused.message).not.toContain('wrong-key');
  });

  it('build zip: Product Purchased subscribes a hook on the store, performs its delivery, and unsubscribes it', async () => {
    await unpackedZip.read();
    sandbox.reset();
    const inputData = { product_id: '', plan_ids: [], prices_in_cents: false, verify_deliveries: true };
    const trigger = 'triggers.product_purchased.operation';

    const subscribeData = await results<{ id: string }>(`${trigger}.performSubscribe`, {
      authData: authData(),
      inputData,
      targetUrl: receiver.url,
    });
    expect(sandbox.hooks()).toEqual([
      expect.objectContaining({ id: String(subscribeData.id), hookUrl: receiver.url, statuses: ['purchased'] }),
    ]);

    const [delivery] = await sandbox.fireEvent({ type: 'purchased' });
    expect(delivery?.status).toBe(200);
    const body = receiver.bodies.at(-1) as Record<string, unknown>;
    const records = await results<Record<string, unknown>[]>(`${trigger}.perform`, {
      authData: authData(),
      inputData,
      cleanedRequest: body,
    });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      trigger: 'purchased',
      id: Number(body.id ?? body.order_id),
      customer_email: body.customer_email,
      verification: { status: 'verified' },
    });
    expect(JSON.stringify(records)).not.toContain(sandbox.apiKey);

    await results(`${trigger}.performUnsubscribe`, { authData: authData(), inputData, subscribeData });
    expect(sandbox.hooks()).toEqual([]);
  });

  it('build zip: getAuthTemplate tells Zapier the key rides in x-api-key, and the definition carries the throttle', async () => {
    await unpackedZip.read();
    await expect(zapierEvent({ command: 'getAuthTemplate', bundle: {} })).resolves.toMatchObject({
      ok: true,
      results: {
        supported: true,
        authType: 'custom',
        source: 'beforeRequest',
        template: { headers: { 'x-api-key': '{{bundle.authData.apiKey}}' } },
      },
    });
    const definition = JSON.parse(readFileSync(path.join(appDir, 'definition.json'), 'utf8')) as { throttle?: unknown };
    expect(definition.throttle).toEqual({ window: 10, limit: 5, scope: ['auth'] });
  });

  it('build zip: Find Order finds an order of the store, and nothing for an unknown ID', async () => {
    await unpackedZip.read();
    const orders = await results<{ id: number }[]>('triggers.product_purchased.operation.performList', {
      authData: authData(),
      inputData: {},
      meta: { isLoadingSample: true },
    });
    const id = orders[0]?.id;
    expect(id).toEqual(expect.any(Number));
    const found = await results<{ id: number }[]>('searches.find_order.operation.perform', {
      authData: authData(),
      inputData: { order_id: String(id) },
    });
    expect(found.map((order) => order.id)).toEqual([id]);
    await expect(
      results('searches.find_order.operation.perform', { authData: authData(), inputData: { order_id: '987654321' } }),
    ).resolves.toEqual([]);
  });
});

describe('zapier-platform validate', () => {
  it('reports 0 schema errors in its JSON output', async () => {
    // The verdict is the list of errors it prints, not its exit code: a failing run still prints them.
    const { stdout } = await run('npm', ['run', '--silent', 'zapier:validate', '--', '--format', 'json'], {
      cwd: ROOT,
      timeout: 600_000,
      maxBuffer: 20 * 1024 * 1024,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    }).catch((error: Partial<{ stdout: string; stderr: string }>) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    const errors = JSON.parse(stdout.trim()) as { property: string; message: string }[];
    expect(Array.isArray(errors)).toBe(true);
    expect(errors.map(({ property, message }) => `${property}: ${message}`)).toEqual([]);
  });
});
