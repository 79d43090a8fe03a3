/** Unit and integration tests; `npm test` runs both. End-to-end runs from jest.e2e.config.js. */
const { availableParallelism } = require('node:os');

const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };
const setupFilesAfterEnv = ['<rootDir>/test/setup/pristineHttp.ts', '<rootDir>/test/setup/coldProcess.ts'];

module.exports = {
  // A test's time is not what it checks (`npm run bench` measures speed): the bound only ends a hang.
  // jest 29 reads it here, at the top level, never from a `projects` entry (test/unit/ci/jestConfig.test.ts).
  testTimeout: 60_000,
  // jest's default (one worker less than the cores) is a single worker on a 2-core machine, while the
  // main process mostly waits: two workers there.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      setupFilesAfterEnv,
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      setupFilesAfterEnv,
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
    },
  ],
  collectCoverageFrom: ['<rootDir>/shared/src/**/*.ts'],
  coverageReporters: ['text-summary'],
  coverageThreshold: { './shared/src/': { lines: 90 } },
};
