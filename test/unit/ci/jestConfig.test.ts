/**
 * The per-test bounds as jest itself resolves them (`jest --showConfig` reads the same): a bound set where
 * jest ignores it, such as inside a `projects` entry, leaves jest's 5 s default and fails here.
 */
import path from 'node:path';
import { readConfigs } from 'jest-config';

const ROOT = path.resolve(__dirname, '../../..');

async function resolvedTimeout(configFile: string): Promise<number | undefined> {
  const argv = { $0: 'jest', _: [], config: path.join(ROOT, configFile) };
  const { globalConfig } = await readConfigs(argv, [ROOT]);
  return globalConfig.testTimeout;
}

test.each([
  ['jest.config.js', 60_000],
  ['jest.e2e.config.js', 600_000],
])('%s: jest applies a %d ms bound to each test', async (configFile, bound) => {
  expect(await resolvedTimeout(configFile)).toBe(bound);
});
