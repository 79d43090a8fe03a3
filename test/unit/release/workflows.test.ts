/**
 * The release workflows' own rules, which GitHub's schema (npm run lint:workflows) cannot see: which tag
 * starts them, that nothing is published before the checks and tests, that only the publishing job may
 * ask for an OIDC token, and that the platforms get the Node and secrets they need.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tagPrefix } from '../../../scripts/release/version';

const read = (name: string) => readFileSync(path.resolve(__dirname, '../../../.github/workflows', name), 'utf8');

/** The text of one job: from `  <job>:` under `jobs:` to the next job at the same indentation. */
function job(workflow: string, name: string): string {
  const start = workflow.indexOf(`\n  ${name}:\n`, workflow.indexOf('\njobs:\n'));
  if (start < 0) throw new Error(`no job ${name}`);
  const next = workflow.slice(start + 1).search(/\n {2}[a-z][\w-]*:\n/);
  return next < 0 ? workflow.slice(start) : workflow.slice(start, start + 1 + next);
}

function expectInOrder(text: string, steps: string[]): void {
  const positions = steps.map((step) => text.indexOf(step));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

describe.each([
  { file: 'release-n8n.yml', platform: 'n8n', check: 'npm run pack:n8n', deployKey: 'N8N_PACKAGE_DEPLOY_KEY' },
  { file: 'release-zapier.yml', platform: 'zapier', check: 'npm run zapier:validate', deployKey: 'ZAPIER_DEPLOY_KEY' },
] as const)('$file, like every release workflow', ({ file, platform, check, deployKey }) => {
  const workflow = read(file);

  it(`runs on the ${platform} release tags that release:check understands`, () => {
    expect(workflow).toContain(`tags: ['${tagPrefix(platform)}*']`);
  });

  it('checks the tag and metadata, tests and checks what it releases before the push job may start', () => {
    expectInOrder(job(workflow, 'verify'), [
      'npm ci',
      `npm run release:check -- ${platform} "$GITHUB_REF_NAME"`,
      'npm test',
      check,
    ]);
    expect(job(workflow, 'push')).toContain('needs: verify');
  });

  it('pushes with its deploy key secret, stops without it, and checks the release again first', () => {
    const push = job(workflow, 'push');
    expect(push).toContain(`${deployKey}: \${{ secrets.${deployKey} }}`);
    expectInOrder(push, [`if [ -z "$${deployKey}" ]`, `npm run release:check -- ${platform}`]);
  });
});

describe('release-n8n.yml', () => {
  const workflow = read('release-n8n.yml');
  const push = job(workflow, 'push');

  it('writes the single-package tree, builds and checks it as its own repository will, then pushes it with a tag', () => {
    expectInOrder(push, [
      'npm run release:check -- n8n',
      'npm run --silent release:tree -- --repository',
      'git clone "git@github.com:$repository.git" "$RUNNER_TEMP/package"',
      'npm run release:tree -- "$RUNNER_TEMP/package"',
      'npm install --package-lock-only --ignore-scripts',
      'npm ci --ignore-scripts',
      'npm run build',
      'npm run lint',
      'scripts/n8n-package/packCheck.ts" .',
      'git tag "v$version"',
      'git push origin HEAD',
      'git push origin "v$version"',
    ]);
  });

  it('publishes nothing itself: no OIDC token, no npm token, no npm publish here', () => {
    expect(workflow).not.toContain('id-token');
    expect(workflow).not.toMatch(/npm publish|NODE_AUTH_TOKEN|NPM_TOKEN/);
    expect(workflow.match(/secrets\.[A-Z0-9_]+/g)).toEqual(['secrets.N8N_PACKAGE_DEPLOY_KEY']);
  });

  it('runs npm on Node 24, with an npm that reads allowScripts (11.16)', () => {
    expect(workflow.match(/node-version: 24/g)).toHaveLength(2);
    // Both jobs install; each first gets an npm that reads allowScripts.
    expect(workflow.match(/npm install --global npm@\^11\.16\.0\n\s+- run: npm ci/g)).toHaveLength(2);
  });
});

describe('publish.yml of the n8n package’s own repository (scripts/n8n-package/tree/publish.yml)', () => {
  const workflow = readFileSync(path.resolve(__dirname, '../../../scripts/n8n-package/tree/publish.yml'), 'utf8');
  const publish = job(workflow, 'publish');

  it('runs on the v<version> tags the release workflow pushes, and checks the tag against package.json', () => {
    expect(workflow).toContain("tags: ['v*']");
    expect(publish).toContain('if [ "$GITHUB_REF_NAME" != "v$version" ]');
  });

  it('builds with n8n-node and lints before it publishes with provenance', () => {
    expectInOrder(publish, [
      'npm install --global npm@^11.16.0',
      'npm ci --ignore-scripts',
      'npm run build',
      'npm run lint',
      'npm publish --provenance --access public',
    ]);
    expect(publish).toContain('node-version: 24');
  });

  it('asks for the OIDC token in its one job, and uses no npm token or other secret', () => {
    expect(workflow.match(/id-token: write/g)).toHaveLength(1);
    expect(publish).toContain('id-token: write');
    expect(workflow).not.toMatch(/NODE_AUTH_TOKEN|NPM_TOKEN|secrets\./);
  });
});

describe('release-zapier.yml', () => {
  const workflow = read('release-zapier.yml');
  const push = job(workflow, 'push');

  it('pushes from zapier/ after the release check, and asks for no OIDC token', () => {
    expectInOrder(push, ['npm run release:check -- zapier', 'npx zapier-platform push']);
    expect(push).toMatch(/npx zapier-platform push\n\s+working-directory: zapier\n/);
    expect(workflow).not.toContain('id-token');
  });

  it('runs the Zapier CLI on Node 24 (it refuses below 22)', () => {
    expect(workflow.match(/node-version: 24/g)).toHaveLength(2);
  });
});
