/**
 * What each release workflow runs before it builds or publishes anything:
 *
 *   npm run release:check -- n8n n8n-v1.0.0        (the tag defaults to GITHUB_REF_NAME)
 *   npm run release:check -- zapier zapier-v1.0.0
 *
 * It refuses (exit 1, every problem listed) while the tag and the package's version differ, the
 * package's CHANGELOG.md has no entry for that version, the public metadata in n8n/package.json is
 * still a placeholder (or is repeated in another manifest), a README, changelog, manifest or source
 * the release publishes still holds a `REPLACE-ME`, LICENSE does not name n8n/package.json's author,
 * or, for Zapier, the app is not linked to an integration. In GitHub Actions the repository it runs in must be the one package.json names.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PackageMetadata, metadataProblems, strayMetadata } from './metadata';
import { type ReleasedPackage, RELEASED_PACKAGES, isReleasedPackage, tagProblems } from './version';
import { licensePlaceholder, licenseProblems } from './license';
import { placeholderProblems } from './placeholders';
import { zapierLinkProblems } from './zapierLink';
import { REPO_ROOT } from '../toolchain';

/**
 * Every problem that stops releasing `pkg` from `tag`, read from the repository as it is (`root`, the
 * repository's root unless a test gives another).
 */
export function releaseProblems(pkg: ReleasedPackage, tag: string, builtFrom?: string, root = REPO_ROOT): string[] {
  const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;
  const readText = (file: string): string => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      return '';
    }
  };
  const manifest = readJson(`${pkg}/package.json`) as { version?: unknown };
  const version = typeof manifest.version === 'string' ? manifest.version : '';
  const published = readJson('n8n/package.json') as PackageMetadata;
  const metadata = metadataProblems(published, builtFrom).map((problem) => `n8n/package.json: ${problem}`);
  // While the metadata check names n8n/package.json's placeholders by field, their lines would repeat them.
  const placeholders = placeholderProblems(pkg, root).filter(
    (problem) => metadata.length === 0 || !problem.startsWith('n8n/package.json:'),
  );
  return [
    ...tagProblems(pkg, tag, version, readText(`${pkg}/CHANGELOG.md`)),
    ...metadata,
    ...placeholders,
    // The licence notice travels with every copy; its holder is the package's author.
    ...licenseProblems(readText('LICENSE') || undefined, published),
    ...licensePlaceholder(readText('LICENSE')),
    ...strayMetadata({
      'package.json': readJson('package.json') as PackageMetadata,
      'zapier/package.json': readJson('zapier/package.json') as PackageMetadata,
    }),
    ...(pkg === 'zapier' ? zapierLinkProblems(readJson('zapier/.zapierapprc')) : []),
  ];
}

if (require.main === module) {
  const [pkg = '', tag = process.env.GITHUB_REF_NAME ?? ''] = process.argv.slice(2);
  if (!isReleasedPackage(pkg) || tag === '') {
    console.error(`usage: npm run release:check -- <${RELEASED_PACKAGES.join('|')}> <tag> (or GITHUB_REF_NAME set)`);
    process.exit(2);
  }
  const problems = releaseProblems(pkg, tag, process.env.GITHUB_REPOSITORY || undefined);
  if (problems.length > 0) {
    console.error(`Refusing to release ${pkg} from ${tag}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    console.error('Fill in the release metadata as CONTRIBUTING.md ("Releasing") says, then tag again.');
    process.exit(1);
  }
  console.log(`Release check passed: ${pkg} ${tag}`);
}
