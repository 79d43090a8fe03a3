/** The docs check on a small fixture repository: a doc naming what exists passes, each kind of bad name or link fails. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { checkDocs, checkLinks, commandsIn, findDocs } from '../../../scripts/docsCheck';

let root: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'docs-check-'));
  execFileSync('git', ['init', '-q'], { cwd: root });
  write('.gitignore', 'dist/\n.env\n');
  write(
    'package.json',
    JSON.stringify({
      name: 'fixture',
      workspaces: ['tool'],
      scripts: { start: 'tsx scripts/start.ts', test: 'jest', 'docs:check': 'tsx scripts/docsCheck.ts' },
    }),
  );
  write('tool/package.json', JSON.stringify({ name: 'fixture-tool', scripts: { build: 'tsx build.ts' } }));
  write('tool/build.ts', 'export {};\n');
  write(
    'scripts/start.ts',
    "const { values } = parseArgs({ options: { 'no-n8n': { type: 'boolean' }, port: { type: 'string' } } });\nconst p = process.env.STORE_PORT;\n",
  );
  write('shared/src/client.ts', 'export const MAX_PER_PAGE = 100;\n');
  write('docs/guide.md', '# Guide\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const problemsOf = (doc: string, text: string) => {
  write(doc, text);
  return checkDocs(root, [doc]).map(({ kind, text: named, line }) => ({ kind, named, line }));
};

describe('docs check', () => {
  it('passes a doc that names only what exists', () => {
    const doc = [
      'Run `npm start -- --no-n8n` (or `--port 9000`), then `npm test`; build with',
      '`npm run build -w fixture-tool`. The client is `shared/src/client.ts:12` (see `MAX_PER_PAGE`),',
      'the port `STORE_PORT=8080`; the guide is `docs/guide.md#guide` and `docs/`; build output',
      'goes to `tool/dist/` and secrets to `tool/.env`. n8n reads `N8N_SCHEDULER_ENABLED`.',
      'An API route such as `webhook/delete/` or `/wp-json/sc/v1` is not a file.',
      '',
      '```sh',
      'npm run docs:check   # the check',
      '```',
    ].join('\n');
    expect(problemsOf('README.md', doc)).toEqual([]);
  });

  it('fails on a file path that does not exist', () => {
    expect(problemsOf('README.md', 'See `shared/src/gone.ts`.\n\nAnd `./docs/old.md`.\n')).toEqual([
      { kind: 'path', named: 'shared/src/gone.ts', line: 1 },
      { kind: 'path', named: './docs/old.md', line: 3 },
    ]);
  });

  it('fails on a bare file name that is nowhere in the repository, and passes one that is', () => {
    write('tool/dist/bundle.node.js', '');
    expect(
      problemsOf(
        'ARCHITECTURE.md',
        'The client is `client.ts:3`, built to `bundle.node.js`; fields in `schemas.ts`.\n\nSee `notes.md#top`.\n',
      ),
    ).toEqual([
      { kind: 'path', named: 'schemas.ts', line: 1 },
      { kind: 'path', named: 'notes.md#top', line: 3 },
    ]);
  });

  it("fails on a link to a missing file or heading (remark-validate-links, GitHub's anchors), relative to the doc", () => {
    write('docs/guide.md', '# Guide\n\n## n8n 3.0: unverified packages\n\n## Notes\n\n## Notes\n');
    write('docs/a.md', '[ok](guide.md#n8n-30-unverified-packages) [ok](guide.md#notes-1) [bad](../guide.md)\n');
    write('README.md', '# Top\n\n[ok](#top) [bad](docs/guide.md#notes-2) [bad](#nowhere)\n');
    const links = checkLinks(root, ['README.md', 'docs/a.md']);
    expect(links.ok).toBe(false);
    const found = [
      ...links.output.matchAll(
        /^\s*(\d+):\S+\s+warning\s+(Cannot find (?:file|heading for) `[^`]+`(?: in `[^`]+`)?)/gm,
      ),
    ];
    expect(found.map(([, line, what]) => `${line}: ${what}`).sort()).toEqual([
      '1: Cannot find file `../guide.md`',
      '3: Cannot find heading for `#notes-2` in `docs/guide.md`',
      '3: Cannot find heading for `#nowhere`',
    ]);
    write('docs/a.md', '[ok](guide.md)\n');
    write('README.md', '# Top\n\n[ok](#top)\n');
    expect(checkLinks(root, ['README.md', 'docs/a.md'])).toEqual({ ok: true, output: '' });
  }, 60_000);

  it('fails on an npm script that does not exist, at the root or in a workspace', () => {
    expect(problemsOf('README.md', '`npm run bench` and `npm run lint -w fixture-tool`\n')).toEqual([
      { kind: 'script', named: 'npm run bench', line: 1 },
      { kind: 'script', named: 'npm run lint -w fixture-tool', line: 1 },
    ]);
  });

  it('fails on an option the script does not declare, also a bare one after the command in the same paragraph', () => {
    expect(
      problemsOf('README.md', 'Use `npm start -- --queue`, or `--verbose`.\n\nElsewhere `--verbose` is n8n’s.\n'),
    ).toEqual([
      { kind: 'option', named: '--queue', line: 1 },
      { kind: 'option', named: '--verbose', line: 1 },
    ]);
  });

  it('fails on an environment variable our code never names', () => {
    expect(problemsOf('README.md', 'Set `WEBHOOK_BASE` and `DB_POSTGRESDB_*`.\n')).toEqual([
      { kind: 'name', named: 'WEBHOOK_BASE', line: 1 },
      { kind: 'name', named: 'DB_POSTGRESDB_*', line: 1 },
    ]);
  });

  it('reads commands with their workspace and options', () => {
    expect(commandsIn('npm run pack:check -w n8n-x -- --keep=1 && npm test')).toEqual([
      {
        text: 'npm run pack:check -w n8n-x -- --keep=1',
        script: 'pack:check',
        workspace: 'n8n-x',
        options: ['--keep'],
      },
      { text: 'npm test', script: 'test', workspace: undefined, options: [] },
    ]);
  });

  it('finds the docs it is meant to read, and no others', () => {
    write('README.md', '');
    write('scripts/n8n/README.md', '');
    write('test/README.md', '');
    expect(findDocs(root)).toEqual(['README.md', 'docs/guide.md', 'scripts/n8n/README.md']);
  });
});
