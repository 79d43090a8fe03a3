/** The command the release workflows run before publishing, as they run it, on the repository as it is. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

function releaseCheck(args: string[], env: Record<string, string> = {}) {
  const tsx = require.resolve('tsx/cli', { paths: [ROOT] });
  return spawnSync(process.execPath, [tsx, 'scripts/release/check.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, GITHUB_REF_NAME: '', GITHUB_REPOSITORY: '', ...env },
  });
}

describe('npm run release:check', () => {
  it('refuses to release the n8n package while its metadata are placeholders, and says what to do', () => {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'n8n/package.json'), 'utf8')) as { version: string };
    const run = releaseCheck(['n8n'], { GITHUB_REF_NAME: `n8n-v${version}`, GITHUB_REPOSITORY: 'acme/connectors' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Refusing to release n8n from n8n-v${version}`);
    expect(run.stderr).toMatch(/repository\.url is a placeholder/);
    expect(run.stderr).toMatch(/LICENSE names a placeholder copyright holder \(REPLACE-ME\)/);
    expect(run.stderr).toMatch(/CONTRIBUTING\.md \("Releasing"\)/);
  });

  it('refuses a Zapier release with a mismatched tag, naming both versions', () => {
    const run = releaseCheck(['zapier', 'zapier-v0.0.1']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/tag "zapier-v0\.0\.1" says 0\.0\.1, but zapier\/package\.json says \d+\.\d+\.\d+/);
  });

  it('stops with its usage when the package or tag is missing', () => {
    const run = releaseCheck(['npm']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage: npm run release:check -- <n8n\|zapier> <tag>/);
  });
});
