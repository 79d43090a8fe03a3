/**
 * The README npm shows must work without the repository: the package ships only `dist/` (and its
 * README), so a link such as `../docs/images/x.png` breaks on npmjs.com and in n8n's node
 * documentation link. At pack time (`prepack`) the README's relative links are rewritten into absolute
 * ones built from the one `repository` setting of package.json (images to the raw file, other files
 * to their page); `postpack` puts the repository's README back. `packCheck.ts` proves the packed
 * README has no relative link leaving the package.
 *
 *   tsx ../scripts/n8n-package/readme.ts prepack    rewrite README.md for the tarball (the original kept aside)
 *   tsx ../scripts/n8n-package/readme.ts postpack   restore the original README.md
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, posix } from 'node:path';

import GithubSlugger from 'github-slugger';
import { lexer, walkTokens, type Token } from 'marked';

/** The web address of the repository and where the package lives in it. */
export interface RepositoryRoot {
  web: string;
  directory: string;
}

/** Branch-independent ref that GitHub, GitLab and Gitea resolve to the default branch. */
const REF = 'HEAD';
const IMAGE = /\.(png|jpe?g|gif|svg|webp)$/i;
const LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)((?:\s+"[^"]*")?)\)/g;

/**
 * `repository` of package.json as a web address: `git+https://host/owner/repo.git` or
 * `git@host:owner/repo.git` (object `url` or string), plus `directory` (default: the package folder's name).
 */
export function repositoryRoot(pkg: { repository?: unknown }, packageFolder: string): RepositoryRoot {
  const repository = pkg.repository;
  const url =
    typeof repository === 'string'
      ? repository
      : typeof repository === 'object' && repository !== null && 'url' in repository
        ? String((repository as { url: unknown }).url)
        : '';
  const web = url
    .trim()
    .replace(/^git\+/, '')
    .replace(/^git@([^:]+):/, 'https://$1/')
    .replace(/^(git|ssh):\/\/(git@)?/, 'https://')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
  if (!/^https:\/\/[^/\s]+\/\S+$/.test(web)) {
    throw new Error(
      `package.json has no usable repository.url (${url || 'none'}): the packed README's links are built from it. Set "repository": {"type": "git", "url": "git+https://<host>/<owner>/<repo>.git"} (the package folder, ${packageFolder}, is taken as its place in that repository).`,
    );
  }
  const directory =
    typeof repository === 'object' && repository !== null && 'directory' in repository
      ? String((repository as { directory: unknown }).directory)
      : packageFolder;
  return { web, directory: directory.replace(/^\/+|\/+$/g, '') };
}

/** Relative link targets of a markdown text (images included); absolute URLs and `#anchors` are not. */
export function relativeTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of markdown.matchAll(LINK)) {
    const target = match[3] ?? '';
    if (isRelative(target)) targets.push(target);
  }
  for (const match of markdown.matchAll(/\b(?:src|href)=["']([^"']+)["']/g)) {
    const target = match[1] ?? '';
    if (isRelative(target)) targets.push(target);
  }
  return targets;
}

/**
 * The anchors of a markdown text's headings, as GitHub and npm make them: each heading's text
 * (markup removed), slugged by github-slugger, a repeated heading numbered `-1`, `-2`. These are
 * the `#anchors` a link to the README can land on.
 */
export function headingAnchors(markdown: string): string[] {
  const slugger = new GithubSlugger();
  const anchors: string[] = [];
  walkTokens(lexer(markdown), (token) => {
    if (token.type === 'heading') anchors.push(slugger.slug(plainText(token.tokens ?? [])));
  });
  return anchors;
}

/** The text a reader sees of inline markdown: HTML tags and images give none. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'html' || token.type === 'image') return '';
      if ('tokens' in token && token.tokens) return plainText(token.tokens);
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

function isRelative(target: string): boolean {
  return target !== '' && !target.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

/**
 * The README as packed: each relative link becomes absolute in the repository (an image: its raw
 * file; anything else: its page), resolved from the package's `directory`. A link that leaves the
 * repository is an error, not a guess.
 */
export function packedReadme(markdown: string, root: RepositoryRoot): string {
  return markdown.replace(LINK, (whole, bang: string, text: string, target: string, title: string) => {
    if (!isRelative(target)) return whole;
    const [path = '', anchor] = target.split('#');
    const inRepo = posix.normalize(posix.join(root.directory, path));
    if (inRepo.startsWith('..') || posix.isAbsolute(inRepo)) {
      throw new Error(`README link ${target} leaves the repository`);
    }
    const kind = bang || IMAGE.test(path) ? 'raw' : path.endsWith('/') ? 'tree' : 'blob';
    return `${bang}[${text}](${root.web}/${kind}/${REF}/${inRepo}${anchor ? `#${anchor}` : ''}${title})`;
  });
}

const packageDir = join(__dirname, '../../n8n');
const readmePath = join(packageDir, 'README.md');
/** The repository's README, kept here while the tarball is made (git-ignored). */
const keptPath = join(packageDir, '.README.repository.md');

function prepack(): void {
  if (existsSync(keptPath)) renameSync(keptPath, readmePath); // a pack that died before postpack
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    repository?: unknown;
  };
  const original = readFileSync(readmePath, 'utf8');
  const packed = packedReadme(original, repositoryRoot(pkg, basename(packageDir)));
  writeFileSync(keptPath, original);
  writeFileSync(readmePath, packed);
  // stderr: `npm pack --json` prints the tarball's JSON on stdout.
  console.error(`README.md for the tarball: relative links made absolute (${keptPath} kept aside)`);
}

function postpack(): void {
  if (existsSync(keptPath)) renameSync(keptPath, readmePath);
}

if (require.main === module) {
  const step = process.argv[2];
  try {
    if (step === 'prepack') prepack();
    else if (step === 'postpack') postpack();
    else throw new Error('Usage: tsx ../scripts/n8n-package/readme.ts prepack|postpack');
  } catch (error) {
    console.error(`n8n README for the tarball: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
