/**
 * The README's set-up with the npm that Node 20 and 22 ship (npm 10), not only with CI's newer npm: a
 * fresh clone of this repository's HEAD (commit first: the clone has only what is committed), installed
 * by npm 10 running on the machine's own Node, in a user's shell environment (test/e2e/support/npmStart.ts,
 * `userShellEnv`: npx may not fetch a package unasked, so an install script that needs to fetch one fails
 * here). Then, in that clone: the project's own Node 24 is there, n8n's lint reports the rules of
 * eslint-plugin-n8n-nodes-base, and `npm start -- --no-n8n` comes up and stops on Ctrl-C. Last, the
 * vendored plugin (vendor/README.md) is the registry's release but for its pnpm-only preinstall.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/services/ports';
import { npmStart, runIn, userShellEnv, type NpmStart, type Ran } from './support/npmStart';
import { ROOT, timer } from './support/steps';

const clock = timer('npm 10 fresh clone e2e');
const timed = clock.timed;

const PLUGIN = 'eslint-plugin-n8n-nodes-base';
const PREINSTALL_LINE = '\t\t"preinstall": "npx only-allow pnpm",\n';
/** A plugin rule that fires when a dynamic-options parameter's name does not end with "Name or ID". */
const PLUGIN_RULE = 'n8n-nodes-base/node-param-display-name-wrong-for-dynamic-options';

const work = mkdtempSync(path.join(tmpdir(), 'npm10-clone-'));
const clone = path.join(work, 'repo');
let env: NodeJS.ProcessEnv = {};
let installed: Ran | undefined;
let run: NpmStart | undefined;

afterAll(() => {
  run?.kill();
  clock.print();
  rmSync(work, { recursive: true, force: true });
});

/** The last lines of a command's output, for a failure message. */
const tail = (ran: Ran, lines = 40) => ran.output.trimEnd().split('\n').slice(-lines).join('\n');

/** Fails the later tests with the reason, when the install they build on did not succeed. */
function requireInstall(): void {
  if (installed?.exit !== 0) throw new Error('the npm 10 install of the fresh clone failed: see the first test');
}

/** Every file under `dir`, by its path relative to it. */
function files(dir: string, under = ''): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const name of readdirSync(path.join(dir, under))) {
    const relative = path.join(under, name);
    const full = path.join(dir, relative);
    if (statSync(full).isDirectory()) for (const [p, b] of files(dir, relative)) found.set(p, b);
    else found.set(relative, readFileSync(full));
  }
  return found;
}

describe('a fresh clone, installed with npm 10', () => {
  it('npm 10 (the npm Node 20 and 22 ship), on the machine’s Node, installs a fresh clone: npm ci exits 0', async () => {
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    const npm10 = path.join(work, 'npm10');
    const got = await timed('npm 10 from the registry', () =>
      runIn(work, 'npm', ['install', '--prefix', npm10, '--no-audit', '--no-fund', 'npm@10'], process.env, 300_000),
    );
    expect({ installNpm10: got.exit, last: tail(got, 10) }).toEqual({ installNpm10: 0, last: expect.any(String) });
    env = userShellEnv([path.join(npm10, 'node_modules', '.bin')]);

    const versions = await runIn(clone, 'sh', ['-c', 'echo "$(npm -v) $(node -v) $(command -v node)"'], env, 60_000);
    const [npmVersion = '', nodeVersion = '', nodePath = ''] = versions.output.trim().split(' ');
    process.stderr.write(`npm ${npmVersion} on the machine's node ${nodeVersion} (${nodePath})\n`);
    expect({ npm: npmVersion, nodeMajor: Number(/^v(\d+)\./.exec(nodeVersion)?.[1]) }).toEqual({
      npm: expect.stringMatching(/^10\./),
      nodeMajor: expect.any(Number),
    });
    expect(nodePath).not.toContain('node_modules');

    installed = await timed('npm ci (npm 10)', () => runIn(clone, 'npm', ['ci'], env, 1_080_000));
    expect({ npmCi: installed.exit, last: tail(installed) }).toEqual({ npmCi: 0, last: expect.any(String) });
  }, 1_200_000);

  it('the project’s own Node 24 is in the clone: the node package’s install script ran under npm 10', async () => {
    requireInstall();
    const node = await runIn(clone, path.join(clone, 'node_modules', '.bin', 'node'), ['-v'], env, 60_000);
    expect(node.output.trim()).toMatch(/^v24\./);
  });

  it('n8n’s lint in the clone runs eslint-plugin-n8n-nodes-base: clean on the source, its rule on a broken name', async () => {
    requireInstall();
    const clean = await timed('npm run lint:n8n (clean)', () => runIn(clone, 'npm', ['run', 'lint:n8n'], env, 300_000));
    expect({ lint: clean.exit, last: tail(clean) }).toEqual({ lint: 0, last: expect.any(String) });

    // A dynamic-options parameter whose name no longer ends with "Name or ID".
    const sources = [...files(path.join(clone, 'n8n', 'nodes'))].filter(([p]) => p.endsWith('.ts'));
    const found = sources.find(([, text]) => / Name or ID',/.test(text.toString('utf8')));
    if (!found) throw new Error('no n8n/nodes source names a dynamic-options parameter "... Name or ID"');
    const file = path.join(clone, 'n8n', 'nodes', found[0]);
    writeFileSync(file, found[1].toString('utf8').replace(/ Name or ID',/, "',"));
    try {
      const broken = await timed('npm run lint:n8n (broken)', () =>
        runIn(clone, 'npm', ['run', 'lint:n8n'], env, 300_000),
      );
      expect({ exitedNonZero: broken.exit !== 0, ruleReported: broken.output.includes(PLUGIN_RULE) }).toEqual({
        exitedNonZero: true,
        ruleReported: true,
      });
    } finally {
      writeFileSync(file, found[1]);
    }
  });

  it('npm start -- --no-n8n in the clone reaches its ready line, and Ctrl-C stops it', async () => {
    requireInstall();
    const port = await freePort();
    run = npmStart(['--no-n8n'], { SANDBOX_PORT: String(port) }, { cwd: clone, base: env });
    await timed('npm start -- --no-n8n to ready', () =>
      (run as NpmStart).waitForLine('Press Ctrl-C to stop.', 300_000),
    );
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    const ended = await run.interrupt();
    expect([
      { code: 0, signal: null },
      { code: null, signal: 'SIGINT' },
    ]).toContainEqual(ended);
  });
});

describe('the vendored eslint-plugin-n8n-nodes-base', () => {
  const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
    overrides: Record<string, unknown>;
  };
  const spec = rootPackage.devDependencies[PLUGIN] ?? '';
  const tarball = path.join(ROOT, spec.replace(/^file:/, ''));

  it('every copy in the lock file is the vendored tarball, through overrides', () => {
    expect(spec).toMatch(/^file:vendor\/.+\.tgz$/);
    expect(rootPackage.overrides[PLUGIN]).toBe(`$${PLUGIN}`);
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string; hasInstallScript?: boolean }>;
    };
    const copies = Object.entries(lock.packages).filter(([p]) => p.endsWith(`node_modules/${PLUGIN}`));
    expect(copies.map(([p, entry]) => [p, entry.resolved, entry.hasInstallScript ?? false])).toEqual([
      [`node_modules/${PLUGIN}`, spec, false],
    ]);
  });

  it('is the registry’s release of its version, every file, but for the pnpm-only preinstall line', async () => {
    const ours = path.join(work, 'vendored');
    const theirs = path.join(work, 'registry');
    mkdirSync(ours);
    mkdirSync(theirs);
    execFileSync('tar', ['-xzf', tarball, '-C', ours]);
    const version = (
      JSON.parse(readFileSync(path.join(ours, 'package', 'package.json'), 'utf8')) as { version: string }
    ).version;
    const packed = await runIn(
      theirs,
      'npm',
      ['pack', `${PLUGIN}@${version}`, '--pack-destination', theirs],
      process.env,
      120_000,
    );
    expect({ npmPack: packed.exit, last: tail(packed, 10) }).toEqual({ npmPack: 0, last: expect.any(String) });
    execFileSync('tar', ['-xzf', path.join(theirs, `${PLUGIN}-${version}.tgz`), '-C', theirs]);

    const vendored = files(path.join(ours, 'package'));
    const registry = files(path.join(theirs, 'package'));
    expect([...vendored.keys()].sort()).toEqual([...registry.keys()].sort());
    const differing = [...registry].filter(([p, b]) => !b.equals(vendored.get(p) as Buffer)).map(([p]) => p);
    expect(differing).toEqual(['package.json']);
    const registryJson = registry.get('package.json')?.toString('utf8') ?? '';
    expect(registryJson).toContain(PREINSTALL_LINE);
    expect(vendored.get('package.json')?.toString('utf8')).toBe(registryJson.replace(PREINSTALL_LINE, ''));
  });
});
