/**
 * n8n in queue mode on 127.0.0.1, as self-hosters scale it out: Postgres (the shared database),
 * Redis (Bull's queue), the main instance (editor, REST, activation, polls; no production webhooks),
 * one `n8n worker` (runs every execution) and one `n8n webhook` processor on its own port (receives
 * production webhooks; WEBHOOK_URL points at it, so triggers register that URL with the store).
 * Each n8n process gets its own user folder, as on separate machines: what they share is the
 * database, the queue, the encryption key, and the package loaded from N8N_CUSTOM_EXTENSIONS.
 * The processes are data (QUEUE_PROCESSES); prepareQueueMode runs them.
 *
 *   const qm = await prepareQueueMode({ install, baseFolder, customExtensions });  // Postgres + Redis
 *   await importCredentials(qm.home, [...]);  await importWorkflows(qm.home, [...]); // CLI, shared DB
 *   await qm.startN8n();                                                            // main, worker, webhook
 *   ... qm.main.url (REST, editor), qm.webhookUrl(webhookId, 'webhook') ...
 *   await qm.stop();
 */
import * as path from 'path';
import { startPostgres, n8nPostgresEnv, type PostgresServer } from '../services/postgres';
import { startRedis, type RedisServer } from '../services/redis';
import { freePort, type N8nHome } from './env';
import type { Log, N8nInstall } from './install';
import { webhookBaseEnv, webhookUrlFor } from './instance';
import { launchN8n, type N8nCommand, type N8nProcess } from './process';

export type QueueRole = 'main' | 'worker' | 'webhook';

/** The ports of the topology: the main's (editor, REST), the webhook processor's, the worker's health check. */
interface QueuePorts {
  main: number;
  webhook: number;
  workerHealth: number;
}

/** One n8n process of queue mode, as data. */
export interface QueueProcessSpec {
  role: QueueRole;
  command: N8nCommand;
  label: string;
  /** What it does, in a few words (describe(), `npm start`'s banner). */
  does: string;
  /** Which of the ports it answers /healthz on, and the variable that sets it. */
  port: keyof QueuePorts;
  portVariable: 'N8N_PORT' | 'QUEUE_HEALTH_CHECK_PORT';
  /** What gives it its role, on top of the env all three share. */
  env: Readonly<Record<string, string>>;
  args: readonly string[];
}

/** In start order: the main first, as it runs any pending database migration before the others read the schema. */
export const QUEUE_PROCESSES: readonly QueueProcessSpec[] = [
  {
    role: 'main',
    command: 'start',
    label: 'n8n main',
    does: 'editor, REST, activation, polls',
    port: 'main',
    portVariable: 'N8N_PORT',
    env: {
      // Production webhooks go to the webhook processor only; the main still registers them.
      N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
      // Manual runs from the editor go to workers too (n8n 3's only behaviour; 2.x opt-in).
      OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
      N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
    },
    args: [],
  },
  {
    role: 'worker',
    command: 'worker',
    label: 'n8n worker',
    does: 'runs executions',
    port: 'workerHealth',
    // The worker's only HTTP server: /healthz, used for readiness.
    portVariable: 'QUEUE_HEALTH_CHECK_PORT',
    env: { QUEUE_HEALTH_CHECK_ACTIVE: 'true', N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' },
    // n8n warns below 5; one execution at a time would do here.
    args: ['--concurrency=5'],
  },
  {
    role: 'webhook',
    command: 'webhook',
    label: 'n8n webhook',
    does: 'production webhooks',
    port: 'webhook',
    portVariable: 'N8N_PORT',
    // As docs/queue-mode.md advises: an expression sandbox only where an expression needs one. By
    // default n8n 2.41 builds one per request for any start node but its own Webhook node.
    env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
    args: [],
  },
];

/** The env all three share: the mode, the database, the queue, and where webhooks are received. */
function queueSharedEnv(
  services: { postgres: PostgresServer; redis: RedisServer },
  urls: { main: string; webhook: string },
  version: string,
): Record<string, string> {
  return {
    EXECUTIONS_MODE: 'queue',
    ...n8nPostgresEnv(services.postgres),
    QUEUE_BULL_REDIS_HOST: services.redis.host,
    QUEUE_BULL_REDIS_PORT: String(services.redis.port),
    // Triggers register the webhook processor's URL with the store, whichever process asks.
    ...webhookBaseEnv(`${urls.webhook}/`, version),
    N8N_EDITOR_BASE_URL: `${urls.main}/`,
  };
}

export interface QueueModeOptions {
  install: N8nInstall;
  /** Parent folder: `<baseFolder>/{main,worker,webhook}` are the processes' user folders. */
  baseFolder: string;
  /** The package's compiled nodes (N8N_CUSTOM_EXTENSIONS), loaded by all three n8n processes. */
  customExtensions?: string;
  /** Extra env for all three n8n processes (applied last). */
  env?: Record<string, string>;
  /** Extra env for one role only (a webhook processor cut off from the store, say). */
  roleEnv?: Partial<Record<QueueRole, Record<string, string>>>;
  /** n8n's, Postgres' and Redis' output lines (prefixed); silent by default. */
  log?: Log;
  /** Progress of the services' own set-up (apt-get install when missing); stderr by default. */
  setupLog?: Log;
  /** Fixed ports for the main instance and the webhook processor (default: free ports). */
  ports?: { main?: number; webhook?: number };
  readyTimeoutMs?: number;
}

export interface QueueMode {
  postgres: PostgresServer;
  redis: RedisServer;
  /** For CLI commands (import, list): the main's user folder and the shared database. */
  home: N8nHome;
  /** Set by startN8n() (and replaced by restart()). */
  main: N8nProcess;
  worker: N8nProcess;
  webhook: N8nProcess;
  /** What ensureOwner() needs: the main's URL and user folder. */
  mainInstance(): { url: string; userFolder: string };
  /** The webhook processor's URL (http://127.0.0.1:<port>). */
  webhookBase: string;
  /** Production webhook URL on the webhook processor: `<webhook url>/webhook/<parts>`. */
  webhookUrl(...parts: string[]): string;
  /** Starts the main, then the worker and the webhook processor. */
  startN8n(): Promise<void>;
  /**
   * Stops one n8n process and starts it again on the same port (the same user folder and env);
   * `whileStopped` runs in between (e.g. store events made while the main is down).
   */
  restart(role: QueueRole, whileStopped?: () => Promise<void>): Promise<N8nProcess>;
  /** The two halves of restart(), for a caller in another process that acts in between. */
  stopProcess(role: QueueRole): Promise<void>;
  /** Ends one n8n process as a crash does (SIGKILL, no shutdown); startProcess brings it back. */
  killProcess(role: QueueRole): Promise<void>;
  startProcess(role: QueueRole): Promise<N8nProcess>;
  /** What runs where, one line each (URLs, ports, pids). */
  describe(): string[];
  /** Stops every n8n process, then Redis and Postgres (their folders are removed). Idempotent. */
  stop(): Promise<void>;
}

/** Starts Postgres and Redis and returns the topology, n8n not started yet. */
export async function prepareQueueMode(opts: QueueModeOptions): Promise<QueueMode> {
  const logs = { ...(opts.log ? { log: opts.log } : {}), ...(opts.setupLog ? { setupLog: opts.setupLog } : {}) };
  const postgres = await startPostgres(logs);
  let redis: RedisServer;
  try {
    redis = await startRedis(logs);
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  const ports: QueuePorts = {
    main: opts.ports?.main ?? (await freePort()),
    webhook: opts.ports?.webhook ?? (await freePort()),
    workerHealth: await freePort(),
  };
  const mainUrl = `http://127.0.0.1:${ports.main}`;
  const webhookBase = `http://127.0.0.1:${ports.webhook}`;
  const folder = (role: QueueRole) => path.join(opts.baseFolder, role);
  const base = {
    install: opts.install,
    ...(opts.customExtensions ? { customExtensions: opts.customExtensions } : {}),
    env: {
      ...queueSharedEnv({ postgres, redis }, { main: mainUrl, webhook: webhookBase }, opts.install.version),
      ...opts.env,
    },
    ...(opts.log ? { log: opts.log } : {}),
  };
  const home: N8nHome = { ...base, userFolder: folder('main') };
  const specOf = (role: QueueRole) => QUEUE_PROCESSES.find((spec) => spec.role === role) as QueueProcessSpec;

  const start = async (spec: QueueProcessSpec): Promise<N8nProcess> =>
    launchN8n({
      ...base,
      userFolder: folder(spec.role),
      command: spec.command,
      port: ports[spec.port],
      processEnv: {
        ...spec.env,
        ...opts.roleEnv?.[spec.role],
        [spec.portVariable]: String(ports[spec.port]),
        // Every n8n process may start a task-runner broker: each gets its own port.
        N8N_RUNNERS_BROKER_PORT: String(await freePort()),
      },
      args: [...spec.args],
      label: spec.label,
      ...(opts.readyTimeoutMs !== undefined ? { readyTimeoutMs: opts.readyTimeoutMs } : {}),
    });

  const running: Partial<Record<QueueRole, N8nProcess>> = {};
  const get = (role: QueueRole): N8nProcess => {
    const proc = running[role];
    if (!proc) throw new Error(`n8n ${role} is not running (call startN8n() first)`);
    return proc;
  };
  let stopping: Promise<void> | undefined;
  const stopN8n = () => Promise.all(QUEUE_PROCESSES.map((spec) => running[spec.role]?.stop()));
  const where: Record<QueueRole, string> = {
    main: `${mainUrl}/`,
    worker: `health http://127.0.0.1:${ports.workerHealth}/healthz`,
    webhook: `${webhookBase}/webhook/...`,
  };

  const qm: QueueMode = {
    postgres,
    redis,
    home,
    get main() {
      return get('main');
    },
    get worker() {
      return get('worker');
    },
    get webhook() {
      return get('webhook');
    },
    mainInstance: () => ({ url: mainUrl, userFolder: folder('main') }),
    webhookBase,
    webhookUrl: (...parts) => webhookUrlFor(webhookBase, parts),
    async startN8n() {
      const [first, ...rest] = QUEUE_PROCESSES;
      try {
        if (first) running[first.role] = await start(first);
        const started = await Promise.all(rest.map(start));
        rest.forEach((spec, i) => (running[spec.role] = started[i]));
      } catch (error) {
        await stopN8n();
        throw error;
      }
    },
    async restart(role, whileStopped) {
      await qm.stopProcess(role);
      await whileStopped?.();
      return qm.startProcess(role);
    },
    async stopProcess(role) {
      await running[role]?.stop();
      running[role] = undefined;
    },
    async killProcess(role) {
      await running[role]?.kill();
      running[role] = undefined;
    },
    async startProcess(role) {
      if (running[role]) throw new Error(`n8n ${role} is running already (stop it first)`);
      const proc = await start(specOf(role));
      running[role] = proc;
      return proc;
    },
    describe: () => [
      `Postgres ${postgres.version}  127.0.0.1:${postgres.port}  database ${postgres.database}, user ${postgres.user}  pid ${postgres.pid}  (${postgres.dir}, removed at stop)`,
      `Redis ${redis.version}  127.0.0.1:${redis.port}  no persistence  pid ${redis.pid}`,
      ...QUEUE_PROCESSES.map(
        (spec) =>
          `${spec.label.padEnd(11)}  ${where[spec.role]}  ${spec.does}  pid ${running[spec.role]?.pid ?? '-'}  (${folder(spec.role)})`,
      ),
    ],
    stop: () =>
      (stopping ??= (async () => {
        await stopN8n();
        await Promise.all([redis.stop(), postgres.stop()]);
      })()),
  };
  return qm;
}
