/**
 * A workflow's static data as n8n persisted it in its Postgres database (`workflow_entity."staticData"`),
 * read with `psql` straight from the database: what a restarted main process will load, whatever any
 * n8n process holds in memory.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PostgresServer } from '../../../scripts/services/postgres';

const run = promisify(execFile);

/** psql on PATH, else next to the server binaries Debian installs. */
export function psqlBin(): string {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    '/usr/local/bin',
    '/usr/bin',
    '/usr/lib/postgresql/15/bin',
    '/usr/lib/postgresql/16/bin',
  ];
  const found = dirs.map((dir) => path.join(dir, 'psql')).find((bin) => existsSync(bin));
  if (!found)
    throw new Error(
      'psql not found (Debian: apt-get install postgresql-client): needed to read n8n static data from Postgres',
    );
  return found;
}

export async function persistedStaticData(
  pg: Pick<PostgresServer, 'host' | 'port' | 'user' | 'database'>,
  workflowId: string,
): Promise<Record<string, unknown> | null> {
  if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`unexpected workflow id ${JSON.stringify(workflowId)}`);
  const sql = `select "staticData" from workflow_entity where id = '${workflowId}'`;
  const { stdout } = await run(
    psqlBin(),
    ['-h', pg.host, '-p', String(pg.port), '-U', pg.user, '-d', pg.database, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    {
      timeout: 30_000,
    },
  );
  const text = stdout.trim();
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}
