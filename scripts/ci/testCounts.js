/**
 * How many tests ran, from jest's own results. Used two ways:
 *
 * - by `.ci/run`'s summary (`node scripts/ci/testCounts.js <jest --json output>...`): the tests and
 *   files per layer (the folder under test/) and the slowest ten e2e files, and exit 1 when a test
 *   was skipped or failed, a file failed to run, or a layer had no file: under CI a skipped test is
 *   work not done (see test/e2e/support/probe.ts);
 * - as a jest reporter (jest.e2e.config.js): a line per test file as it finishes, with jest's counts
 *   (jest's default output says only PASS or FAIL of a file whose tests were partly skipped).
 *
 * Plain CommonJS, because jest loads reporters without compiling them.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const LAYERS = ['unit', 'integration', 'e2e'];
const layerOf = (file) => /[\\/]test[\\/](unit|integration|e2e)[\\/]/.exec(file)?.[1];

class TestCountsReporter {
  onTestResult(_test, result) {
    const file = path.relative(process.cwd(), result.testFilePath);
    const skipped = result.numPendingTests + result.numTodoTests;
    const counts = `${result.numPassingTests} passed, ${result.numFailingTests} failed, ${skipped} skipped`;
    process.stderr.write(`tests in ${file}: ${counts}${result.testExecError ? ', failed to run' : ''}\n`);
  }
}

module.exports = TestCountsReporter;

if (require.main === module) {
  const runs = process.argv.slice(2).map((file) => JSON.parse(fs.readFileSync(file, 'utf8')));
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0);
  const files = runs.flatMap((run) => run.testResults);
  console.log('tests per layer:');
  for (const layer of LAYERS) {
    const inLayer = files.filter((file) => layerOf(file.name) === layer);
    const tests = inLayer.reduce((total, file) => total + file.assertionResults.length, 0);
    console.log(`  ${layer.padEnd(12)} ${inLayer.length} files, ${tests} tests`);
  }
  const skipped = sum('numPendingTests') + sum('numTodoTests');
  const failed = sum('numFailedTests');
  const broken = sum('numRuntimeErrorTestSuites');
  console.log(
    `  total        ${sum('numTotalTests')} tests: ${sum('numPassedTests')} passed, ${failed} failed, ${skipped} skipped`,
  );
  const slowest = files
    .filter((file) => layerOf(file.name) === 'e2e')
    .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
    .slice(0, 10);
  if (slowest.length) console.log('slowest e2e files:');
  for (const file of slowest)
    console.log(
      `  ${((file.endTime - file.startTime) / 1000).toFixed(0).padStart(5)} s  ${path.relative(process.cwd(), file.name)}`,
    );
  const empty = LAYERS.filter((layer) => !files.some((file) => layerOf(file.name) === layer));
  const problems = [
    skipped && `${skipped} skipped: under CI every test must run (a part that cannot be had fails it)`,
    empty.length && `no test file ran in ${empty.join(', ')}`,
    (failed || broken) && `${failed} failed, ${broken} file(s) failed to run`,
  ].filter(Boolean);
  for (const problem of problems) console.log(`FAILED: ${problem}`);
  process.exitCode = problems.length ? 1 : 0;
}
