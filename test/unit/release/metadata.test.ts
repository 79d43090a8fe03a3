import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type PackageMetadata,
  isPlaceholder,
  metadataProblems,
  parseGitHubUrl,
  repositoryWebUrl,
  strayMetadata,
} from '../../../scripts/release/metadata';

const ROOT = path.resolve(__dirname, '../../..');
const readManifest = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as PackageMetadata & Record<string, unknown>;

const FILLED_IN: PackageMetadata = {
  repository: {
    type: 'git',
    url: 'git+https://github.com/acme-shop/commerce-service-connectors.git',
    directory: 'n8n',
  },
  author: { name: 'Acme Shop Ltd', email: 'dev@acme-shop.co.uk' },
  homepage: 'https://github.com/acme-shop/commerce-service-connectors/tree/main/n8n#readme',
  bugs: { url: 'https://github.com/acme-shop/commerce-service-connectors/issues' },
};

describe('release metadata check', () => {
  it('accepts filled-in values, and the same author written as one string', () => {
    expect(metadataProblems(FILLED_IN)).toEqual([]);
    expect(
      metadataProblems({ ...FILLED_IN, author: 'Acme Shop Ltd <dev@acme-shop.co.uk> (https://acme-shop.co.uk)' }),
    ).toEqual([]);
  });

  it('refuses each placeholder field by name', () => {
    const placeholders: PackageMetadata = {
      repository: { type: 'git', url: 'git+https://github.com/REPLACE-ME/commerce-service-connectors.git' },
      author: { name: 'REPLACE-ME', email: 'replace-me@example.invalid' },
      homepage: 'https://github.com/REPLACE-ME/commerce-service-connectors#readme',
      bugs: { url: 'https://shop.example.com/issues' },
    };
    const problems = metadataProblems(placeholders);
    expect(problems).toEqual([
      expect.stringMatching(/^repository\.url is a placeholder/),
      expect.stringMatching(/^author\.name is a placeholder/),
      expect.stringMatching(/^author\.email is a placeholder/),
      expect.stringMatching(/^homepage is a placeholder/),
      expect.stringMatching(/^bugs\.url is a placeholder/),
    ]);
  });

  it('refuses missing fields, a non-GitHub repository and plain-http links', () => {
    expect(metadataProblems({})).toEqual([
      'repository.url is missing',
      'author.name is missing',
      'homepage is missing',
      'bugs.url is missing',
    ]);
    expect(
      metadataProblems({
        ...FILLED_IN,
        repository: 'https://gitlab.com/acme/connectors.git',
        homepage: 'http://acme.io',
      }),
    ).toEqual([
      expect.stringMatching(/not a GitHub repository URL/),
      expect.stringMatching(/^homepage is not an https URL/),
    ]);
  });

  it('refuses a repository other than the one the workflow runs in (npm provenance would reject it)', () => {
    expect(metadataProblems(FILLED_IN, 'acme-shop/commerce-service-connectors')).toEqual([]);
    expect(metadataProblems(FILLED_IN, 'Acme-Shop/Commerce-Service-Connectors')).toEqual([]);
    expect(metadataProblems(FILLED_IN, 'someone-else/fork')).toEqual([
      'repository.url names acme-shop/commerce-service-connectors, but this workflow runs in someone-else/fork',
    ]);
  });

  it('tells placeholders (the mark, reserved example domains) from real values', () => {
    expect(isPlaceholder('maintainers@users.noreply.a-seed-0d9f41ae.example')).toBe(true);
    expect(isPlaceholder('https://www.example.org/x')).toBe(true);
    expect(isPlaceholder('someone@shop.test')).toBe(true);
    expect(isPlaceholder('replace-me')).toBe(true);
    expect(isPlaceholder('dev@acme-shop.co.uk')).toBe(false);
    expect(isPlaceholder('https://github.com/examples-inc/x')).toBe(false);
  });

  it('reads GitHub repository URLs in the forms npm writes', () => {
    expect(parseGitHubUrl('git+https://github.com/o-1/r.name.git')).toEqual({ owner: 'o-1', name: 'r.name' });
    expect(parseGitHubUrl('https://github.com/o/r')).toEqual({ owner: 'o', name: 'r' });
    expect(parseGitHubUrl('git+ssh://git@github.com/o/r.git')).toEqual({ owner: 'o', name: 'r' });
    expect(parseGitHubUrl('https://github.com/o')).toBeUndefined();
    expect(repositoryWebUrl(FILLED_IN)).toBe('https://github.com/acme-shop/commerce-service-connectors');
  });

  it('names a manifest that repeats the metadata (one place only)', () => {
    expect(strayMetadata({ 'package.json': {}, 'zapier/package.json': {} })).toEqual([]);
    expect(strayMetadata({ 'zapier/package.json': { author: 'x', homepage: 'y' } })).toEqual([
      'zapier/package.json defines "author"; it belongs in n8n/package.json only',
      'zapier/package.json defines "homepage"; it belongs in n8n/package.json only',
    ]);
  });

  it('the repository as it is: n8n/package.json still holds placeholders, so a release is refused', () => {
    const n8n = readManifest('n8n/package.json');
    const problems = metadataProblems(n8n);
    // Every one of the four fields is refused until a maintainer fills them in.
    for (const field of ['repository.url', 'author.name', 'homepage', 'bugs.url']) {
      expect(problems).toContainEqual(
        expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')} is a placeholder`)),
      );
    }
    // The repository URL stays readable for absolute README links, placeholder or not.
    expect(repositoryWebUrl(n8n)).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
    // ... and is set in that one place only.
    expect(
      strayMetadata({
        'package.json': readManifest('package.json'),
        'zapier/package.json': readManifest('zapier/package.json'),
      }),
    ).toEqual([]);
  });
});
