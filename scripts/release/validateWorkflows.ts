/**
 * `npm run lint:workflows`: every GitHub Actions workflow in .github/workflows/ checked offline against
 * GitHub's workflow schema by @action-validator/cli (it takes one file per run). A workflow that does
 * not validate would only fail on GitHub, on the day of a release.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../toolchain';

const WORKFLOWS = path.join(REPO_ROOT, '.github', 'workflows');
const VALIDATOR = path.join(REPO_ROOT, 'node_modules', '.bin', 'action-validator');

const files = readdirSync(WORKFLOWS)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
if (files.length === 0) {
  console.error(`No workflow files in ${path.relative(REPO_ROOT, WORKFLOWS)}.`);
  process.exit(1);
}

let failed = 0;
for (const name of files) {
  const file = path.join('.github', 'workflows', name);
  const run = spawnSync(VALIDATOR, [file], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.status === 0) {
    console.log(`${file}: valid`);
  } else {
    failed += 1;
    console.error(`${file}: invalid\n${run.stdout}${run.stderr}${run.error ? run.error.message : ''}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
