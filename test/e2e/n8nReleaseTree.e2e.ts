/**
 * The n8n package as the repository of its own that the release publishes from: `npm run release:tree`
 * writes it into a temporary folder, which installs its own devDependencies from the registry (as the
 * release workflow does, install scripts off) and becomes a git repository (`git init`, one commit,
 * node_modules/ and dist/ ignored), and is then judged there by n8n's own tools and ours, as they will judge the published package:
 *   - `n8n-node lint` in strict mode (n8n's default eslint config, unchanged) on the whole tree, the
 *     shared client's sources included;
 *   - `n8n-node build` (tsc and a copy of icons), to the dist/ paths package.json names;
 *   - n8n's community-package scanner (`analyzePackage`) on the source and on the unpacked tarball;
 *   - the pack check (scripts/n8n-package/packCheck.ts): the tarball, LICENSE included, installs and
 *     loads on its own;
 *   - the installed-from-a-registry install: the tree's tarball published to a local registry and
 *     installed by a real n8n through Settings → Community nodes, then one purchase through the
 *     installed webhook trigger against the sandbox store.
 * N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1 keeps the work folder.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Sandbox, startSandbox } from '../../sandbox';
import { writeReleaseTree } from '../../scripts/n8n-package/releaseTree';
import { childEnv, ensureN8n, N8N_VERSION, projectNode } from '../../scripts/n8n/install';
import {
  ensureOwner,
  installCommunityPackage,
  saveCredential,
  saveWorkflow,
  startN8n,
  type N8nInstance,
  type RestSession,
} from '../../scripts/n8n/instance';
import { startRegistry, type Registry } from '../../scripts/registry/registry';
import { licenseProblems } from '../../scripts/release/license';
import { sandboxCredential } from '../../scripts/start/examples';
import { nodeTypesFor, triggerWorkflow } from '../../scripts/kit/workflows';
import { describeIf, probe } from './support/probe';
import { CRED, expectTriggerLifecycle, timer, WEBHOOK, WF, withOutput, type LifecycleContext } from './support/steps';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const PACKAGE = 'n8n-nodes-commerce-service';
const TYPES = nodeTypesFor(PACKAGE);

/** A command in the tree on the project's Node 24, without jest's NODE_ENV=test (n8n's node linter misreads file names under it). */
async function inTree(cwd: string, command: string, args: string[], timeout = 600_000): Promise<string> {
  const { NODE_ENV: _test, ...env } = childEnv(projectNode().binDir, { FORCE_COLOR: '0', NO_COLOR: '1' });
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env, timeout, maxBuffer: 50 * 1024 * 1024 });
    return `${stdout}\n${stderr}`;
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}: ${message}\n${stdout}\n${stderr}`.slice(-8000));
  }
}

/** Runs in a child process (an ES module, and outside jest's NODE_ENV): the scanner on the source and the tarball. */
const SCAN = String.raw`
const [scanner, source, unpacked] = process.argv.slice(1);
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(scanner);
const results = [];
for (const [label, dir, patterns] of [['source', source, SOURCE_FILE_PATTERNS], ['tarball', unpacked, ['**/*.js', 'package.json']]]) {
  const result = await analyzePackage(dir, patterns);
  results.push({ label, patterns, passed: result.passed, message: result.message ?? '', details: result.details ?? '' });
}
console.log(JSON.stringify(results));
`;

interface ScanLeg {
  label: string;
  patterns: string[];
  passed: boolean;
  message: string;
  details: string;
}

const found = probe(['n8n']);
const describeN8n = describeIf(found, `n8n ${N8N_VERSION}: the n8n package as a single-package repository`);

describeN8n(`n8n ${N8N_VERSION}: the n8n package as a single-package repository`, () => {
  const clock = timer('single-package repository e2e');
  const { timed } = clock;
  let workDir = '';
  let tree = '';
  let tarball = '';
  let registry: Registry | undefined;
  let store: Sandbox | undefined;
  let server: N8nInstance | undefined;
  let session: RestSession;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'n8n-release-tree-e2e-'));
    tree = path.join(workDir, 'repository');
    writeReleaseTree(tree);
    // Its own devDependencies, as the release workflow installs them before it commits (the lockfile
    // goes into the repository; install scripts off: a transitive package of n8n's lint tooling has a
    // pnpm-only preinstall).
    await timed('npm install in the tree', () =>
      inTree(tree, 'npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], 1_200_000),
    );
    await inTree(tree, 'git', ['init', '--quiet', '--initial-branch=main']);
    await inTree(tree, 'git', ['add', '--all']);
    await inTree(tree, 'git', [
      '-c',
      'user.name=release tree e2e',
      '-c',
      'user.email=release-tree@example.invalid',
      'commit',
      '--quiet',
      '--message=Release tree',
    ]);
  }, 1_500_000);

  afterAll(async () => {
    await server?.stop();
    await registry?.stop();
    await store?.close();
    if (workDir && !process.env.N8N_E2E_KEEP) rmSync(workDir, { recursive: true, force: true });
    else if (workDir) process.stderr.write(`kept ${workDir}\n`);
    clock.print();
  }, 120_000);

  it('single-package repository: a git repository whose root package.json names its own repository, with no directory', async () => {
    expect(await inTree(tree, 'git', ['status', '--porcelain'])).toMatch(/^\s*$/);
    expect((await inTree(tree, 'git', ['ls-files'])).split('\n')).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', 'LICENSE', 'eslint.config.mjs', 'shared/index.ts']),
    );
    const pkg = JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as {
      name: string;
      repository: Record<string, string>;
      n8n: { strict: boolean };
    };
    expect(pkg.name).toBe(PACKAGE);
    expect(pkg.repository.url).toMatch(new RegExp(`^git\\+https://github\\.com/[^/]+/${PACKAGE}\\.git$`));
    expect(pkg.repository).not.toHaveProperty('directory');
    expect(pkg.n8n.strict).toBe(true);
  });

  it('single-package repository: `n8n-node lint` passes in strict mode on the whole tree', async () => {
    const output = await timed('n8n-node lint', () => inTree(tree, 'npm', ['run', 'lint']));
    expect(output).toContain('n8n-node lint');
    expect(output).not.toMatch(/Strict mode violation|\d+ problems?/);
  }, 600_000);

  it('single-package repository: `n8n-node build` writes dist/ at the paths package.json names', async () => {
    await timed('n8n-node build', () => inTree(tree, 'npm', ['run', 'build']));
    const pkg = JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as {
      n8n: { nodes: string[]; credentials: string[] };
    };
    for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(existsSync(path.join(tree, file))).toBe(true);
  }, 600_000);

  it("single-package repository: n8n's scanner passes the source and the tarball", async () => {
    const packDir = path.join(workDir, 'pack');
    mkdirSync(path.join(packDir, 'package'), { recursive: true });
    const packed = JSON.parse(
      await inTree(tree, 'npm', ['pack', '--json', '--pack-destination', packDir]).then((out) =>
        out.slice(out.indexOf('['), out.lastIndexOf(']') + 1),
      ),
    ) as { filename: string; files: { path: string }[] }[];
    tarball = path.join(packDir, packed[0]?.filename ?? '');
    expect(packed[0]?.files.map((file) => file.path)).toEqual(expect.arrayContaining(['LICENSE', 'package.json']));
    await inTree(packDir, 'tar', ['-xzf', tarball, '-C', path.join(packDir, 'package'), '--strip-components=1']);
    const scanner = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs', { paths: [ROOT] });
    const out = await timed('scanner', () =>
      inTree(workDir, process.execPath, [
        '--input-type=module',
        '-e',
        SCAN,
        scanner,
        tree,
        path.join(packDir, 'package'),
      ]),
    );
    const legs = JSON.parse(out.trim().split('\n')[0] ?? '') as ScanLeg[];
    expect(legs.map(({ label, passed, message, details }) => ({ label, passed, message, details }))).toEqual([
      { label: 'source', passed: true, message: '', details: '' },
      { label: 'tarball', passed: true, message: '', details: '' },
    ]);
    const license = readFileSync(path.join(packDir, 'package', 'LICENSE'), 'utf8');
    expect(licenseProblems(license, JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')))).toEqual([]);
  }, 600_000);

  it('single-package repository: the pack check passes on its tarball (installs and loads on its own)', async () => {
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const output = await timed('pack check', () =>
      inTree(tree, tsx, [path.join(ROOT, 'scripts', 'n8n-package', 'packCheck.ts'), tree]),
    );
    expect(output).toContain('Packed LICENSE: MIT');
    expect(output).toContain('Pack check passed: the tarball installs and loads on its own.');
  }, 600_000);

  it('single-package repository: installed from a registry by n8n, one purchase runs the installed trigger', async () => {
    expect(tarball).not.toBe('');
    const install = await timed(`ensureN8n ${N8N_VERSION} (cached)`, () => ensureN8n({ version: N8N_VERSION }));
    registry = await timed('registry start', () => startRegistry());
    await timed('publish', () => (registry as Registry).publish(tarball));
    store = await startSandbox({ port: 0, profile: 'real', quiet: true });
    const home = {
      install,
      userFolder: path.join(workDir, 'n8n'),
      communityPackages: true,
      env: registry.n8nEnv,
      ...(process.env.N8N_E2E_VERBOSE ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    };
    server = await timed('n8n start', () => startN8n({ ...home, readyTimeoutMs: 240_000 }));
    session = (await ensureOwner(server)).session;
    const ctx: LifecycleContext = {
      session: () => session,
      hookUrl: (webhookId) => (server as N8nInstance).webhookUrl(webhookId, 'webhook'),
    };
    await withOutput(
      () => [
        ['n8n', server?.output()],
        ['registry', registry?.output()],
      ],
      async () => {
        const installed = await timed('install through n8n', () => installCommunityPackage(session, PACKAGE));
        expect(installed).toMatchObject({ packageName: PACKAGE, installedVersion: '1.0.0' });
        expect(installed.installedNodes.map((node) => node.type).sort()).toEqual(Object.values(TYPES).sort());
        // The installed copy is the tree's build: its shared client as tsc's files, not our bundle.
        const installedDir = path.join(home.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE);
        expect(existsSync(path.join(installedDir, 'dist', 'shared', 'index.js'))).toBe(true);
        expect(existsSync(path.join(installedDir, 'LICENSE'))).toBe(true);
        // Saved once the package is in, as the editor's Save does: n8n refuses a credential type it has not loaded.
        const credential = await saveCredential(session, sandboxCredential(store as Sandbox, CRED.real));
        const workflowId = await saveWorkflow(
          session,
          triggerWorkflow({
            id: WF.triggerReal,
            webhookId: WEBHOOK.real,
            credential,
            event: 'purchased',
            types: TYPES,
          }),
        );
        // Activate → one hook; one purchase → one execution with the order; deactivate → no hook.
        await timed('trigger lifecycle with one purchase', () =>
          expectTriggerLifecycle(ctx, store as Sandbox, workflowId, WEBHOOK.real),
        );
      },
    )();
  }, 1_500_000);
});
