/**
 * What `npm start` runs, as data: the sandbox store, and (unless --no-n8n) the n8n processes with
 * their ports, the services they need, what gives each its role and where the package comes from.
 * One start path (run.ts) reads this for both modes; the banner and the port checks read it too.
 */
import type { SandboxProfile } from '../../sandbox';
import { N8N_VERSION } from '../n8n/install';
import type { N8nCommand } from '../n8n/process';
import { QUEUE_PROCESSES } from '../n8n/queue';
import type { StartConfig } from './config';
import { PACKAGE_NAME } from './examples';

type ServiceName = 'postgres' | 'redis';
type PortVariable = 'SANDBOX_PORT' | 'N8N_PORT' | 'N8N_WEBHOOK_PORT';

export interface FixedPort {
  number: number;
  /** The environment variable that moves it. */
  variable: PortVariable;
}

interface ProcessPlan {
  label: string;
  command: N8nCommand;
  /** A port the user can reach (and must be free), or one picked at start (a worker's health check). */
  port: FixedPort | 'free';
  does: string;
  /** What gives the process its role, on top of the harness' own env (scripts/n8n/env.ts). */
  env: Readonly<Record<string, string>>;
}

export interface N8nPlan {
  mode: 'single' | 'queue';
  version: string;
  /** Started before n8n, stopped after it. */
  services: readonly ServiceName[];
  /** In start order: the first alone (it runs database migrations), the rest together. */
  processes: readonly ProcessPlan[];
  editorUrl: string;
  /** The base of production webhook URLs: what trigger nodes register with the store. */
  webhookBase: string;
  /** n8n's data: kept between runs in a folder, or throwaway (queue mode's fresh database). */
  data: { kept: true; folder: string } | { kept: false };
  /**
   * The package every n8n process loads: packed, and installed with npm from the tarball into n8n's
   * community nodes folder (localRelease.ts), as n8n's manual install does.
   */
  package: { name: string; from: 'its npm pack tarball' };
}

export interface Topology {
  sandbox: { port: FixedPort; profile: SandboxProfile; url: string };
  n8n: N8nPlan | null;
}

const PACKAGE = { name: PACKAGE_NAME, from: 'its npm pack tarball' } as const;

const local = (port: number) => `http://127.0.0.1:${port}`;

function singleProcess(config: StartConfig): N8nPlan {
  return {
    mode: 'single',
    version: N8N_VERSION,
    services: [],
    processes: [
      {
        label: 'n8n',
        command: 'start',
        port: { number: config.n8nPort, variable: 'N8N_PORT' },
        does: 'editor, REST, activation, polls, webhooks, executions',
        env: {},
      },
    ],
    editorUrl: local(config.n8nPort),
    webhookBase: local(config.n8nPort),
    data: { kept: true, folder: config.userFolder },
    package: PACKAGE,
  };
}

function queueMode(config: StartConfig): N8nPlan {
  const fixed: Record<string, FixedPort> = {
    main: { number: config.n8nPort, variable: 'N8N_PORT' },
    webhook: { number: config.webhookPort, variable: 'N8N_WEBHOOK_PORT' },
  };
  return {
    mode: 'queue',
    version: N8N_VERSION,
    services: ['postgres', 'redis'],
    processes: QUEUE_PROCESSES.map((spec) => ({
      label: spec.label,
      command: spec.command,
      port: fixed[spec.role] ?? 'free',
      does: spec.does,
      env: { EXECUTIONS_MODE: 'queue', ...spec.env },
    })),
    editorUrl: local(config.n8nPort),
    webhookBase: local(config.webhookPort),
    data: { kept: false },
    package: PACKAGE,
  };
}

export function topologyFor(config: StartConfig): Topology {
  return {
    sandbox: {
      port: { number: config.sandboxPort, variable: 'SANDBOX_PORT' },
      profile: config.profile,
      url: local(config.sandboxPort),
    },
    n8n: !config.n8n ? null : config.queue ? queueMode(config) : singleProcess(config),
  };
}

/** The ports the n8n processes must find free, in start order. */
export function fixedPorts(plan: N8nPlan): FixedPort[] {
  return plan.processes.flatMap((proc) => (proc.port === 'free' ? [] : [proc.port]));
}
