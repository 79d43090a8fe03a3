import { readFileSync } from 'node:fs';
import path from 'node:path';
import { releaseProblems } from '../../../scripts/release/check';
import { changelogVersions, tagProblems } from '../../../scripts/release/version';
import { zapierLinkProblems } from '../../../scripts/release/zapierLink';

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const CHANGELOG = '# Changelog\n\n## [Unreleased]\n\n## [1.2.0] - 2026-12-01\n\n## [1.0.0] - 2026-11-24\n';

describe('release tag and version', () => {
  it('accepts a tag that repeats the package version, with a changelog entry for it', () => {
    expect(tagProblems('n8n', 'n8n-v1.2.0', '1.2.0', CHANGELOG)).toEqual([]);
    expect(tagProblems('zapier', 'zapier-v1.0.0', '1.0.0', CHANGELOG)).toEqual([]);
  });

  it('refuses a tag whose version differs from package.json, saying both', () => {
    expect(tagProblems('n8n', 'n8n-v1.2.1', '1.2.0', CHANGELOG)).toEqual([
      'tag "n8n-v1.2.1" says 1.2.1, but n8n/package.json says 1.2.0: bump the version or tag n8n-v1.2.0',
    ]);
  });

  it("refuses another package's tag, a version without changelog entry, and a pre-release Zapier cannot take", () => {
    expect(tagProblems('n8n', 'zapier-v1.0.0', '1.0.0', CHANGELOG)).toEqual([
      'tag "zapier-v1.0.0" is not a n8n release tag (n8n-v<version>)',
    ]);
    expect(tagProblems('zapier', 'zapier-v1.1.0', '1.1.0', CHANGELOG)).toEqual([
      'zapier/CHANGELOG.md has no "## [1.1.0]" entry',
    ]);
    expect(tagProblems('zapier', 'zapier-v1.2.0-beta.1', '1.2.0-beta.1', '## [1.2.0-beta.1]')).toEqual([
      expect.stringMatching(/version "1\.2\.0-beta\.1" is not a version zapier releases can have/),
    ]);
    expect(tagProblems('n8n', 'n8n-v1.2.0-beta.1', '1.2.0-beta.1', '## [1.2.0-beta.1]')).toEqual([]);
  });

  it('each package has a CHANGELOG.md with an entry for its package.json version', () => {
    for (const pkg of ['n8n', 'zapier']) {
      const { version } = JSON.parse(read(`${pkg}/package.json`)) as { version: string };
      expect(changelogVersions(read(`${pkg}/CHANGELOG.md`))).toContain(version);
    }
  });

  it('a Zapier release needs the app linked to an integration (an id in .zapierapprc)', () => {
    expect(zapierLinkProblems({ id: 123456, key: 'App123456' })).toEqual([]);
    expect(zapierLinkProblems({ includeInBuild: [] })).toEqual([expect.stringMatching(/zapier-platform register/)]);
    expect(zapierLinkProblems(undefined)).toHaveLength(1);
  });

  it('the repository as it is: the right tags pass the version checks, and the placeholders stop both releases', () => {
    for (const pkg of ['n8n', 'zapier'] as const) {
      const { version } = JSON.parse(read(`${pkg}/package.json`)) as { version: string };
      const problems = releaseProblems(pkg, `${pkg}-v${version}`);
      expect(problems.filter((problem) => /tag|CHANGELOG/.test(problem))).toEqual([]);
      expect(problems).toContainEqual(expect.stringMatching(/^n8n\/package\.json: repository\.url is a placeholder/));
      expect(releaseProblems(pkg, `${pkg}-v9.9.9`)).toContainEqual(expect.stringMatching(/says 9\.9\.9/));
    }
  });
});
