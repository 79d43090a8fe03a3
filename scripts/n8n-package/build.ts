/**
 * Builds dist/ as n8n loads it: one CommonJS bundle per node and credential at the path package.json
 * names (dist/nodes/X/X.node.js), with the shared client inlined so the package has no runtime
 * dependency, n8n-workflow left to the n8n that loads it, and icons and codex files beside the code.
 * Plain `tsc`, and so `n8n-node build` (tsc plus an icon copy), cannot do this here: it does not
 * bundle, and the shared client (`@commerce-service/shared`) is a workspace of this repository, no
 * package n8n could install; the release tree (`releaseTree.ts`) gives `n8n-node build` a copy of it
 * instead. Kept outside n8n/, whose default n8n lint config holds every .ts to n8n Cloud's rules.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import { build } from 'esbuild';

const root = join(__dirname, '../../n8n');
const dist = join(root, 'dist');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, keep) : keep(path) ? [path] : [];
  });
}

/**
 * Moves what was built in `staging` into dist/ file by file (a rename replaces a file in one step), then
 * drops what the new build no longer has. An n8n that loads dist/ while another build runs (the e2e files
 * run side by side, and several build) never finds it missing or a file half written.
 */
function publish(staging: string): string[] {
  const built = filesUnder(staging, () => true).map((file) => relative(staging, file));
  for (const file of built) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    renameSync(join(staging, file), join(dist, file));
  }
  const kept = new Set(built);
  for (const stale of filesUnder(dist, (file) => !kept.has(relative(dist, file)))) rmSync(stale, { force: true });
  rmSync(staging, { recursive: true, force: true });
  return built;
}

async function main(): Promise<void> {
  // A folder of this build's own in the repository's git-ignored .cache/ (the same file system as dist/, so
  // its files can be renamed into dist/; outside n8n/, where n8n's lint would read them).
  const staging = join(root, '..', '.cache', `n8n-dist-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });

  const entries = [
    ...filesUnder(join(root, 'nodes'), (file) => file.endsWith('.node.ts')),
    ...filesUnder(join(root, 'credentials'), (file) => file.endsWith('.credentials.ts')),
  ];
  await build({
    entryPoints: Object.fromEntries(entries.map((file) => [relative(root, file).replace(/\.ts$/, ''), file])),
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // n8n 1.x still runs on Node 20; n8n 2.x needs 24.
    target: 'node20',
    external: ['n8n-workflow'],
    // Readable output: the n8n scanner lints dist/**/*.js, and reviewers read it.
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
  });

  // Icons, and the codex file n8n reads beside each node (X.node.json).
  const assets = [
    ...filesUnder(join(root, 'icons'), (file) => /\.(svg|png)$/.test(file)),
    ...filesUnder(join(root, 'nodes'), (file) => /\.(svg|png)$/.test(file) || file.endsWith('.node.json')),
    ...filesUnder(join(root, 'credentials'), (file) => /\.(svg|png)$/.test(file)),
  ];
  for (const file of assets) {
    const target = join(staging, relative(root, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }

  // The MIT notice travels with the package: npm packs a LICENSE from the package folder (git-ignored copy).
  // Copied beside, then renamed over: a pack running meanwhile reads the whole notice.
  const license = join(root, '..', '.cache', `n8n-license-${process.pid}`);
  cpSync(join(root, '..', 'LICENSE'), license);
  renameSync(license, join(root, 'LICENSE'));

  const built = publish(staging).map((file) => join('dist', file));
  console.log(`Built ${built.length} files:\n  ${built.sort().join('\n  ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
