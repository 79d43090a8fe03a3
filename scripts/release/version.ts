/**
 * A release tag names one package and its version: `n8n-v1.2.3` or `zapier-v1.2.3`. The version
 * lives in that package's package.json only; the tag must repeat it exactly, and the package's
 * CHANGELOG.md must have an entry for it, or the release workflow stops before building anything.
 */

export const RELEASED_PACKAGES = ['n8n', 'zapier'] as const;
export type ReleasedPackage = (typeof RELEASED_PACKAGES)[number];

export function isReleasedPackage(value: string): value is ReleasedPackage {
  return (RELEASED_PACKAGES as readonly string[]).includes(value);
}

/** Semantic version as npm and Zapier accept it (Zapier takes `x.y.z` only, no pre-release). */
const VERSION_PATTERN: Readonly<Record<ReleasedPackage, RegExp>> = {
  n8n: /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/,
  zapier: /^\d+\.\d+\.\d+$/,
};

export function tagPrefix(pkg: ReleasedPackage): string {
  return `${pkg}-v`;
}

/** The changelog headings Keep a Changelog uses: `## [1.2.3] - 2026-01-31`. */
export function changelogVersions(changelog: string): string[] {
  return [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((match) => match[1] ?? '');
}

/** Everything that stops releasing `pkg` from `tag` (an empty list: the tag matches). */
export function tagProblems(pkg: ReleasedPackage, tag: string, version: string, changelog: string): string[] {
  const prefix = tagPrefix(pkg);
  if (!tag.startsWith(prefix)) return [`tag "${tag}" is not a ${pkg} release tag (${prefix}<version>)`];
  const tagged = tag.slice(prefix.length);
  const problems: string[] = [];
  if (!VERSION_PATTERN[pkg].test(version)) {
    problems.push(`${pkg}/package.json version "${version}" is not a version ${pkg} releases can have`);
  }
  if (tagged !== version) {
    problems.push(
      `tag "${tag}" says ${tagged}, but ${pkg}/package.json says ${version}: bump the version or tag ${prefix}${version}`,
    );
  }
  if (!changelogVersions(changelog).includes(version)) {
    problems.push(`${pkg}/CHANGELOG.md has no "## [${version}]" entry`);
  }
  return problems;
}
