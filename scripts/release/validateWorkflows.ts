/**
 * `npm run lint:workflows`: every GitHub Actions workflow in .github/workflows/, and the one the n8n
 * package's own repository runs (scripts/n8n-package/tree/publish.yml, written there by
 * `npm run release:tree`), checked offline against GitHub's workflow schema by @action-validator/cli (it
 * takes one file per run). A workflow that does not validate would only fail on GitHub, on the day of a
 * release. Then the n8n example workflows (n8n/examples/), against the nodes' own descriptions
 * (exampleWorkflows.ts), and the chat examples' bodies, resolved by n8n's expression engine for a URL of
 * each chat app, against the body n8n/README.md gives that app (chatExamples.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../toolchain';
import { chatExampleProblems } from './chatExamples';
import { exampleProblems } from './exampleWorkflows';

const WORKFLOWS = path.join(REPO_ROOT, '.github', 'workflows');
const VALIDATOR = path.join(REPO_ROOT, 'node_modules', '.bin', 'action-validator');

const ours = readdirSync(WORKFLOWS)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
if (ours.length === 0) {
  console.error(`No workflow files in ${path.relative(REPO_ROOT, WORKFLOWS)}.`);
  process.exit(1);
}
const files = [
  ...ours.map((name) => path.join('.github', 'workflows', name)),
  path.join('scripts', 'n8n-package', 'tree', 'publish.yml'),
];

let failed = 0;
for (const file of files) {
  const run = spawnSync(VALIDATOR, [file], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.status === 0) {
    console.log(`${file}: valid`);
  } else {
    failed += 1;
    console.error(`${file}: invalid\n${run.stdout}${run.stderr}${run.error ? run.error.message : ''}`);
  }
}
const examples = exampleProblems();
if (examples.length === 0) {
  console.log('n8n/examples: every Commerce Service node at its current version, without issues');
} else {
  failed += 1;
  console.error(`n8n/examples: invalid\n  ${examples.join('\n  ')}`);
}
const chat = chatExampleProblems();
if (chat.length === 0) {
  console.log(
    "n8n/examples: the chat examples send Slack's, Discord's and Teams' own body, as n8n/README.md gives them",
  );
} else {
  failed += 1;
  console.error(`n8n/examples: a chat app would refuse the body\n  ${chat.join('\n  ')}`);
}
process.exit(failed === 0 ? 0 : 1);
