/**
 * Starts a real n8n server (`n8n start`) on 127.0.0.1 and stops it without leaving processes behind.
 * CLI helpers (import, publish, execute) and REST helpers (owner, executions) are re-exported here.
 */
import { freePort, type N8nHome } from './env';
import { launchN8n } from './process';

export * from './cli';
export * from './rest';
export * from './community';
export { type N8nHome } from './env';
export { type N8nProcess } from './process';

export interface StartOptions extends N8nHome {
  /** Default: a free port. */
  port?: number;
  /** How long to wait for readiness (default 120 s). */
  readyTimeoutMs?: number;
}

export interface N8nInstance {
  /** e.g. http://127.0.0.1:5678 (no trailing slash). */
  url: string;
  port: number;
  userFolder: string;
  pid: number;
  /**
   * Production URL of a published workflow's webhook: `${url}/webhook/<parts joined by />`. A trigger
   * node's webhook is at `<webhookId>/<path>`; the built-in Webhook node's at its `path` alone.
   */
  webhookUrl(...parts: string[]): string;
  /** Last lines n8n printed (for error messages). */
  output(): string;
  /** SIGTERM, then SIGKILL of the whole process group after `graceMs` (default 15 s). Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

export async function startN8n(opts: StartOptions): Promise<N8nInstance> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const proc = await launchN8n({
    ...opts,
    command: 'start',
    port,
    ...(opts.readyTimeoutMs !== undefined ? { readyTimeoutMs: opts.readyTimeoutMs } : {}),
    processEnv: {
      N8N_PORT: String(port),
      // Base of the URLs trigger nodes register remotely: N8N_WEBHOOK_URL in 2.x, WEBHOOK_URL in 1.x.
      ...webhookBaseEnv(`${url}/`, opts.install.version),
      N8N_EDITOR_BASE_URL: `${url}/`,
      N8N_RUNNERS_BROKER_PORT: String(await freePort()),
      // Publication (activation) work waits in an outbox (2.x); poll it every second, not every 15 s.
      N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
    },
  });
  return {
    url,
    port,
    userFolder: opts.userFolder,
    pid: proc.pid,
    webhookUrl: (...parts) => webhookUrlFor(url, parts),
    output: proc.output,
    stop: proc.stop,
  };
}

/** `<base>/webhook/<parts joined by />`, without doubled slashes. */
export function webhookUrlFor(base: string, parts: string[]): string {
  return `${base.replace(/\/+$/, '')}/webhook/${parts.map((p) => p.replace(/^\/+|\/+$/g, '')).join('/')}`;
}

/**
 * The public base of production webhook URLs: n8n 2.x reads N8N_WEBHOOK_URL (and warns that
 * WEBHOOK_URL is deprecated); 1.x reads only WEBHOOK_URL.
 */
export function webhookBaseEnv(base: string, version: string): Record<string, string> {
  return version.startsWith('1.') ? { WEBHOOK_URL: base } : { N8N_WEBHOOK_URL: base };
}
