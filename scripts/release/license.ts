/**
 * The MIT licence every package.json names, with its notice. The copyright holder is not a second
 * fact: it is `author.name` of n8n/package.json, the release metadata a maintainer fills in before the
 * first release (scripts/release/metadata.ts). The repository's LICENSE is written from it
 * (`npm run release:license`), and every copy that travels (the n8n tarball, the Zapier build zip,
 * the n8n package's own repository) is that file, copied at build time.
 *
 *   npm run release:license          rewrite LICENSE's copyright line from n8n/package.json author.name
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type PackageMetadata, isPlaceholder } from './metadata';

const ROOT = path.resolve(__dirname, '../..');
export const LICENSE_FILE = path.join(ROOT, 'LICENSE');

const COPYRIGHT = /^Copyright \(c\) (\d{4}(?:-\d{4})?) (.+)$/m;

/** The MIT licence text (as the Open Source Initiative publishes it) for `holder`, from `year`. */
export function mitLicense(holder: string, year: string): string {
  return `MIT License

Copyright (c) ${year} ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;
}

/** `author` of a package.json (`"Name <email>"` or `{name}`) as the holder's name, when it has one. */
export function authorName(author: unknown): string | undefined {
  const name =
    typeof author === 'string'
      ? /^([^<(]*)/.exec(author)?.[1]
      : author && typeof author === 'object' && 'name' in author && typeof author.name === 'string'
        ? author.name
        : undefined;
  return name?.trim() || undefined;
}

/** The holder and year a licence text names, or undefined when it has no MIT copyright line. */
export function licenseNotice(text: string): { year: string; holder: string } | undefined {
  const match = COPYRIGHT.exec(text);
  return match?.[1] && match[2] ? { year: match[1], holder: match[2].trim() } : undefined;
}

/**
 * What is wrong with a LICENSE text for a package whose metadata is `pkg` (an empty list: it is the
 * MIT licence and names the package's author, placeholder or not). `where` names the copy in each message.
 */
export function licenseProblems(text: string | undefined, pkg: PackageMetadata, where = 'LICENSE'): string[] {
  if (text === undefined) return [`${where} is missing`];
  const notice = licenseNotice(text);
  if (!notice) return [`${where} has no "Copyright (c) <year> <holder>" line`];
  if (text !== mitLicense(notice.holder, notice.year)) return [`${where} is not the MIT licence text`];
  const author = authorName(pkg.author);
  if (author !== notice.holder) {
    return [`${where} names ${notice.holder}, but n8n/package.json author.name is ${author ?? 'missing'}`];
  }
  return [];
}

/** Before a release: the holder must be a real one (the release metadata check refuses placeholders too). */
export function licensePlaceholder(text: string): string[] {
  const holder = licenseNotice(text)?.holder;
  return holder !== undefined && isPlaceholder(holder)
    ? [
        `LICENSE names a placeholder copyright holder (${holder}): run \`npm run release:license\` after filling in author`,
      ]
    : [];
}

/** LICENSE rewritten for the author in n8n/package.json, keeping the year it already has. */
function writeLicense(): void {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'n8n', 'package.json'), 'utf8')) as PackageMetadata;
  const holder = authorName(pkg.author);
  if (!holder) throw new Error('n8n/package.json has no author.name: fill it in first (CONTRIBUTING.md, "Releasing").');
  let year = String(new Date().getFullYear());
  try {
    year = licenseNotice(readFileSync(LICENSE_FILE, 'utf8'))?.year ?? year;
  } catch {
    // No LICENSE yet: this year.
  }
  writeFileSync(LICENSE_FILE, mitLicense(holder, year));
  console.log(`LICENSE: MIT, Copyright (c) ${year} ${holder}`);
}

if (require.main === module) {
  try {
    writeLicense();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
