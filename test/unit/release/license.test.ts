/** The MIT LICENSE and its holder, n8n/package.json's author (scripts/release/license.ts). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  authorName,
  licenseNotice,
  licensePlaceholder,
  licenseProblems,
  mitLicense,
} from '../../../scripts/release/license';
import type { PackageMetadata } from '../../../scripts/release/metadata';

const ROOT = path.resolve(__dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as PackageMetadata;

describe('LICENSE', () => {
  it('is at the repository root: the MIT licence, naming n8n/package.json’s author', () => {
    const text = readFileSync(path.join(ROOT, 'LICENSE'), 'utf8');
    expect(licenseProblems(text, readJson('n8n/package.json'))).toEqual([]);
    expect(text.startsWith('MIT License\n\nCopyright (c) ')).toBe(true);
  });

  it('is the licence every package.json names', () => {
    for (const file of ['package.json', 'n8n/package.json', 'zapier/package.json']) {
      expect((readJson(file) as { license?: string }).license).toBe('MIT');
    }
  });

  it('names the holder from author as npm writes it, object or string', () => {
    expect(authorName({ name: ' Acme Shop Ltd ', email: 'dev@acme-shop.co.uk' })).toBe('Acme Shop Ltd');
    expect(authorName('Acme Shop Ltd <dev@acme-shop.co.uk> (https://acme-shop.co.uk)')).toBe('Acme Shop Ltd');
    expect(authorName(undefined)).toBeUndefined();
    expect(licenseNotice(mitLicense('Acme Shop Ltd', '2025-2026'))).toEqual({
      year: '2025-2026',
      holder: 'Acme Shop Ltd',
    });
  });

  it('finds a missing file, another text, and another holder, naming the copy', () => {
    const acme = { author: { name: 'Acme Shop Ltd' } };
    expect(licenseProblems(mitLicense('Acme Shop Ltd', '2026'), acme)).toEqual([]);
    expect(licenseProblems(undefined, acme, 'the packed LICENSE')).toEqual(['the packed LICENSE is missing']);
    expect(licenseProblems('All rights reserved.', acme)).toEqual([
      'LICENSE has no "Copyright (c) <year> <holder>" line',
    ]);
    expect(licenseProblems(mitLicense('Acme Shop Ltd', '2026').replace('MIT License', 'ISC'), acme)).toEqual([
      'LICENSE is not the MIT licence text',
    ]);
    expect(licenseProblems(mitLicense('Someone Else', '2026'), acme)).toEqual([
      'LICENSE names Someone Else, but n8n/package.json author.name is Acme Shop Ltd',
    ]);
  });

  it('refuses a placeholder holder before a release, and only then', () => {
    expect(licensePlaceholder(mitLicense('REPLACE-ME', '2026'))).toEqual([
      expect.stringMatching(
        /^LICENSE names a placeholder copyright holder \(REPLACE-ME\): run `npm run release:license`/,
      ),
    ]);
    expect(licensePlaceholder(mitLicense('Acme Shop Ltd', '2026'))).toEqual([]);
  });
});
