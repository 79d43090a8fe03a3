/**
 * n8n in queue mode on 127.0.0.1, as self-hosters scale it out: Postgres (the shared database),
 * Redis (Bull's queue), the main instance (editor, REST, activation, polls; no production webhooks),
 * one `n8n worker` (runs every execution) and one `n8n webhook` processor on its own port (receives
 * production webhooks; WEBHOOK_URL points at it, so triggers register that URL with the store).
 * Each n8n process gets its own user folder, as on separate machines: what they share is the
 * database, the queue, the encryption key, and the package loaded from N8N_CUSTOM_EXTENSIONS.
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
import { launchN8n, type N8nProcess } from './process';

export type QueueRole = 'main' | 'worker' | 'webhook';

export interface QueueModeOptions {
  install: N8nInstall;
  /** Parent folder: `<baseFolder>/{main,worker,webhook}` are the processes' user folders. */
  baseFolder: string;
  /** The package's compiled nodes (N8N_CUSTOM_EXTENSIONS), loaded by all three n8n processes. */
  customExtensions?: string;
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
  /** Production webhook URL on the webhook processor: `<webhook url>/webhook/<parts>`. */
  webhookUrl(...parts: string[]): string;
  /** Starts the main, then the worker and the webhook processor. */
  startN8n(): Promise<void>;
  /**
   * Stops one n8n process and starts it again on the same port (the same user folder and env);
   * `whileStopped` runs in between (e.g. store events made while the main is down).
   */
  restart(role: QueueRole, whileStopped?: () => Promise<void>): Promise<N8nProcess>;
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
  const ports = {
    main: opts.ports?.main ?? (await freePort()),
    webhook: opts.ports?.webhook ?? (await freePort()),
    workerHealth: await freePort(),
  };
  const mainUrl = `http://127.0.0.1:${ports.main}`;
  const webhookBase = `http://127.0.0.1:${ports.webhook}`;
  const folder = (role: QueueRole) => path.join(opts.baseFolder, role);
  const shared: Record<string, string> = {
    EXECUTIONS_MODE: 'queue',
    ...n8nPostgresEnv(postgres),
    QUEUE_BULL_REDIS_HOST: redis.host,
    QUEUE_BULL_REDIS_PORT: String(redis.port),
    // Triggers register the webhook processor's URL with the store, whichever process asks.
    ...webhookBaseEnv(`${webhookBase}/`, opts.install.version),
    N8N_EDITOR_BASE_URL: `${mainUrl}/`,
  };
  const base = {
    install: opts.install,
    ...(opts.customExtensions ? { customExtensions: opts.customExtensions } : {}),
    env: shared,
    ...(opts.log ? { log: opts.log } : {}),
  };
  const home: N8nHome = { ...base, userFolder: folder('main') };

  const processEnv = async (role: QueueRole): Promise<Record<string, string>> => {
    // Every n8n process may start a task-runner broker: each gets its own port.
    const runner = { N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
    switch (role) {
      case 'main':
        return {
          ...runner,
          N8N_PORT: String(ports.main),
          // Production webhooks go to the webhook processor only; the main still registers them.
          N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
          // Manual runs from the editor go to workers too (n8n 3's only behaviour; 2.x opt-in).
          OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
          N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
        };
      case 'worker':
        // The worker's only HTTP server: /healthz, used for readiness.
        return {
          ...runner,
          QUEUE_HEALTH_CHECK_ACTIVE: 'true',
          QUEUE_HEALTH_CHECK_PORT: String(ports.workerHealth),
          N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
        };
      case 'webhook':
        return { ...runner, N8N_PORT: String(ports.webhook) };
    }
  };
  const portOf: Record<QueueRole, number> = { main: ports.main, worker: ports.workerHealth, webhook: ports.webhook };
  const start = async (role: QueueRole): Promise<N8nProcess> =>
    launchN8n({
      ...base,
      userFolder: folder(role),
      command: role === 'main' ? 'start' : role,
      port: portOf[role],
      processEnv: await processEnv(role),
      // n8n warns below 5; one execution at a time would do here.
      ...(role === 'worker' ? { args: ['--concurrency=5'] } : {}),
      label: role === 'main' ? 'n8n main' : `n8n ${role}`,
      ...(opts.readyTimeoutMs !== undefined ? { readyTimeoutMs: opts.readyTimeoutMs } : {}),
    });

  const running: Partial<Record<QueueRole, N8nProcess>> = {};
  const get = (role: QueueRole): N8nProcess => {
    const proc = running[role];
    if (!proc) throw new Error(`n8n ${role} is not running (call startN8n() first)`);
    return proc;
  };
  let stopping: Promise<void> | undefined;
  const stopN8n = () => Promise.all((['webhook', 'worker', 'main'] as const).map((role) => running[role]?.stop()));

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
    webhookUrl: (...parts) => webhookUrlFor(webhookBase, parts),
    async startN8n() {
      try {
        // The main first: it runs any pending database migration before the others read the schema.
        running.main = await start('main');
        const [worker, webhook] = await Promise.all([start('worker'), start('webhook')]);
        running.worker = worker;
        running.webhook = webhook;
      } catch (error) {
        await stopN8n();
        throw error;
      }
    },
    async restart(role, whileStopped) {
      await running[role]?.stop();
      running[role] = undefined;
      await whileStopped?.();
      running[role] = await start(role);
      return running[role];
    },
    describe: () => {
      const pid = (role: QueueRole) => running[role]?.pid ?? '-';
      return [
        `Postgres ${postgres.version}  127.0.0.1:${postgres.port}  database ${postgres.database}, user ${postgres.user}  pid ${postgres.pid}  (${postgres.dir}, removed at stop)`,
        `Redis ${redis.version}  127.0.0.1:${redis.port}  no persistence  pid ${redis.pid}`,
        `n8n main     ${mainUrl}/  editor, REST, activation, polls  pid ${pid('main')}  (${folder('main')})`,
        `n8n worker   runs executions; health ${`http://127.0.0.1:${ports.workerHealth}/healthz`}  pid ${pid('worker')}  (${folder('worker')})`,
        `n8n webhook  ${webhookBase}/webhook/...  production webhooks  pid ${pid('webhook')}  (${folder('webhook')})`,
      ];
    },
    stop: () =>
      (stopping ??= (async () => {
        await stopN8n();
        await Promise.all([redis.stop(), postgres.stop()]);
      })()),
  };
  return qm;
}
