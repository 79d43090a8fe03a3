/**
 * Builds dist/ as n8n loads it: one CommonJS bundle per node and credential at the path package.json
 * names (dist/nodes/X/X.node.js), with the shared client inlined so the package has no runtime
 * dependency, n8n-workflow left to the n8n that loads it, and icons and codex files beside the code.
 * Plain `tsc`, and so `n8n-node build` (tsc plus an icon copy), cannot do this: importing
 * ../../shared moves its output to dist/n8n/nodes/... (see ARCHITECTURE.md, "Package layout and
 * build"). Kept outside n8n/, whose default n8n lint config holds every .ts to n8n Cloud's rules.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
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

async function main(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });

  const entries = [
    ...filesUnder(join(root, 'nodes'), (file) => file.endsWith('.node.ts')),
    ...filesUnder(join(root, 'credentials'), (file) => file.endsWith('.credentials.ts')),
  ];
  await build({
    entryPoints: Object.fromEntries(entries.map((file) => [relative(root, file).replace(/\.ts$/, ''), file])),
    outdir: dist,
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
    const target = join(dist, relative(root, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }

  // The MIT notice travels with the package: npm packs a LICENSE from the package folder (git-ignored copy).
  cpSync(join(root, '..', 'LICENSE'), join(root, 'LICENSE'));

  const built = filesUnder(dist, () => true).map((file) => relative(root, file));
  console.log(`Built ${built.length} files:\n  ${built.sort().join('\n  ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
