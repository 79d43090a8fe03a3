/**
 * Runs n8n's own community-package scanner (@n8n/scan-community-package) on this package, with the
 * scanner's own `analyzePackage` and the file patterns its CLI uses on a published package:
 *   1. the source folder (n8n/) with `SOURCE_FILE_PATTERNS`: package.json, nodes/**, credentials/**;
 *   2. the tarball `npm pack` makes from n8n/ (run `npm run build:n8n` first), unpacked, with
 *      `['**\/*.js', 'package.json']`: the bundled dist/, shared client included.
 * The CLI itself (`npx @n8n/scan-community-package NAME`) only scans a package published on npm with
 * provenance; this is the same analysis on the local package. Prints every finding and exits 1 on any.
 * Run without NODE_ENV=test (the npm script unsets it, as for `n8n-node lint`): with it, n8n's
 * eslint-plugin-n8n-nodes-base takes the run for its own tests and checks every node file as
 * "Test.node.ts".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface ScanResult {
  passed: boolean;
  message?: string;
  details?: string;
}

interface Scanner {
  SOURCE_FILE_PATTERNS: string[];
  analyzePackage(packageDir: string, filePatterns: string[]): Promise<ScanResult>;
}

const PACKAGE_DIR = join(__dirname, '../../n8n');
// What the scanner's CLI lints in the unpacked tarball (scanner.mjs, analyzePackageByName).
const TARBALL_PATTERNS = ['**/*.js', 'package.json'];

class ScanFailedError extends Error {}

async function loadScanner(): Promise<Scanner> {
  // An ES module with no exports map or types; loaded from its published path.
  return (await import('@n8n/scan-community-package/scanner/scanner.mjs')) as Scanner;
}

/** `npm pack` of n8n/ into a temporary folder, unpacked as the scanner's CLI unpacks a download. */
function packAndUnpack(workDir: string): { tarball: string; dir: string } {
  const nodes = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } })
    .n8n.nodes;
  const missing = nodes.filter((path) => !existsSync(join(PACKAGE_DIR, path)));
  if (missing.length) {
    throw new ScanFailedError(`n8n/${missing.join(', n8n/')} missing: run \`npm run build:n8n\` first.`);
  }
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', workDir], { cwd: PACKAGE_DIR, encoding: 'utf8' }),
  ) as { filename: string }[];
  if (!packed) throw new ScanFailedError('npm pack produced no tarball.');
  const dir = join(workDir, 'package');
  mkdirSync(dir);
  execFileSync('tar', ['-xzf', join(workDir, packed.filename), '-C', dir, '--strip-components=1']);
  return { tarball: packed.filename, dir };
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'test') {
    throw new ScanFailedError("NODE_ENV=test makes n8n's node linter misread file names: unset it.");
  }
  const { analyzePackage, SOURCE_FILE_PATTERNS } = await loadScanner();
  const workDir = mkdtempSync(join(tmpdir(), 'n8n-scan-'));
  try {
    const { tarball, dir } = packAndUnpack(workDir);
    const legs: [string, string, string[]][] = [
      ['source n8n/', PACKAGE_DIR, SOURCE_FILE_PATTERNS],
      [`tarball ${tarball}`, dir, TARBALL_PATTERNS],
    ];
    let failed = 0;
    for (const [label, packageDir, patterns] of legs) {
      const result = await analyzePackage(packageDir, patterns);
      console.log(`${result.passed ? 'passed' : 'FAILED'}: ${label} (${patterns.join(', ')})`);
      if (!result.passed) {
        failed += 1;
        console.log([result.message, result.details].filter(Boolean).join('\n'));
      }
    }
    if (failed) throw new ScanFailedError(`n8n's scanner found problems in ${failed} of ${legs.length} scans.`);
    console.log("n8n's scanner (@n8n/scan-community-package) passed the source and the tarball.");
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ScanFailedError ? error.message : error);
  process.exitCode = 1;
});
