/**
 * How many tests ran, per file and per layer (test/unit, test/integration, test/e2e), read from
 * jest's own results. Used two ways:
 *
 * - as a jest reporter (jest.config.js, jest.e2e.config.js): with `{ perFile: true }` a line per
 *   test file as it finishes, and always the totals per layer at the end;
 * - by `.ci/run`'s summary (`node scripts/ci/testCounts.js <jest --json output>...`): the totals per
 *   layer over every run, and exit 1 when a test was skipped or a layer ran none: under CI a
 *   skipped test is work not done (see test/e2e/support/probe.ts).
 *
 * Both also print the slowest ten e2e files with their seconds (where CI's time goes).
 *
 * Plain CommonJS, because jest loads reporters without compiling them.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const LAYERS = ['unit', 'integration', 'e2e'];
/** jest's statuses of a test that did not run. */
const NOT_RUN = new Set(['pending', 'skipped', 'todo', 'disabled']);

/** @typedef {{ ran: number, passed: number, failed: number, skipped: number, files: number, brokenFiles: number }} Counts */

/** @returns {Counts} */
const zero = () => ({ ran: 0, passed: 0, failed: 0, skipped: 0, files: 0, brokenFiles: 0 });

/**
 * One test file's counts. `fileResult` is jest's result of a file: `testResults` in a reporter,
 * `assertionResults` in the --json output; a file that did not run has no test and
 * `testExecError` or `failureMessage` (reporter), `status: 'failed'` (--json).
 * @param {{ testResults?: Array<{ status: string }>, assertionResults?: Array<{ status: string }>, testExecError?: unknown, failureMessage?: string | null, status?: string }} fileResult
 * @returns {Counts}
 */
function countFile(fileResult) {
  const counts = zero();
  counts.files = 1;
  const tests = fileResult.testResults ?? fileResult.assertionResults ?? [];
  for (const { status } of tests) {
    if (NOT_RUN.has(status)) counts.skipped += 1;
    else {
      counts.ran += 1;
      if (status === 'passed') counts.passed += 1;
      else counts.failed += 1;
    }
  }
  const failedToRun = fileResult.testExecError || fileResult.failureMessage || fileResult.status === 'failed';
  if (tests.length === 0 && failedToRun) counts.brokenFiles = 1;
  return counts;
}

/** @param {Counts} into @param {Counts} more */
function add(into, more) {
  for (const key of Object.keys(into))
    into[/** @type {keyof Counts} */ (key)] += more[/** @type {keyof Counts} */ (key)];
}

/** The layer of a test file: the folder under test/. */
function layerOf(file) {
  const parts = path.normalize(file).split(path.sep);
  const at = parts.lastIndexOf('test');
  return at >= 0 && LAYERS.includes(parts[at + 1]) ? parts[at + 1] : 'other';
}

/** @param {Counts} c */
const summarise = (c) =>
  `${c.ran} ran (${c.passed} passed, ${c.failed} failed), ${c.skipped} skipped` +
  (c.brokenFiles ? `, ${c.brokenFiles} file(s) failed to run` : '');

/**
 * Counts per layer of jest's results of several files.
 * @param {Array<{ name?: string, testFilePath?: string }>} fileResults
 * @returns {Record<string, Counts>}
 */
function countLayers(fileResults) {
  /** @type {Record<string, Counts>} */
  const layers = {};
  for (const result of fileResults) {
    const layer = layerOf(result.testFilePath ?? result.name ?? '');
    add((layers[layer] ??= zero()), countFile(result));
  }
  return layers;
}

/** @param {Record<string, Counts>} layers */
const layerLines = (layers) =>
  [...LAYERS, 'other']
    .filter((layer) => layers[layer])
    .map((layer) => `  ${layer.padEnd(12)} ${layers[layer].files} files, ${summarise(layers[layer])}`);

/**
 * The slowest `count` e2e files, as lines `seconds  file`: a file's time is jest's, from its start
 * to its end (`perfStats` in a reporter, `startTime`/`endTime` in the --json output).
 * @param {Array<{ name?: string, testFilePath?: string, perfStats?: { start: number, end: number }, startTime?: number, endTime?: number }>} fileResults
 * @param {string} rootDir
 */
function slowestE2e(fileResults, rootDir, count = 10) {
  return fileResults
    .map((result) => {
      const file = result.testFilePath ?? result.name ?? '';
      const start = result.perfStats?.start ?? result.startTime ?? 0;
      const end = result.perfStats?.end ?? result.endTime ?? 0;
      return { file: path.relative(rootDir, file), seconds: (end - start) / 1000, layer: layerOf(file) };
    })
    .filter((entry) => entry.layer === 'e2e')
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((entry) => `  ${entry.seconds.toFixed(0).padStart(5)} s  ${entry.file}`);
}

/** @param {string[]} lines */
const slowestBlock = (lines) => (lines.length ? `slowest e2e files:\n${lines.join('\n')}\n` : '');

class TestCountsReporter {
  /** @param {{ rootDir: string }} globalConfig @param {{ perFile?: boolean }} options */
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.perFile = Boolean(options.perFile);
  }

  onTestResult(_test, fileResult) {
    if (!this.perFile) return;
    const file = path.relative(this.rootDir, fileResult.testFilePath);
    process.stderr.write(`tests in ${file}: ${summarise(countFile(fileResult))}\n`);
  }

  onRunComplete(_contexts, results) {
    process.stderr.write(`tests per layer:\n${layerLines(countLayers(results.testResults)).join('\n')}\n`);
    if (this.perFile) process.stderr.write(slowestBlock(slowestE2e(results.testResults, this.rootDir)));
  }
}

module.exports = TestCountsReporter;

if (require.main === module) {
  // .ci/run's summary over the jest --json outputs it names.
  /** @type {Record<string, Counts>} */
  const layers = {};
  const fileResults = [];
  for (const file of process.argv.slice(2)) {
    const results = JSON.parse(fs.readFileSync(file, 'utf8'));
    fileResults.push(...results.testResults);
    for (const [layer, counts] of Object.entries(countLayers(results.testResults)))
      add((layers[layer] ??= zero()), counts);
  }
  const total = zero();
  for (const counts of Object.values(layers)) add(total, counts);
  console.log(`tests per layer:\n${layerLines(layers).join('\n')}`);
  const empty = LAYERS.filter((layer) => !layers[layer] || layers[layer].ran === 0);
  const problems = [
    ...(total.skipped
      ? [`${total.skipped} skipped: under CI every test must run (a part that cannot be had fails it)`]
      : []),
    ...(empty.length ? [`no test ran in ${empty.join(', ')}`] : []),
    ...(total.failed || total.brokenFiles
      ? [`${total.failed} failed, ${total.brokenFiles} file(s) failed to run`]
      : []),
  ];
  console.log(`  total        ${total.ran} ran, ${total.skipped} skipped`);
  process.stdout.write(slowestBlock(slowestE2e(fileResults, process.cwd())));
  for (const problem of problems) console.log(`FAILED: ${problem}`);
  process.exitCode = problems.length ? 1 : 0;
}
