import { readStartConfig, type StartConfig } from '../../../scripts/start/config';
import { fixedPorts, topologyFor } from '../../../scripts/start/topology';
import { N8N_VERSION } from '../../../scripts/n8n/install';
import { REPO_ROOT } from '../../../scripts/toolchain';
import { PACKAGE_NAME } from '../../../scripts/start/examples';

const config = (args: string[] = [], env: NodeJS.ProcessEnv = {}) =>
  readStartConfig(args, { N8N_USER_FOLDER: '/data/home', ...env }, REPO_ROOT) as StartConfig;
const PACKAGE = { name: PACKAGE_NAME, from: 'its npm pack tarball' };

describe('npm start: the topology as data', () => {
  it('single mode: one n8n process on N8N_PORT serving everything, its data kept, no services', () => {
    const topology = topologyFor(config([], { N8N_PORT: '6000', SANDBOX_PORT: '9000' }));
    expect(topology.sandbox).toEqual({
      port: { number: 9000, variable: 'SANDBOX_PORT' },
      profile: 'real',
      url: 'http://127.0.0.1:9000',
    });
    expect(topology.n8n).toEqual({
      mode: 'single',
      version: N8N_VERSION,
      services: [],
      processes: [
        {
          label: 'n8n',
          command: 'start',
          port: { number: 6000, variable: 'N8N_PORT' },
          does: 'editor, REST, activation, polls, webhooks, executions',
          env: {},
        },
      ],
      editorUrl: 'http://127.0.0.1:6000',
      webhookBase: 'http://127.0.0.1:6000',
      data: { kept: true, folder: '/data/home' },
      package: PACKAGE,
    });
  });

  it('--queue: Postgres and Redis, then the main (N8N_PORT), a worker and a webhook processor (N8N_WEBHOOK_PORT), nothing kept', () => {
    const plan = topologyFor(config(['--queue'], { N8N_PORT: '6000', N8N_WEBHOOK_PORT: '6001' })).n8n;
    expect(plan).toMatchObject({
      mode: 'queue',
      services: ['postgres', 'redis'],
      editorUrl: 'http://127.0.0.1:6000',
      webhookBase: 'http://127.0.0.1:6001',
      data: { kept: false },
      package: PACKAGE,
    });
    expect(plan?.processes.map((p) => [p.label, p.command, p.port])).toEqual([
      ['n8n main', 'start', { number: 6000, variable: 'N8N_PORT' }],
      ['n8n worker', 'worker', 'free'],
      ['n8n webhook', 'webhook', { number: 6001, variable: 'N8N_WEBHOOK_PORT' }],
    ]);
    // Every process is in queue mode; only the main gives its production webhooks away.
    expect(plan?.processes.map((p) => p.env.EXECUTIONS_MODE)).toEqual(['queue', 'queue', 'queue']);
    expect(plan?.processes.map((p) => p.env.N8N_DISABLE_PRODUCTION_MAIN_PROCESS)).toEqual([
      'true',
      undefined,
      undefined,
    ]);
    expect(fixedPorts(plan!)).toEqual([
      { number: 6000, variable: 'N8N_PORT' },
      { number: 6001, variable: 'N8N_WEBHOOK_PORT' },
    ]);
  });

  it('--no-n8n: the sandbox only', () => {
    expect(topologyFor(config(['--no-n8n'])).n8n).toBeNull();
    expect(topologyFor(config(['--no-n8n', '--queue'])).n8n).toBeNull();
  });
});
