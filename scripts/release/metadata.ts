/**
 * The package's public metadata (repository, author, homepage, bugs): one place, `n8n/package.json`,
 * the only published manifest that carries it. The Zapier app and the root package are private and
 * carry none. A maintainer fills these in before the first release; until then they hold placeholders
 * that `metadataProblems` recognises, and the release workflows refuse to publish.
 */

/** The fields a maintainer fills in, as they appear in package.json. */
const METADATA_FIELDS = ['repository', 'author', 'homepage', 'bugs'] as const;

/** The word every placeholder in n8n/package.json carries. */
export const PLACEHOLDER_MARK = 'REPLACE-ME';

/** The part of a package.json these rules read; anything else may be there. */
export interface PackageMetadata {
  repository?: unknown;
  author?: unknown;
  homepage?: unknown;
  bugs?: unknown;
}

/** Where the package is built from: GitHub Actions with npm provenance need a GitHub repository. */
export interface GitHubRepository {
  owner: string;
  name: string;
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): never a real maintainer's address. */
function isReservedHost(host: string): boolean {
  const lower = host.toLowerCase();
  if (['example', 'invalid', 'test', 'localhost'].some((tld) => lower === tld || lower.endsWith(`.${tld}`)))
    return true;
  return ['example.com', 'example.net', 'example.org'].some(
    (domain) => lower === domain || lower.endsWith(`.${domain}`),
  );
}

/** A value still to be filled in: it carries the mark, or points at a reserved example domain. */
export function isPlaceholder(value: string): boolean {
  if (value.toUpperCase().includes(PLACEHOLDER_MARK)) return true;
  const hosts = [...value.matchAll(/(?:[a-z][a-z0-9+.-]*:\/\/|@)([a-z0-9.-]+)/gi)].map((match) => match[1] ?? '');
  return hosts.some(isReservedHost);
}

/** `git+https://github.com/o/r.git`, `https://github.com/o/r`, `git://github.com/o/r.git` → {o, r}. */
export function parseGitHubUrl(url: string): GitHubRepository | undefined {
  const match =
    /^(?:git\+)?(?:https|git|ssh):\/\/(?:git@)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(
      url.trim(),
    );
  return match?.[1] && match[2] ? { owner: match[1], name: match[2] } : undefined;
}

function urlOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'url' in value && typeof value.url === 'string') return value.url;
  return undefined;
}

/** The repository's web address (`https://github.com/<owner>/<name>`), for absolute links in READMEs. */
export function repositoryWebUrl(pkg: PackageMetadata): string | undefined {
  const url = urlOf(pkg.repository);
  const repo = url === undefined ? undefined : parseGitHubUrl(url);
  return repo && `https://github.com/${repo.owner}/${repo.name}`;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** `Name <email> (url)` or `{name, email, url}`: npm accepts both. */
function authorParts(author: unknown): { name?: string; email?: string; url?: string } {
  if (typeof author === 'string') {
    const match = /^([^<(]*?)\s*(?:<([^>]*)>)?\s*(?:\(([^)]*)\))?$/.exec(author.trim());
    return { name: match?.[1], email: match?.[2], url: match?.[3] };
  }
  if (author && typeof author === 'object') {
    const { name, email, url } = author as Record<string, unknown>;
    return {
      name: typeof name === 'string' ? name : undefined,
      email: typeof email === 'string' ? email : undefined,
      url: typeof url === 'string' ? url : undefined,
    };
  }
  return {};
}

function repositoryProblems(pkg: PackageMetadata, builtFrom: string | undefined): string[] {
  const url = urlOf(pkg.repository);
  if (url === undefined) return ['repository.url is missing'];
  if (isPlaceholder(url)) return [`repository.url is a placeholder (${url})`];
  const repo = parseGitHubUrl(url);
  if (!repo) return [`repository.url is not a GitHub repository URL (${url}); npm provenance needs one`];
  // npm rejects a provenance statement whose source repository differs from package.json's.
  if (builtFrom && `${repo.owner}/${repo.name}`.toLowerCase() !== builtFrom.toLowerCase()) {
    return [`repository.url names ${repo.owner}/${repo.name}, but this workflow runs in ${builtFrom}`];
  }
  return [];
}

function linkProblems(field: 'homepage' | 'bugs', value: unknown): string[] {
  const url = urlOf(value);
  const name = field === 'bugs' ? 'bugs.url' : field;
  if (url === undefined) return [`${name} is missing`];
  if (isPlaceholder(url)) return [`${name} is a placeholder (${url})`];
  if (!isHttpsUrl(url)) return [`${name} is not an https URL (${url})`];
  return [];
}

function authorProblems(author: unknown): string[] {
  const { name, email, url } = authorParts(author);
  const problems: string[] = [];
  if (!name?.trim()) problems.push('author.name is missing');
  else if (isPlaceholder(name)) problems.push(`author.name is a placeholder (${name})`);
  if (email !== undefined && (isPlaceholder(email) || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))) {
    problems.push(`author.email is a placeholder or not an address (${email})`);
  }
  if (url !== undefined && (isPlaceholder(url) || !isHttpsUrl(url))) {
    problems.push(`author.url is a placeholder or not an https URL (${url})`);
  }
  return problems;
}

/**
 * Everything that stops a release of `pkg` (an empty list: it may be published). `builtFrom` is the
 * `owner/name` the release runs in (GitHub's GITHUB_REPOSITORY), when known.
 */
export function metadataProblems(pkg: PackageMetadata, builtFrom?: string): string[] {
  return [
    ...repositoryProblems(pkg, builtFrom),
    ...authorProblems(pkg.author),
    ...linkProblems('homepage', pkg.homepage),
    ...linkProblems('bugs', pkg.bugs),
  ];
}

/** A second place for the same facts would drift: the other manifests must not define them. */
export function strayMetadata(manifests: Readonly<Record<string, PackageMetadata>>): string[] {
  return Object.entries(manifests).flatMap(([file, pkg]) =>
    METADATA_FIELDS.filter((field) => pkg[field] !== undefined).map(
      (field) => `${file} defines "${field}"; it belongs in n8n/package.json only`,
    ),
  );
}
