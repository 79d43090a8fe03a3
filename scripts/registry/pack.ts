/**
 * The n8n package as npm publishes it: `npm run build:n8n`, then `npm pack` in n8n/ into a folder of
 * the caller's choosing. The tarball is what a registry serves and what n8n installs.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { promisify } from 'util';
import { childEnv, projectNode, REPO_ROOT } from '../toolchain';
import { RegistryError } from './errors';

const execFileAsync = promisify(execFile);

export const N8N_PACKAGE_DIR = path.join(REPO_ROOT, 'n8n');

async function npmIn(cwd: string, args: string[], step: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync('npm', args, {
      cwd,
      env: childEnv(projectNode().binDir, { FORCE_COLOR: '0' }),
      maxBuffer: 20 * 1024 * 1024,
      timeout: 300000,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    throw new RegistryError(step, `${stderr}\n${stdout}`.trim().split('\n').slice(-20).join('\n') || message);
  }
}

/**
 * Builds the n8n package (unless `build: false`) and packs it into `destination`; returns the
 * tarball's path (e.g. `<destination>/n8n-nodes-commerce-service-1.0.0.tgz`).
 */
export async function packN8nPackage(destination: string, opts: { build?: boolean } = {}): Promise<string> {
  if (opts.build !== false) await npmIn(REPO_ROOT, ['run', 'build:n8n'], 'building the n8n package');
  fs.mkdirSync(destination, { recursive: true });
  const out = await npmIn(
    N8N_PACKAGE_DIR,
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    'packing the n8n package',
  );
  const start = out.indexOf('[');
  const [entry] = JSON.parse(start >= 0 ? out.slice(start) : out) as Array<{ filename: string }>;
  if (!entry) throw new RegistryError('packing the n8n package', 'npm pack listed no tarball');
  return path.join(destination, entry.filename);
}
