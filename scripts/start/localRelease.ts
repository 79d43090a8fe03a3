/**
 * The package as users get it, for `npm start`: built and packed (`npm pack`, the tarball npm
 * publishes), then installed with npm into each n8n process' community nodes folder, as n8n documents
 * a manual install. n8n then types its nodes `n8n-nodes-commerce-service.<node>`, as in a user's n8n
 * and in the example workflows. (Installing from a registry through n8n's own installer is what
 * test/e2e/n8nInstalled*.e2e.ts test, with scripts/registry/.)
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFile } from 'child_process';
import { promisify } from 'util';
import { childEnv, projectNode } from '../toolchain';
import { N8N_PACKAGE_DIR, packN8nPackage } from '../registry/pack';
import type { Teardown } from './teardown';

const execFileAsync = promisify(execFile);

export interface LocalRelease {
  name: string;
  version: string;
  /** The packed tarball, removed at the teardown. */
  tarball: string;
}

/** n8n loads the community packages in its nodes folder only with community packages on. */
export const COMMUNITY_PACKAGES_ENV = { N8N_COMMUNITY_PACKAGES_ENABLED: 'true' } as const;

/** Builds and packs the package into a temp folder that lives until the teardown. */
export async function releaseLocally(teardown: Teardown): Promise<LocalRelease> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-service-release-'));
  teardown.add(async () => fs.rmSync(work, { recursive: true, force: true }));
  const tarball = await packN8nPackage(work);
  const { name, version } = JSON.parse(fs.readFileSync(path.join(N8N_PACKAGE_DIR, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name, version, tarball };
}

/** What n8n's own installer writes in the nodes folder before its first install. */
const NODES_PACKAGE_JSON = { name: 'installed-nodes', private: true, dependencies: {} };

/**
 * Installs the tarball into an n8n user folder's community nodes (`<userFolder>/.n8n/nodes`), the way
 * n8n documents a manual install and as its own installer does it: `npm install`, no scripts, no peer
 * dependencies (n8n provides n8n-workflow). n8n loads it at its next start. Each run installs the
 * current build (a few seconds: the package has no dependencies); `--no-save` leaves n8n's manifest
 * naming only the packages n8n installed, so no entry points at the removed tarball.
 * (n8n 2.41's Settings → Community nodes refuses a registry other than npmjs.org without an
 * enterprise licence, "feat:communityNodes:customRegistry", so the main job cannot use that path.)
 */
export async function installRelease(userFolder: string, release: LocalRelease): Promise<void> {
  const nodes = path.join(userFolder, '.n8n', 'nodes');
  fs.mkdirSync(nodes, { recursive: true });
  const manifest = path.join(nodes, 'package.json');
  if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, `${JSON.stringify(NODES_PACKAGE_JSON, null, 2)}\n`);
  const args = [
    'install',
    release.tarball,
    '--no-save',
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
}
