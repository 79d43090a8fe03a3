/**
 * The order the e2e files start in (jest.e2e.config.js runs them side by side, maxWorkers). Longest
 * first: the files that mostly wait for n8n's minute polls start at once and wait while the others run
 * beside them; short files fill in at the end. jest's own order (its timings of the last run, else file
 * size) knows nothing on a fresh clone, so the seconds come from the committed record of a cold CI run,
 * test/e2e/durations.json, written by ./recordDurations.js. A file not in the record counts as short.
 */
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const RECORD = path.join(__dirname, '..', 'durations.json');
const SECONDS = existsSync(RECORD) ? JSON.parse(readFileSync(RECORD, 'utf8')) : {};

/**
 * Next after the two longest, before the rest: the answer-first files time each delivery's answer (1.5 s at
 * most), so they run while those two mostly wait for their minute polls, not beside the busiest files.
 */
const AFTER_THE_LONGEST = ['n8nAnswerFirstQueue.e2e.ts', 'n8nAnswerFirst.e2e.ts'];

const seconds = (test) => SECONDS[path.basename(test.path)] ?? 0;

/** jest's test sequencer interface: `sort`, and `cacheResults` after the run (nothing is kept: the record is). */
class LongestFirst {
  sort(tests) {
    const longest = [...tests].sort((a, b) => seconds(b) - seconds(a) || a.path.localeCompare(b.path));
    const first = longest.slice(0, 2).filter((test) => seconds(test) > 0);
    const next = longest.filter(
      (test) => !first.includes(test) && AFTER_THE_LONGEST.includes(path.basename(test.path)),
    );
    return [...first, ...next, ...longest.filter((test) => !first.includes(test) && !next.includes(test))];
  }

  cacheResults() {}
}

module.exports = LongestFirst;
