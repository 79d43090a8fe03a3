/**
 * n8n 2.41's durable scheduler for poll triggers, with durable cursors: off by default in 2.41, and
 * switched on by settings a process reads at start only (docs/n8n-3.md). Here: those
 * settings, where n8n keeps a poll trigger's cursor then (its `poller_state` table, one row per
 * trigger node, instead of the workflow's static data), and a SIGKILL in the middle of a poll.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Sandbox } from '../../../sandbox';
import type { N8nInstall } from '../../../scripts/n8n/install';
import { killGroup } from '../../../scripts/n8n/instance';
import { psqlBin, type PostgresServer } from '../../../scripts/services/postgres';
import { sleep } from './steps';

const run = promisify(execFile);

/** The node id pollingWorkflow (./polling.ts) gives its trigger: poller_state is keyed by workflow and node id. */
const POLL_NODE_ID = (workflowId: string): string => `${workflowId}-trigger`;

/**
 * Poll triggers on the durable scheduler, their cursor committed in one transaction with the
 * execution a poll starts (n8n 2.41: `dist/workflows/triggers/poll-cursor.service.js`). The lease and
 * reaper settings only shorten how long a killed poll holds its occurrence (defaults 60 s and 30 s).
 */
export const DURABLE_SCHEDULER_ENV: Readonly<Record<string, string>> = {
  N8N_SCHEDULER_ENABLED: 'true',
  N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
  N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
  N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
  N8N_SCHEDULER_LEASE_DURATION: '20',
  N8N_SCHEDULER_REAPER_INTERVAL: '5',
};

/** What n8n 2.41 logs when the settings above do not take effect (then polls run the legacy way). */
const SCHEDULER_OFF_WARNINGS = [
  'durable poll cursors stay disabled',
  'keep using the legacy in-memory engine',
] as const;

/** The lines of a process' output that say the durable scheduler or its cursors are off. */
export const schedulerOffLines = (lines: readonly string[]): string[] =>
  lines.filter((line) => SCHEDULER_OFF_WARNINGS.some((warning) => line.includes(warning)));

/** The trigger's orders memory in a cursor (the node's static data as n8n keeps it; docs/polling.md). */
export function ordersCursor(cursor: Record<string, unknown> | null | undefined): number | undefined {
  const state = cursor?.pollState as { resources?: { orders?: { cursor?: number } } } | undefined;
  return state?.resources?.orders?.cursor;
}

/** The poll trigger's durable cursor in n8n's Postgres database (`poller_state`), read with psql. */
export async function postgresPollerCursor(
  pg: Pick<PostgresServer, 'host' | 'port' | 'user' | 'database'>,
  workflowId: string,
): Promise<Record<string, unknown> | null> {
  if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`unexpected workflow id ${JSON.stringify(workflowId)}`);
  const sql = `select cursor from poller_state where "workflowId" = '${workflowId}' and "nodeId" = '${POLL_NODE_ID(workflowId)}'`;
  const { stdout } = await run(
    psqlBin(),
    ['-h', pg.host, '-p', String(pg.port), '-U', pg.user, '-d', pg.database, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { timeout: 30_000 },
  );
  const text = stdout.trim();
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

/**
 * The same in n8n's SQLite database, read with the sqlite3 module n8n itself ships (run by n8n's own
 * Node, for which it is built): no sqlite3 command is needed on the machine.
 */
export async function sqlitePollerCursor(
  install: N8nInstall,
  userFolder: string,
  workflowId: string,
): Promise<Record<string, unknown> | null> {
  const script = [
    "const sqlite3 = require('sqlite3');",
    'const [file, workflowId, nodeId] = process.argv.slice(1);',
    'const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);',
    "db.get('select cursor from poller_state where workflowId = ? and nodeId = ?', [workflowId, nodeId], (error, row) => {",
    '  if (error) { console.error(error.message); process.exit(1); }',
    "  process.stdout.write(row ? String(row.cursor) : '');",
    '  db.close();',
    '});',
  ].join('\n');
  const file = path.join(userFolder, '.n8n', 'database.sqlite');
  const { stdout } = await run(install.nodeBin, ['-e', script, file, workflowId, POLL_NODE_ID(workflowId)], {
    cwd: path.join(install.dir, 'node_modules', 'n8n'),
    timeout: 30_000,
  });
  return stdout.trim() ? (JSON.parse(stdout) as Record<string, unknown>) : null;
}

/**
 * Kills an n8n process with SIGKILL in the middle of a poll: the store holds the poll's first request
 * to its orders unanswered, and the kill comes as soon as that request has arrived. Returns how long
 * the wait for the poll was.
 */
export async function killInTheMiddleOfAPoll(store: Sandbox, pid: number, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  store.setFaults({ hangMs: 60_000, onlyPaths: 'orders', times: 1 });
  // The switch clears itself when the request it holds arrives (times: 1); the admin API shows it.
  const faultsNow = async () =>
    ((await (await fetch(`${store.url}/sandbox/v1/config`)).json()) as { faults: unknown }).faults;
  while ((await faultsNow()) !== null) {
    if (Date.now() - started > timeoutMs) {
      store.setFaults(null);
      throw new Error(`no poll reached the store in ${timeoutMs / 1000} s`);
    }
    await sleep(100);
  }
  killGroup(pid, 'SIGKILL');
  return Date.now() - started;
}
