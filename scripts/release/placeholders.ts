/**
 * What a release publishes for people to read or run: each package's README, changelog and manifest,
 * and the sources bundled into it (for n8n also the files its own repository gets). A `REPLACE-ME`
 * left in any of them would ship, a README's dead "Issues" link for one, so the release check refuses
 * while one is there. LICENSE has its own check (`licensePlaceholder`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PLACEHOLDER_MARK } from './metadata';
import type { ReleasedPackage } from './version';

/** Files and folders (read whole) each release publishes, relative to the repository root. */
export const PUBLISHED: Readonly<Record<ReleasedPackage, readonly string[]>> = {
  n8n: [
    'n8n/README.md',
    'n8n/CHANGELOG.md',
    'n8n/package.json',
    'n8n/credentials',
    'n8n/nodes',
    'shared/src',
    'scripts/n8n-package/tree',
  ],
  zapier: ['zapier/README.md', 'zapier/CHANGELOG.md', 'zapier/package.json', 'zapier/src', 'shared/src'],
};

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  let stats;
  try {
    stats = statSync(full);
  } catch {
    return []; // a file a package does not have is not published
  }
  if (!stats.isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(entry, name)));
}

/** One line per placeholder in what `pkg`'s release publishes: `file:line`, and what to do. */
export function placeholderProblems(pkg: ReleasedPackage, root: string): string[] {
  return PUBLISHED[pkg].flatMap((entry) =>
    filesUnder(root, entry).flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          line.toUpperCase().includes(PLACEHOLDER_MARK)
            ? [
                `${file}:${index + 1} holds the placeholder ${PLACEHOLDER_MARK}, which this release would publish: fill it in or take it out`,
              ]
            : [],
        ),
    ),
  );
}
