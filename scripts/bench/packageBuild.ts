/**
 * The n8n package as a bench measures it: built from this checkout, or from a git ref in a throwaway
 * worktree (`npm run bench -- <section> --build <ref>`), and copied to a folder of the bench's own.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import execa from 'execa';
import { REPO_ROOT } from '../toolchain';

const SHARED_PACKAGE = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { name: string }
).name;

/** A package build to measure: from a git ref, or (ref undefined) this checkout. */
export interface PackageBuild {
  label: string;
  ref?: string;
}

/** A build of the package at `ref`, labelled with its commit's subject. */
export async function buildAt(ref: string): Promise<PackageBuild> {
  const { stdout } = await execa('git', ['log', '-1', '--format=%h %s', ref], { cwd: REPO_ROOT });
  return { label: `the package at ${stdout.length > 46 ? `${stdout.slice(0, 45)}…` : stdout}`, ref };
}

/**
 * The worktree's node_modules: this checkout's packages, but the worktree's own shared client, so a build
 * at `ref` bundles the shared code of `ref` (the checkout's link, `@commerce-service/shared`, leads to its
 * own shared/).
 */
function linkModules(tree: string): void {
  const modules = path.join(tree, 'node_modules');
  const [scope = '', name = ''] = SHARED_PACKAGE.split('/');
  mkdirSync(path.join(modules, scope), { recursive: true });
  for (const entry of readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
    if (entry !== scope) symlinkSync(path.join(REPO_ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  symlinkSync(path.join(tree, 'shared'), path.join(modules, scope, name));
}

/** Builds n8n/dist (scripts/n8n-package/build.ts) at `build.ref` in a throwaway worktree, or here; returns a copy. */
export async function buildPackage(build: PackageBuild, into: string): Promise<string> {
  const dist = path.join(into, `dist-${build.ref ?? 'checkout'}`);
  if (build.ref === undefined) {
    await execa('npm', ['run', 'build:n8n'], { cwd: REPO_ROOT, stdio: 'ignore' });
    cpSync(path.join(REPO_ROOT, 'n8n', 'dist'), dist, { recursive: true });
    return dist;
  }
  const tree = path.join(into, `src-${build.ref}`);
  await execa('git', ['worktree', 'add', '--detach', tree, build.ref], { cwd: REPO_ROOT, stdio: 'ignore' });
  try {
    linkModules(tree);
    await execa(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/n8n-package/build.ts'], {
      cwd: tree,
      stdio: 'ignore',
    });
    cpSync(path.join(tree, 'n8n', 'dist'), dist, { recursive: true });
  } finally {
    await execa('git', ['worktree', 'remove', '--force', tree], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  return dist;
}
