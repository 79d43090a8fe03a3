/**
 * The release step that writes the n8n package as a repository of its own (`npm run release:tree`),
 * run into a temporary folder and built there with n8n's own `n8n-node build`: its files, its
 * package.json, its LICENSE, the shared code it carries, and a dist/ at the paths package.json names.
 * The e2e suite (test/e2e/n8nReleaseTree.e2e.ts) lints, scans, packs and installs the same tree.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ReleaseTreeError,
  repointSharedImports,
  treeManifest,
  writeReleaseTree,
  type N8nManifest,
} from '../../../scripts/n8n-package/releaseTree';
import { licenseProblems } from '../../../scripts/release/license';
// n8n's own check of a community package's declared level, as the n8n 2.41 we test against runs it.
import { N8N_NODES_API_VERSION, checkNodesApiVersion } from 'n8n-workflow';

const ROOT = path.resolve(__dirname, '../../..');
const n8nManifest = () => JSON.parse(readFileSync(path.join(ROOT, 'n8n', 'package.json'), 'utf8')) as N8nManifest;

let tree: string;
let written: string[];

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'release-tree-'));
  written = writeReleaseTree(tree);
}, 60_000);

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(path.join(tree, file), 'utf8');

describe('the n8n package as a single-package repository tree', () => {
  it('has package.json at its root, naming the package’s own repository with no directory', () => {
    const pkg = JSON.parse(read('package.json')) as N8nManifest & { repository: Record<string, string> };
    const source = n8nManifest();
    expect(pkg.name).toBe(source.name);
    expect(pkg.version).toBe(source.version);
    expect(pkg.repository).toEqual({
      type: 'git',
      url: expect.stringMatching(new RegExp(`^git\\+https://github\\.com/[^/]+/${source.name}\\.git$`)),
    });
    expect(pkg.repository).not.toHaveProperty('directory');
    expect(pkg.homepage).toBe(`${pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}#readme`);
    expect(pkg.scripts).toEqual({ build: 'n8n-node build', lint: 'n8n-node lint' });
    expect(pkg.n8n).toEqual(source.n8n);
    expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
    expect(pkg).not.toHaveProperty('dependencies');
    expect(pkg.devDependencies).toHaveProperty('@n8n/node-cli');
    expect(pkg.devDependencies).toHaveProperty('typescript');
    expect(pkg.devDependencies).toHaveProperty('@types/node');
    // The shared client travels as source in the tree's shared/, not as a package to install.
    expect(pkg.devDependencies).not.toHaveProperty('@commerce-service/shared');
  });

  it("declares the nodes-API level n8n 2.x accepts (docs/n8n-3.md): n8n's own check passes it", () => {
    const pkg = JSON.parse(read('package.json')) as N8nManifest & { n8n: { n8nNodesApiVersion: unknown } };
    // The integer 1: the level of every n8n 2.x, which 3.x also accepts.
    expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
    expect(N8N_NODES_API_VERSION).toBe(1);
    expect(checkNodesApiVersion(pkg)).toEqual({ compatible: true, version: 1 });
    // What 2.x would make of the others: 3 unsupported, a string (n8n master's `"1.0"` form) malformed.
    const declaring = (level: unknown) => ({ ...pkg, n8n: { ...pkg.n8n, n8nNodesApiVersion: level } });
    expect(checkNodesApiVersion(declaring(3))).toMatchObject({ compatible: false, reason: 'unsupported' });
    expect(checkNodesApiVersion(declaring('1.0'))).toMatchObject({ compatible: false, reason: 'malformed' });
  });

  it('carries the LICENSE, README, CHANGELOG, n8n’s default eslint config and the publishing workflow', () => {
    expect(written).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'CHANGELOG.md',
        'eslint.config.mjs',
        'tsconfig.json',
        '.gitignore',
        '.github/workflows/publish.yml',
      ]),
    );
    expect(read('LICENSE')).toBe(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
    expect(licenseProblems(read('LICENSE'), JSON.parse(read('package.json')) as N8nManifest)).toEqual([]);
    expect(read('eslint.config.mjs')).toBe(readFileSync(path.join(ROOT, 'n8n', 'eslint.config.mjs'), 'utf8'));
    // The README's links into our docs are absolute: nothing relative that the tree does not hold.
    expect(read('README.md')).not.toMatch(/\]\(\.\.\//);
    expect(read('.github/workflows/publish.yml')).toContain('npm publish --provenance --access public');
  });

  it('holds the shared code the nodes import, and nothing of the repository outside it', () => {
    const shared = written.filter((file) => file.startsWith('shared/'));
    expect(shared).toEqual(expect.arrayContaining(['shared/index.ts', 'shared/client.ts']));
    // Node's own HTTP and timers stay out of n8n's package: the adapters bring their own.
    for (const file of shared)
      expect([file, read(file)]).not.toEqual([file, expect.stringMatching(/setTimeout|node:http/)]);
    const outside = written.filter((file) => !/^(shared|nodes|credentials|icons|\.github)\//.test(file));
    expect(outside.sort()).toEqual(
      [
        '.gitignore',
        'CHANGELOG.md',
        'LICENSE',
        'README.md',
        'eslint.config.mjs',
        'package.json',
        'tsconfig.json',
      ].sort(),
    );
    // Every relative import of every source resolves inside the tree.
    for (const file of written.filter((name) => name.endsWith('.ts'))) {
      for (const [, specifier = ''] of read(file).matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.resolve(path.dirname(path.join(tree, file)), specifier);
        expect([`${target}.ts`, path.join(target, 'index.ts'), target].some((candidate) => existsSync(candidate))).toBe(
          true,
        );
        expect(target.startsWith(`${tree}${path.sep}`)).toBe(true);
      }
    }
  });

  it('builds with n8n’s own `n8n-node build` to the dist paths package.json names', () => {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    const { NODE_ENV: _test, ...env } = process.env;
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'n8n-node'), ['build'], { cwd: tree, env, stdio: 'pipe' });
    const pkg = JSON.parse(read('package.json')) as { n8n: { nodes: string[]; credentials: string[] } };
    for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(existsSync(path.join(tree, file))).toBe(true);
    for (const file of pkg.n8n.nodes) expect(existsSync(path.join(tree, file.replace(/\.js$/, '.json')))).toBe(true);
    expect(existsSync(path.join(tree, 'dist', 'icons', 'commerceService.svg'))).toBe(true);
  }, 120_000);

  it('is written only into an empty folder (a fresh clone’s .git is allowed)', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'release-tree-busy-'));
    try {
      mkdirSync(path.join(other, '.git'));
      writeFileSync(path.join(other, 'stale.txt'), 'x');
      expect(() => writeReleaseTree(other)).toThrow(ReleaseTreeError);
      expect(() => writeReleaseTree(other)).toThrow(/not empty \(stale\.txt\)/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('release tree rules', () => {
  it('points imports of the shared client by name at shared/ in the tree, and leaves other imports alone', () => {
    const source = [
      "import { a } from '@commerce-service/shared';",
      "import type { B } from '@commerce-service/shared';",
      "import { c } from '../common/context';",
      "import { d } from 'n8n-workflow';",
      "import { e } from '@commerce-service/shared-extras';",
    ].join('\n');
    expect(repointSharedImports(source, 'nodes/X/actions/order/get.operation.ts').split('\n')).toEqual([
      "import { a } from '../../../../shared';",
      "import type { B } from '../../../../shared';",
      "import { c } from '../common/context';",
      "import { d } from 'n8n-workflow';",
      "import { e } from '@commerce-service/shared-extras';",
    ]);
    expect(repointSharedImports("export * from '@commerce-service/shared';", 'nodes/X/x.ts')).toBe(
      "export * from '../../shared';",
    );
  });

  it('names the package’s own repository from the owner of n8n/package.json’s repository', () => {
    const pkg = treeManifest(
      {
        name: 'n8n-nodes-x',
        version: '1.0.0',
        repository: { type: 'git', url: 'git+https://github.com/acme/connectors.git', directory: 'n8n' },
      },
      { typescript: '5.9.3' },
    );
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/acme/n8n-nodes-x.git' });
    expect(pkg.homepage).toBe('https://github.com/acme/n8n-nodes-x#readme');
    expect(pkg.devDependencies).toEqual({ typescript: '5.9.3' });
    expect(() => treeManifest({ name: 'x', version: '1.0.0', repository: 'https://gitlab.com/a/b' }, {})).toThrow(
      /not a GitHub repository/,
    );
  });
});
