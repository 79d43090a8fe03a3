/**
 * The n8n package as a bench measures it: built from this checkout, or from a git ref in a throwaway
 * worktree (`npm run bench -- <section> --build <ref>`), and copied to a folder of the bench's own.
 */
import { cpSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import execa from 'execa';
import { REPO_ROOT } from '../toolchain';

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
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(tree, 'node_modules'));
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
