/** End-to-end checks in the real clients (Zapier CLI, a real n8n); slow, so apart from `npm test`. */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  testTimeout: 600000,
  maxWorkers: 1,
  // The default output, then how many tests each file ran, passed, failed and skipped (scripts/ci/testCounts.js).
  reporters: ['default', ['<rootDir>/scripts/ci/testCounts.js', { perFile: true }]],
};
