import * as path from 'path';
import { readStartConfig, StartConfigError, type StartConfig } from '../../../scripts/start/config';

const ROOT = '/repo';
const read = (args: string[] = [], env: NodeJS.ProcessEnv = {}) => readStartConfig(args, env, ROOT) as StartConfig;

describe('npm start: options and environment', () => {
  it('defaults: sandbox 8787 on the real profile, single-process n8n on 5678 with a kept user folder', () => {
    expect(read()).toEqual({
      sandboxPort: 8787,
      profile: 'real',
      n8n: true,
      queue: false,
      n8nPort: 5678,
      webhookPort: 5690,
      userFolder: path.join(ROOT, '.cache', 'n8n-home'),
      verbose: false,
    });
  });

  it('reads --no-n8n, --queue, --verbose and the variables', () => {
    const config = read(['--no-n8n', '--queue', '--verbose'], {
      SANDBOX_PORT: '9000',
      SANDBOX_PROFILE: 'spec',
      SANDBOX_API_KEY: 'k',
      SANDBOX_SIZE: '0',
      SANDBOX_SEED: '7',
      N8N_PORT: '6000',
      N8N_WEBHOOK_PORT: '6001',
      N8N_USER_FOLDER: 'rel/home',
      N8N_OWNER_EMAIL: 'a@b.c',
      N8N_OWNER_PASSWORD: 'Pw1xxxxx',
    });
    expect(config).toEqual({
      sandboxPort: 9000,
      profile: 'spec',
      apiKey: 'k',
      size: 0,
      seed: 7,
      n8n: false,
      queue: true,
      n8nPort: 6000,
      webhookPort: 6001,
      userFolder: path.resolve('rel/home'),
      ownerEmail: 'a@b.c',
      ownerPassword: 'Pw1xxxxx',
      verbose: true,
    });
  });

  it('-h and --help ask for the usage', () => {
    expect(readStartConfig(['-h'], {}, ROOT)).toBe('help');
    expect(readStartConfig(['--help'], {}, ROOT)).toBe('help');
  });

  it.each([
    [{ N8N_PORT: '70000' }, 'N8N_PORT must be a port number, got "70000"'],
    [{ SANDBOX_PORT: 'abc' }, 'SANDBOX_PORT must be a port number, got "abc"'],
    [{ SANDBOX_PROFILE: 'wordpress' }, 'SANDBOX_PROFILE must be "real" or "spec", got "wordpress"'],
    [{ SANDBOX_SIZE: '-1' }, 'SANDBOX_SIZE must be a whole number, got "-1"'],
  ])('a bad variable %j is a StartConfigError naming it', (env, message) => {
    expect(() => read([], env)).toThrow(new StartConfigError(message));
  });

  it('an unknown option is a StartConfigError with the usage', () => {
    expect(() => read(['--queu'])).toThrow(StartConfigError);
    expect(() => read(['--queu'])).toThrow(/Unknown option '--queu'[\s\S]*Usage: npm start/);
  });
});
