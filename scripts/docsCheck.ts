/**
 * `npm run docs:check`: fails when a doc links a file or heading that does not exist, or names
 * something the repository does not have.
 *
 * Links and their anchors are remark-validate-links' (run by `checkLinks`, GitHub's heading anchors).
 * The rest are this project's: what the docs (`DOC_GLOBS`) name in inline code spans and fenced code
 * blocks must exist:
 * - file paths: a code span whose first segment is a top-level entry of the repository
 *   (`shared/src/x.ts`, `docs/polling.md`) or that starts with `./` / `../` must exist on disk; a
 *   git-ignored path (build output, `zapier/.env`) counts as existing, since it is made, not shipped.
 *   `:42` line suffixes and `#anchors` are dropped.
 * - bare file names: a code span that is one file name with a source or doc extension
 *   (`storeApi.ts`, `publish.yml`) must name a file somewhere in the repository (build output included).
 * - npm scripts: `npm run <name>` (with `-w <workspace>`: that workspace's package.json) must be a
 *   script; `npm start` and `npm test` too.
 * - options of our scripts: `npm start -- --x`, `npm run <name> -- --x`, and a bare `--x` span in the
 *   same paragraph or table row after such a command must be an option the script's entry file
 *   declares to `parseArgs` (`name: { type: ... }`). The entry file is the `.ts` file the npm script
 *   runs; the files it imports directly are read too.
 * - environment variables (and other ALL_CAPS names): a code span such as `N8N_PORT` or
 *   `EXECUTIONS_MODE=queue` must occur in our code (`.ts`/`.js`/`.mjs` under shared, zapier, n8n,
 *   sandbox, scripts, test, and `.ci/run`), or be one of `OUTSIDE_NAMES` (n8n's or WordPress's own).
 *
 * What it cannot see: a path, script or option written without the shapes above (prose, a bare
 * `build:zapier` in a table, a path relative to another folder than the doc's or the root); whether
 * a path or name is described correctly; which of several files of one bare name is meant; whether a
 * number in a doc is the code's (each number is written on one page, beside the constant's file); options of commands that are not ours (jest, n8n, the
 * Zapier CLI) or of npm scripts that run no `.ts` entry file; whether the code *reads* a variable or
 * merely names it (a constant of the same spelling satisfies it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

export interface Problem {
  doc: string;
  line: number;
  kind: 'path' | 'script' | 'option' | 'name';
  text: string;
  why: string;
}

/** The docs a user or maintainer reads; paths relative to the repository root. */
export const DOC_GLOBS = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'zapier/README.md',
  'n8n/README.md',
  'docs/**/*.md',
  'sandbox/README.md',
  'scripts/**/README.md',
  'n8n/examples/README.md',
];

/** Names the docs may give that are n8n's, Postgres's or WordPress's own, not read by our code. */
export const OUTSIDE_NAMES = new Set([
  'N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL',
  'N8N_EXECUTIONS_QUEUE_RECOVERY_BATCH',
  'N8N_SCHEDULER_ENABLED',
  'N8N_SCHEDULER_POLL_TRIGGERS_ENABLED',
  'N8N_SCHEDULER_POLL_TIMEOUT',
  'N8N_VERIFIED_PACKAGES_ENABLED',
  'N8N_SSRF_PROTECTION_ENABLED',
  'N8N_SSRF_ALLOWED_HOSTNAMES',
  'N8N_SSRF_ALLOWED_IP_RANGES',
  'N8N_CUSTOM_EXTENSIONS',
  'WP_DEBUG',
]);

const SOURCE_ROOTS = ['shared', 'zapier', 'n8n', 'sandbox', 'scripts', 'test'];
const SOURCE_FILE = /\.(ts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.cache', 'coverage']);

interface Span {
  text: string;
  line: number;
  /** Paragraph (or table row) number within the doc, for attributing bare options. */
  block: number;
}

export function checkDocs(root: string, docs: string[] = findDocs(root)): Problem[] {
  const repo = new Repository(root);
  return docs.flatMap((doc) => checkDoc(repo, doc));
}

function checkDoc(repo: Repository, doc: string): Problem[] {
  const problems: Problem[] = [];
  const report = (span: Span, kind: Problem['kind'], text: string, why: string) =>
    problems.push({ doc, line: span.line, kind, text, why });
  const spans = spansOf(readFileSync(join(repo.root, doc), 'utf8'));
  // The npm script a paragraph last named, so `--queue` after `npm start -- --no-n8n` is checked too.
  const lastCommand = new Map<number, string>();
  for (const span of spans) {
    for (const command of commandsIn(span.text)) {
      const scripts = repo.scripts(command.workspace);
      if (scripts === undefined) {
        report(span, 'script', command.text, `no workspace ${command.workspace}`);
        continue;
      }
      if (!(command.script in scripts)) {
        report(span, 'script', command.text, `no npm script "${command.script}"`);
        continue;
      }
      lastCommand.set(span.block, `${command.workspace ?? ''}\u0000${command.script}`);
      checkOptions(repo, command.workspace, command.script, command.options, (option) =>
        report(span, 'option', option, `npm run ${command.script} does not accept ${option}`),
      );
    }
    const bare = /^(--[a-z][a-z0-9-]*)(?:[ =].*)?$/.exec(span.text.trim());
    const owner = lastCommand.get(span.block);
    if (bare?.[1] && owner !== undefined) {
      const [workspace, script] = owner.split('\u0000') as [string, string];
      checkOptions(repo, workspace || undefined, script, [bare[1]], (option) =>
        report(span, 'option', option, `npm run ${script} does not accept ${option}`),
      );
    }
    const path = pathIn(span.text, repo);
    if (path !== undefined && !repo.exists(path) && !repo.exists(join(dirname(doc), path)))
      report(span, 'path', span.text, 'no such file or folder');
    const fileName = bareFileName(span.text);
    if (path === undefined && fileName !== undefined && !repo.hasFileNamed(fileName))
      report(span, 'path', span.text, 'no file of this name anywhere in the repository');
    const name = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(_\*|=\S*)?$/.exec(span.text.trim());
    if (name?.[1] && !OUTSIDE_NAMES.has(name[1]) && !repo.namesInCode(name[1], name[2] === '_*'))
      report(span, 'name', span.text, 'our code never names it');
  }
  return problems;
}

function checkOptions(
  repo: Repository,
  workspace: string | undefined,
  script: string,
  options: string[],
  fail: (option: string) => void,
): void {
  const accepted = repo.optionsOf(workspace, script);
  if (accepted === undefined) return; // the script runs no .ts entry of ours: its options cannot be seen
  for (const option of options) if (!accepted.has(option.replace(/^--/, ''))) fail(option);
}

/** Inline code spans and the lines of fenced code blocks, with their line. */
export function spansOf(markdown: string): Span[] {
  const spans: Span[] = [];
  let block = 0;
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      block += 1;
      return;
    }
    if (fenced) {
      spans.push({ text: text.replace(/\s+#\s.*$/, '').trim(), line, block });
      return;
    }
    // A blank line ends a paragraph; each table row is its own block.
    if (text.trim() === '' || text.trimStart().startsWith('|')) block += 1;
    for (const match of text.matchAll(/`([^`]+)`/g)) spans.push({ text: match[1] ?? '', line, block });
  });
  return spans;
}

interface Command {
  text: string;
  script: string;
  workspace: string | undefined;
  options: string[];
}

/** `npm start …`, `npm test`, `npm run <name> [-w <ws>] [-- --opt …]` inside one span. */
export function commandsIn(text: string): Command[] {
  const commands: Command[] = [];
  for (const match of text.matchAll(/\bnpm (start|test|run ([\w:.-]+))((?:\s+(?!&&|\||;)\S+)*)/g)) {
    const script = match[2] ?? match[1] ?? '';
    const rest = (match[3] ?? '').trim().split(/\s+/).filter(Boolean);
    const wsIndex = rest.findIndex((word) => word === '-w' || word === '--workspace');
    const workspace = wsIndex >= 0 ? rest[wsIndex + 1] : undefined;
    const dashes = rest.indexOf('--');
    const options = dashes >= 0 ? rest.slice(dashes + 1).filter((word) => /^--[a-z]/.test(word)) : [];
    commands.push({ text: match[0].trim(), script, workspace, options: options.map((o) => o.split('=')[0] ?? o) });
  }
  return commands;
}

/** The span as a repository path, when it has the shape of one (see the header); else undefined. */
function pathIn(text: string, repo: Repository): string | undefined {
  const candidate = text
    .trim()
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/#.*$/, '');
  if (!/^(\.{1,2}\/)?[\w.@-]+(\/[\w.@-]*)*$/.test(candidate)) return undefined;
  if (candidate.startsWith('./') || candidate.startsWith('../')) return candidate;
  const first = candidate.split('/')[0] ?? '';
  if (!candidate.includes('/') && !/\.(md|json|ts|js)$/.test(candidate)) return undefined;
  return repo.topLevel.has(first) ? candidate : undefined;
}

/** The span as one bare file name (`storeApi.ts`, `publish.yml`), line suffix and anchor dropped; else undefined. */
export function bareFileName(text: string): string | undefined {
  const candidate = text
    .trim()
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/#.*$/, '');
  return /^[\w@-][\w.@-]*\.(ts|js|mjs|cjs|json|jsonc|md|yml|yaml|png|sh)$/.test(candidate) ? candidate : undefined;
}

class Repository {
  readonly topLevel: Set<string>;
  private sourceText: string | undefined;
  private fileNames: Set<string> | undefined;
  private readonly packages = new Map<string, { dir: string; scripts: Record<string, string> } | null>();

  constructor(readonly root: string) {
    this.topLevel = new Set(readdirSync(root).filter((name) => name !== 'node_modules'));
  }

  exists(path: string): boolean {
    const full = resolve(this.root, path);
    if (existsSync(full)) return true;
    const path_ = relative(this.root, full);
    // Made by a build or by the user, never committed (a folder pattern such as `dist/` needs the slash).
    return [path_, `${path_}/`].some((candidate) => {
      try {
        execFileSync('git', ['check-ignore', '-q', '--no-index', candidate], { cwd: this.root, stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    });
  }

  /** The scripts of the root package, or of the workspace named by folder or package name. */
  scripts(workspace: string | undefined): Record<string, string> | undefined {
    return this.packageOf(workspace)?.scripts;
  }

  /** Options the script's `.ts` entry declares to parseArgs; undefined when it runs no entry of ours. */
  optionsOf(workspace: string | undefined, script: string): Set<string> | undefined {
    const pkg = this.packageOf(workspace);
    const command = pkg?.scripts[script];
    const entry = command ? /\b(?:tsx|node)\s+(\S+\.ts)\b/.exec(command)?.[1] : undefined;
    if (!pkg || !entry || !existsSync(join(pkg.dir, entry))) return undefined;
    // The entry and the files it imports directly: an entry may hand its arguments to a module.
    const entryPath = join(pkg.dir, entry);
    const entrySource = readFileSync(entryPath, 'utf8');
    const imported = [...entrySource.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)]
      .map((match) => join(dirname(entryPath), match[1] ?? ''))
      .flatMap((base) => [`${base}.ts`, join(base, 'index.ts')])
      .filter((file) => existsSync(file));
    const source = [entrySource, ...imported.map((file) => readFileSync(file, 'utf8'))].join('\n');
    const names = [...source.matchAll(/['"]?([a-z][a-z0-9-]*)['"]?\s*:\s*\{\s*type:\s*['"](?:string|boolean)['"]/g)];
    return new Set(names.map((match) => match[1] ?? ''));
  }

  /** Whether a file of this name is anywhere in the repository, build output included. */
  hasFileNamed(name: string): boolean {
    this.fileNames ??= new Set(
      walk(this.root, () => true, new Set(['node_modules', '.git'])).map((path) => basename(path)),
    );
    return this.fileNames.has(name);
  }

  /** Whether our code contains the name as a whole word (or, for `NAME_*`, a name starting so). */
  namesInCode(name: string, prefix: boolean): boolean {
    this.sourceText ??= this.readSources();
    return new RegExp(`\\b${name}${prefix ? '_[A-Z0-9_]+' : ''}\\b`).test(this.sourceText);
  }

  private readSources(): string {
    const files = SOURCE_ROOTS.flatMap((dir) => walk(join(this.root, dir), (path) => SOURCE_FILE.test(path)));
    const ci = join(this.root, '.ci', 'run');
    if (existsSync(ci)) files.push(ci);
    return files.map((file) => readFileSync(file, 'utf8')).join('\n');
  }

  private packageOf(workspace: string | undefined) {
    const key = workspace ?? '';
    if (!this.packages.has(key)) this.packages.set(key, this.loadPackage(workspace));
    return this.packages.get(key) ?? undefined;
  }

  private loadPackage(workspace: string | undefined): { dir: string; scripts: Record<string, string> } | null {
    const read = (dir: string) => {
      const file = join(dir, 'package.json');
      if (!existsSync(file)) return null;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
        name?: string;
        scripts?: Record<string, string>;
        workspaces?: string[];
      };
      return { dir, name: pkg.name, scripts: pkg.scripts ?? {}, workspaces: pkg.workspaces ?? [] };
    };
    const root = read(this.root);
    if (!root || workspace === undefined) return root;
    for (const folder of root.workspaces) {
      const pkg = read(join(this.root, folder));
      if (pkg && (folder === workspace || pkg.name === workspace)) return pkg;
    }
    return null;
  }
}

function walk(dir: string, keep: (path: string) => boolean, skip: ReadonlySet<string> = SKIP_DIRS): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, keep, skip));
    else if (keep(path)) out.push(path);
  }
  return out;
}

/** The docs of `DOC_GLOBS` that exist under `root` (`**` any folders, `*` any name). */
export function findDocs(root: string): string[] {
  const all = walk(root, (path) => path.endsWith('.md')).map((path) => relative(root, path));
  const patterns = DOC_GLOBS.map(
    (glob) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '(?:.*/)?')
          .replace(/\*/g, '[^/]*')}$`,
      ),
  );
  return all.filter((path) => patterns.some((pattern) => pattern.test(path))).sort();
}

/**
 * remark-validate-links over `docs` (paths relative to `root`): every relative link's file and every
 * `#anchor`'s heading must exist. `--frail` makes its warnings fail the run. `repository: false`: links
 * are checked as files, the same with or without a git remote.
 */
export function checkLinks(root: string, docs: string[]): { ok: boolean; output: string } {
  const remark = join(__dirname, '..', 'node_modules', 'remark-cli', 'cli.js'); // remark-cli exports no module
  const plugin = `${require.resolve('remark-validate-links')}=repository:false`;
  const run = spawnSync(
    process.execPath,
    [remark, '--quiet', '--frail', '--no-stdout', '--no-color', '--use', plugin, ...docs],
    { cwd: root, encoding: 'utf8' },
  );
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

if (require.main === module) {
  const root = resolve(__dirname, '..');
  const docs = findDocs(root);
  const links = checkLinks(root, docs);
  if (!links.ok) console.error(links.output);
  const problems = checkDocs(root, docs);
  for (const p of problems) console.error(`${p.doc}:${p.line}: ${p.kind} \`${p.text}\`: ${p.why}`);
  if (problems.length > 0 || !links.ok) {
    console.error(
      `docs:check: ${links.ok ? 'links fine' : 'broken links'}, ${problems.length} other problem(s) in ${docs.length} docs`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `docs:check: ${docs.length} docs link only files and headings that exist, and name only files, npm scripts, options and variables that exist`,
    );
  }
}
