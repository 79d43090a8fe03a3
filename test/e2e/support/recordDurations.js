#!/usr/bin/env node
/**
 * Records how long each e2e file took, from a real run's jest JSON report, in test/e2e/durations.json
 * (the order ./sequencer.js starts the files in). On a fresh clone jest's own timing cache is empty,
 * so the record is committed; refresh it from a cold CI run on 2 cores:
 *
 *   npx jest --config jest.e2e.config.js --json --outputFile=e2e.json
 *   node test/e2e/support/recordDurations.js e2e.json
 *
 * Files of the record that the report does not time (a run of only some files) keep their seconds;
 * files that no longer exist are dropped.
 */
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const RECORD = path.join(__dirname, '..', 'durations.json');

/**
 * Seconds per file name in a jest JSON report (`--json`): end minus start. A file whose suite failed
 * to run (in its set-up or tear-down) has no times there and is left out.
 */
function durationsOf(report) {
  const seconds = {};
  for (const { name, startTime, endTime } of report.testResults ?? []) {
    if (startTime > 0 && endTime > startTime) seconds[path.basename(name)] = Math.round((endTime - startTime) / 1000);
  }
  return seconds;
}

function main(reportFile) {
  if (!reportFile) throw new Error('usage: node test/e2e/support/recordDurations.js <jest --json report>');
  const measured = durationsOf(JSON.parse(readFileSync(reportFile, 'utf8')));
  if (Object.keys(measured).length === 0) throw new Error(`${reportFile} times no test file`);
  const kept = existsSync(RECORD) ? JSON.parse(readFileSync(RECORD, 'utf8')) : {};
  const merged = { ...kept, ...measured };
  const exists = (name) => existsSync(path.join(__dirname, '..', name));
  const sorted = Object.entries(merged)
    .filter(([name]) => exists(name))
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  writeFileSync(RECORD, `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
  process.stdout.write(
    `recorded ${Object.keys(measured).length} e2e file(s) in ${path.relative(process.cwd(), RECORD)}\n`,
  );
}

main(process.argv[2]);
