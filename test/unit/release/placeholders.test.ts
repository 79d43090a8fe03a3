/** A `REPLACE-ME` in what a release publishes stops `npm run release:check` (scripts/release/placeholders.ts). */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { releaseProblems } from '../../../scripts/release/check';
import { mitLicense } from '../../../scripts/release/license';
import { PUBLISHED, placeholderProblems } from '../../../scripts/release/placeholders';

const ROOT = path.resolve(__dirname, '../../..');
const DEAD_LINK = '[Issues](https://github.com/REPLACE-ME/commerce-service-connectors/issues)';

/**
 * A copy of the repository as a maintainer leaves it ready to release: n8n/package.json's metadata and
 * LICENSE filled in, the Zapier app linked. Everything a release publishes is copied as it is.
 */
function releasableCopy(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'release-placeholders-'));
  const copy = (file: string) => cpSync(path.join(ROOT, file), path.join(root, file), { recursive: true });
  for (const entry of new Set([...PUBLISHED.n8n, ...PUBLISHED.zapier, 'package.json'])) copy(entry);
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'n8n/package.json'), 'utf8')) as Record<string, unknown>;
  Object.assign(manifest, {
    homepage: 'https://github.com/acme/commerce-service-connectors/tree/main/n8n#readme',
    bugs: { url: 'https://github.com/acme/commerce-service-connectors/issues' },
    repository: { type: 'git', url: 'git+https://github.com/acme/commerce-service-connectors.git' },
    author: { name: 'Acme Shop Ltd', email: 'dev@acme-shop.co.uk' },
  });
  writeFileSync(path.join(root, 'n8n/package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(path.join(root, 'LICENSE'), mitLicense('Acme Shop Ltd', '2026'));
  writeFileSync(path.join(root, 'zapier/.zapierapprc'), JSON.stringify({ id: 123456, key: 'App123456' }));
  return root;
}

function version(pkg: 'n8n' | 'zapier'): string {
  return (JSON.parse(readFileSync(path.join(ROOT, `${pkg}/package.json`), 'utf8')) as { version: string }).version;
}

describe('release:check and placeholders', () => {
  let root = '';
  beforeEach(() => {
    root = releasableCopy();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a repository ready to release has no problem for either package: the READMEs carry no placeholder', () => {
    expect(releaseProblems('n8n', `n8n-v${version('n8n')}`, undefined, root)).toEqual([]);
    expect(releaseProblems('zapier', `zapier-v${version('zapier')}`, undefined, root)).toEqual([]);
  });

  it('refuses to release n8n while its README holds a REPLACE-ME link, naming the file and line', () => {
    const readme = path.join(root, 'n8n/README.md');
    const lines = readFileSync(readme, 'utf8').split('\n');
    writeFileSync(readme, [...lines.slice(0, 4), DEAD_LINK, ...lines.slice(4)].join('\n'));
    expect(releaseProblems('n8n', `n8n-v${version('n8n')}`, undefined, root)).toEqual([
      'n8n/README.md:5 holds the placeholder REPLACE-ME, which this release would publish: fill it in or take it out',
    ]);
    // The Zapier release does not publish the n8n README.
    expect(releaseProblems('zapier', `zapier-v${version('zapier')}`, undefined, root)).toEqual([]);
  });

  it('refuses to release Zapier while its README holds one, and n8n while a bundled shared source does', () => {
    writeFileSync(path.join(root, 'zapier/README.md'), `# App\n\nSupport: ${DEAD_LINK}.\n`);
    expect(placeholderProblems('zapier', root)).toEqual([
      'zapier/README.md:3 holds the placeholder REPLACE-ME, which this release would publish: fill it in or take it out',
    ]);
    mkdirSync(path.join(root, 'shared/src/extra'), { recursive: true });
    writeFileSync(
      path.join(root, 'shared/src/extra/help.ts'),
      "export const HELP = 'mailto:replace-me@example.com';\n",
    );
    expect(placeholderProblems('n8n', root)).toEqual([
      'shared/src/extra/help.ts:1 holds the placeholder REPLACE-ME, which this release would publish: fill it in or take it out',
    ]);
  });
});
