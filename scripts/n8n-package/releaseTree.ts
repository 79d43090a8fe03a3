/**
 * The n8n package as a repository of its own, the way n8n's community-node tooling wants it: one
 * package, its package.json at the root, no `repository.directory` (the community lint's `no-monorepo`
 * rule), and nothing outside the folder. Our repository keeps its layout (zapier/, n8n/, shared/); this
 * step writes the single-package tree that the release workflow pushes to the package's own GitHub
 * repository, where it is built with n8n's own `n8n-node build` and published with provenance.
 *
 *   npm run release:tree -- <folder>     write the tree into <folder> (empty, or holding only .git)
 *   npm run --silent release:tree -- --repository    print the package's own repository, owner/name
 *
 * What goes in:
 *   package.json        n8n/package.json for its own repository: repository.url is
 *                       github.com/<owner>/<package name> (owner from n8n/package.json), no directory,
 *                       homepage its README; scripts are n8n-node's own (build, lint)
 *   credentials/ nodes/ icons/   n8n/'s, with imports of the shared client by its package name
 *                       (`@commerce-service/shared`, a workspace here, never published) pointed at
 *                       shared/ in the tree
 *   shared/             the part of shared/src the nodes and credentials import (TypeScript's own
 *                       module resolution from those entries), unchanged
 *   tsconfig.json       n8n's starter settings: tsc compiles credentials/, nodes/ and shared/ to
 *                       dist/ at the paths package.json names
 *   eslint.config.mjs   n8n's default (strict mode checks it), README.md (links made absolute into
 *                       our repository, where the docs live), CHANGELOG.md, LICENSE (the repository's)
 *   .github/workflows/publish.yml   the package repository's publishing workflow
 *                       (scripts/n8n-package/tree/publish.yml)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parseGitHubUrl } from '../release/metadata';
import { packedReadme, repositoryRoot } from './readme';

const ROOT = path.resolve(__dirname, '../..');
const N8N = path.join(ROOT, 'n8n');
const SHARED = path.join(ROOT, 'shared', 'src');
const PUBLISH_WORKFLOW = path.join(__dirname, 'tree', 'publish.yml');
/** The shared client's package name, as n8n/ imports it (shared/package.json). */
const SHARED_PACKAGE = (JSON.parse(readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8')) as { name: string })
  .name;

/** What of n8n/ is source for the tree, as it is (credentials and nodes get their imports repointed). */
const SOURCE_FOLDERS = ['credentials', 'nodes', 'icons'] as const;
const COPIED_FILES = ['CHANGELOG.md', 'eslint.config.mjs'] as const;

export class ReleaseTreeError extends Error {}

/** The part of a package.json this step reads and writes. */
export interface N8nManifest {
  name: string;
  version: string;
  repository?: unknown;
  homepage?: string;
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** n8n's starter tsconfig (@n8n/node-cli's templates), with our targets: ES2022, CommonJS, strict. */
export const TREE_TSCONFIG = {
  compilerOptions: {
    strict: true,
    module: 'commonjs',
    moduleResolution: 'node',
    // n8n 1.x still runs on Node 20; ES2022 is what the shared client is written in.
    target: 'es2022',
    lib: ['es2022'],
    // fetch/URL/TextEncoder types come from @types/node, which n8n-workflow brings.
    types: ['node'],
    removeComments: true,
    forceConsistentCasingInFileNames: true,
    noImplicitAny: true,
    noImplicitReturns: true,
    noUnusedLocals: true,
    strictNullChecks: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    rootDir: '.',
    outDir: './dist/',
  },
  include: ['credentials/**/*', 'nodes/**/*', 'nodes/**/*.json', 'shared/**/*'],
};

const GITIGNORE = ['node_modules/', 'dist/', '*.tgz', ''].join('\n');

/** `github.com/<owner>/<package name>`: the package's own repository, named from n8n/package.json. */
export function packageRepository(pkg: N8nManifest): { owner: string; name: string; web: string } {
  const url =
    typeof pkg.repository === 'string'
      ? pkg.repository
      : pkg.repository && typeof pkg.repository === 'object' && 'url' in pkg.repository
        ? String(pkg.repository.url)
        : '';
  const source = parseGitHubUrl(url);
  if (!source) {
    throw new ReleaseTreeError(
      `n8n/package.json repository.url (${url || 'none'}) is not a GitHub repository: the package's own repository is named from its owner.`,
    );
  }
  return { owner: source.owner, name: pkg.name, web: `https://github.com/${source.owner}/${pkg.name}` };
}

/**
 * n8n/package.json as the root package.json of the package's own repository: that repository, no
 * directory, n8n-node's scripts, and the compiler `n8n-node build` runs (`npm exec tsc`) with Node's
 * types (`tools`: their versions, as our own repository installs them).
 */
export function treeManifest(pkg: N8nManifest, tools: Readonly<Record<string, string>>): N8nManifest {
  const own = packageRepository(pkg);
  // The shared client is in the tree's own shared/, not a package to install.
  const { [SHARED_PACKAGE]: _inTree, ...devDependencies } = { ...pkg.devDependencies, ...tools };
  return {
    ...pkg,
    homepage: `${own.web}#readme`,
    repository: { type: 'git', url: `git+${own.web}.git` },
    scripts: { build: 'n8n-node build', lint: 'n8n-node lint' },
    devDependencies: Object.fromEntries(Object.entries(devDependencies).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/**
 * Every file under shared/src that TypeScript loads from the nodes' and credentials' sources (type-only
 * imports included: tsc needs them), relative to shared/src.
 */
export function sharedClosure(entries: readonly string[]): string[] {
  const program = ts.createProgram([...entries], {
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    resolveJsonModule: true,
    noEmit: true,
    types: [],
  });
  return program
    .getSourceFiles()
    .map((file) => path.resolve(file.fileName))
    .filter((file) => file.startsWith(`${SHARED}${path.sep}`))
    .map((file) => path.relative(SHARED, file).split(path.sep).join('/'))
    .sort();
}

/**
 * A node or credential source as it stands in the tree: its imports of the shared client by package
 * name reach shared/ beside nodes/ instead. `file` is the source's path under n8n/ (e.g.
 * `nodes/X/X.node.ts`). Other imports are left alone.
 */
export function repointSharedImports(source: string, file: string): string {
  let shared = path.posix.relative(path.posix.dirname(file), 'shared');
  if (!shared.startsWith('.')) shared = `./${shared}`;
  const name = SHARED_PACKAGE.replace(/[/.]/g, '\\$&');
  const imports = new RegExp(`(\\bfrom\\s+|\\bimport\\s*\\(\\s*|\\brequire\\s*\\(\\s*)(['"])${name}\\2`, 'g');
  return source.replace(imports, (_whole, lead: string, quote: string) => `${lead}${quote}${shared}${quote}`);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function write(tree: string, file: string, content: string | Buffer, written: string[]): void {
  const target = path.join(tree, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  written.push(file);
}

/**
 * The compiler and Node types the tree builds with: the versions n8n/ resolves (n8n's lint tooling,
 * typescript-eslint, holds TypeScript below the root's).
 */
const TREE_TOOLS = ['typescript', '@types/node'] as const;

function toolVersions(): Record<string, string> {
  return Object.fromEntries(
    TREE_TOOLS.map((name) => {
      const manifest = require.resolve(`${name}/package.json`, { paths: [N8N] });
      return [name, (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version];
    }),
  );
}

/**
 * Writes the single-package repository tree into `tree` (created if missing; it must be empty but for
 * `.git`). Returns the files written, relative to `tree`, sorted.
 */
export function writeReleaseTree(tree: string): string[] {
  mkdirSync(tree, { recursive: true });
  const present = readdirSync(tree).filter((name) => name !== '.git');
  if (present.length > 0) {
    throw new ReleaseTreeError(`${tree} is not empty (${present.join(', ')}): give an empty folder or a fresh clone.`);
  }
  const license = path.join(ROOT, 'LICENSE');
  if (!existsSync(license)) throw new ReleaseTreeError('LICENSE is missing at the repository root.');

  const pkg = JSON.parse(readFileSync(path.join(N8N, 'package.json'), 'utf8')) as N8nManifest;
  const written: string[] = [];

  const sources = SOURCE_FOLDERS.flatMap((folder) => filesUnder(path.join(N8N, folder)));
  for (const file of sources) {
    const inTree = path.relative(N8N, file).split(path.sep).join('/');
    write(
      tree,
      inTree,
      file.endsWith('.ts') ? repointSharedImports(readFileSync(file, 'utf8'), inTree) : readFileSync(file),
      written,
    );
  }
  const entries = sources.filter((file) => file.endsWith('.ts'));
  for (const file of sharedClosure(entries))
    write(tree, `shared/${file}`, readFileSync(path.join(SHARED, file)), written);

  for (const file of COPIED_FILES) write(tree, file, readFileSync(path.join(N8N, file)), written);
  write(tree, 'LICENSE', readFileSync(license), written);
  // The README's links lead into our repository's docs/ (screenshots, guides): absolute there, as npm shows them.
  write(
    tree,
    'README.md',
    packedReadme(readFileSync(path.join(N8N, 'README.md'), 'utf8'), repositoryRoot(pkg, 'n8n')),
    written,
  );
  write(tree, 'package.json', `${JSON.stringify(treeManifest(pkg, toolVersions()), null, 2)}\n`, written);
  write(tree, 'tsconfig.json', `${JSON.stringify(TREE_TSCONFIG, null, 2)}\n`, written);
  write(tree, '.gitignore', GITIGNORE, written);
  write(tree, '.github/workflows/publish.yml', readFileSync(PUBLISH_WORKFLOW), written);
  return written.sort();
}

function printRepository(): void {
  const own = packageRepository(JSON.parse(readFileSync(path.join(N8N, 'package.json'), 'utf8')) as N8nManifest);
  console.log(`${own.owner}/${own.name}`);
}

if (require.main === module) {
  const [folder] = process.argv.slice(2);
  if (!folder) {
    console.error('usage: npm run release:tree -- <folder> | --repository');
    process.exit(2);
  }
  try {
    if (folder === '--repository') {
      printRepository();
      process.exit(0);
    }
    const written = writeReleaseTree(path.resolve(folder));
    console.log(`Wrote the n8n package's repository tree (${written.length} files) to ${path.resolve(folder)}`);
  } catch (error) {
    console.error(error instanceof ReleaseTreeError ? error.message : error);
    process.exitCode = 1;
  }
}
