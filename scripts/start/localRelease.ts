/**
 * The package as users get it, for `npm start`: built and packed (`npm pack`), published to a
 * throwaway local npm registry (scripts/registry/), and installed from it into each n8n process'
 * community nodes folder, as n8n installs community packages. n8n then types its nodes
 * `n8n-nodes-commerce-service.<node>`, as in a user's n8n and in the example workflows.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFile } from 'child_process';
import { promisify } from 'util';
import { childEnv, projectNode } from '../toolchain';
import { N8N_PACKAGE_DIR, packN8nPackage } from '../registry/pack';
import { startRegistry } from '../registry/registry';
import type { Teardown } from './teardown';

const execFileAsync = promisify(execFile);

export interface LocalRelease {
  name: string;
  /** See localVersion(): a new build is a new version for n8n to update to. */
  version: string;
  registryUrl: string;
}

/** n8n loads the community packages in its nodes folder only with community packages on. */
export const COMMUNITY_PACKAGES_ENV = { N8N_COMMUNITY_PACKAGES_ENABLED: 'true' } as const;

/**
 * `<major>.<minor>.<build>`, the build a number read from the tarball's digest: npm pack writes fixed
 * dates, so the same sources give the same version (nothing to update) and a change gives another
 * (n8n updates to it). A release version, not a prerelease: npm publishes a prerelease only with a tag.
 */
function localVersion(base: string, tarball: Buffer): string {
  const [major = '1', minor = '0'] = base.split('.');
  const build = parseInt(createHash('sha256').update(tarball).digest('hex').slice(0, 8), 16);
  return `${major}.${minor}.${build}`;
}

/** Builds, packs and publishes the package to a local registry that runs until the teardown. */
export async function releaseLocally(teardown: Teardown): Promise<LocalRelease> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-service-release-'));
  teardown.add(async () => fs.rmSync(work, { recursive: true, force: true }));
  const tarball = await packN8nPackage(work);
  teardown.check();
  const registry = await startRegistry();
  teardown.add(() => registry.stop(), 'Local npm registry stopped.');
  const { version: base } = JSON.parse(fs.readFileSync(path.join(N8N_PACKAGE_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  const published = await registry.publish(tarball, { version: localVersion(base, fs.readFileSync(tarball)) });
  return { ...published, registryUrl: registry.url };
}

/** What n8n's own installer writes in the nodes folder before its first install. */
const NODES_PACKAGE_JSON = { name: 'installed-nodes', private: true, dependencies: {} };

/**
 * Installs the release into an n8n user folder's community nodes (`<userFolder>/.n8n/nodes`), the way
 * n8n documents a manual install and as its own installer does it: `npm install` from the registry,
 * no scripts, no peer dependencies (n8n provides n8n-workflow). n8n loads it at its next start and
 * types its nodes `<package name>.<node>`. Nothing is done when that version is there already.
 * (n8n 2.41's Settings → Community nodes refuses a registry other than npmjs.org without an
 * enterprise licence, "feat:communityNodes:customRegistry", so the main job cannot use that path.)
 */
export async function installRelease(userFolder: string, release: LocalRelease): Promise<'installed' | 'current'> {
  const nodes = path.join(userFolder, '.n8n', 'nodes');
  const installedJson = path.join(nodes, 'node_modules', release.name, 'package.json');
  if (fs.existsSync(installedJson)) {
    const { version } = JSON.parse(fs.readFileSync(installedJson, 'utf8')) as { version?: string };
    if (version === release.version) return 'current';
  }
  fs.mkdirSync(nodes, { recursive: true });
  const manifest = path.join(nodes, 'package.json');
  if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, `${JSON.stringify(NODES_PACKAGE_JSON, null, 2)}\n`);
  const args = [
    'install',
    `${release.name}@${release.version}`,
    `--registry=${release.registryUrl}`,
    '--ignore-scripts',
    '--legacy-peer-deps',
    '--audit=false',
    '--fund=false',
    '--bin-links=false',
    '--package-lock=false',
  ];
  try {
    await execFileAsync('npm', args, {
      cwd: nodes,
      env: childEnv(projectNode().binDir, { FORCE_COLOR: '0' }),
      timeout: 300_000,
      maxBuffer: 20 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr = '', message } = error as { stderr?: string; message: string };
    const why = stderr.trim().split('\n').slice(-10).join('\n') || message;
    throw new Error(`installing ${release.name}@${release.version} into ${nodes} failed: ${why}`);
  }
  return 'installed';
}
