/** Unit and integration tests; `npm test` runs both. End-to-end runs from jest.e2e.config.js. */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };
const setupFilesAfterEnv = ['<rootDir>/test/setup/pristineHttp.ts', '<rootDir>/test/setup/coldProcess.ts'];

module.exports = {
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
