/**
 * Each README says which version is released and that what is newer is under Unreleased in its
 * changelog; the changelog says the same. Both must name the version package.json has and the
 * changelog's newest released heading, so a release that forgets one of them fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe.each(['n8n', 'zapier'])('%s: README, CHANGELOG and package.json agree on the released version', (pkg) => {
  const { version } = JSON.parse(read(`${pkg}/package.json`)) as { version: string };
  const changelog = read(`${pkg}/CHANGELOG.md`);
  const readme = read(`${pkg}/README.md`).replace(/\s+/g, ' ');

  it("the changelog's newest release is package.json's version", () => {
    expect(/^## \[(\d+\.\d+\.\d+)\]/m.exec(changelog)?.[1]).toBe(version);
  });

  it('the README and the Unreleased section name that version as the latest released', () => {
    expect(readme).toMatch(new RegExp(`The (published|released) version is ${version.replace(/\./g, '\\.')};`));
    const unreleased = /^## \[Unreleased\]\n\n(.*)\n/m.exec(changelog)?.[1] ?? '';
    expect(unreleased).toContain(`(the latest is ${version})`);
  });
});
