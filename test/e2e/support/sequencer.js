/**
 * The order the e2e files start in (jest.e2e.config.js runs them side by side, maxWorkers). Longest
 * first: the files that mostly wait for n8n's minute polls start at once and wait while the others run
 * beside them; short files fill in at the end. jest's own order (its timings of the last run, else file
 * size) knows nothing on a fresh clone, so the slow ones are named here with their seconds in a cold CI
 * run on 2 cores (.ci/run prints the slowest ten). Only the order follows from the figures; a file not
 * named counts as short.
 */
const path = require('node:path');

const SECONDS = {
  'n8nDurableScheduler.e2e.ts': 216,
  'queueModeN8n3.e2e.ts': 203,
  'n8nReleaseTree.e2e.ts': 120,
  'browser.e2e.ts': 92,
  'npmStart.e2e.ts': 92,
  'zapier.e2e.ts': 62,
  'n8n.e2e.ts': 60,
  'n8nPolling.e2e.ts': 49,
  'queueMode.e2e.ts': 38,
  'n8nAnswerFirstQueue.e2e.ts': 38,
  'zapierBuild.e2e.ts': 37,
  'n8nInstalled.e2e.ts': 34,
  'queueModePolling.e2e.ts': 33,
};
const SHORT = 20;

/**
 * Next after the two longest, before the rest: the answer-first files time each delivery's answer (1.5 s at
 * most), so they run while those two mostly wait for their minute polls, not beside the busiest files.
 */
const AFTER_THE_LONGEST = ['n8nAnswerFirstQueue.e2e.ts', 'n8nAnswerFirst.e2e.ts'];

const seconds = (test) => SECONDS[path.basename(test.path)] ?? SHORT;
const longestTwo = Object.keys(SECONDS).slice(0, 2);
const rank = (test) => {
  const name = path.basename(test.path);
  if (longestTwo.includes(name)) return 0;
  return AFTER_THE_LONGEST.includes(name) ? 1 : 2;
};

/** jest's test sequencer interface: `sort`, and `cacheResults` after the run (nothing is kept: the order is fixed). */
class LongestFirst {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b) || seconds(b) - seconds(a) || a.path.localeCompare(b.path));
  }

  cacheResults() {}
}

module.exports = LongestFirst;
