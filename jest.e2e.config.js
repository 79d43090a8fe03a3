/** End-to-end checks in the real clients (Zapier CLI, a real n8n); slow, so apart from `npm test`. */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  testTimeout: 600000,
  // Four side by side on 2 cores: a file often waits (n8n's minute polls, a killed process's lock), and
  // with three the CPU sat partly idle; with four it stays busy (98% through the stage, `.ci/run`).
  // Files that write the same build output hold it in turn (test/e2e/support/exclusive.ts).
  maxWorkers: 4,
  testSequencer: '<rootDir>/test/e2e/support/sequencer.js',
  // One n8n 2.41 for the run, shared by the suites that call useSharedN8n (test/e2e/support/sharedN8n.ts),
  // and one queue-mode stack, shared by those that call useSharedQueueMode (support/sharedQueueMode.ts).
  globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/e2e/support/globalTeardown.ts',
  // The default output, then how many tests each file ran, passed, failed and skipped (scripts/ci/testCounts.js).
  reporters: ['default', ['<rootDir>/scripts/ci/testCounts.js', { perFile: true }]],
};
