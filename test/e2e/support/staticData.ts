/**
 * A workflow's static data as n8n persisted it in its Postgres database (`workflow_entity."staticData"`),
 * read with `psql` straight from the database: what a restarted main process will load, whatever any
 * n8n process holds in memory.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { psqlBin, type PostgresServer } from '../../../scripts/services/postgres';

const run = promisify(execFile);

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
