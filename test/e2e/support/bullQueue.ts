/**
 * n8n's job queue in Redis as Bull keeps it, read over RESP (no client library): which jobs a worker
 * holds now. n8n 2.41 names its queue `jobs` under Bull's prefix `bull` (QUEUE_BULL_PREFIX).
 */
import net from 'node:net';

/** The list of jobs a worker has taken and not yet ended (completed, failed, or stalled back to waiting). */
const ACTIVE_LIST = 'bull:jobs:active';

/** A RESP command: an array of bulk strings. */
const command = (...parts: string[]): string =>
  `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`;

/** The reply to LRANGE (an array of bulk strings), or undefined while it is incomplete. */
function parseArray(reply: string): string[] | undefined {
  if (reply.startsWith('-')) throw new Error(`Redis answered ${reply.trim()}`);
  const lines = reply.split('\r\n');
  const header = /^\*(-?\d+)$/.exec(lines[0] ?? '');
  if (!header) return undefined;
  const count = Number(header[1]);
  if (count <= 0) return [];
  const values: string[] = [];
  for (let i = 1; values.length < count; i += 2) {
    if (i + 1 >= lines.length) return undefined;
    values.push(lines[i + 1] ?? '');
  }
  return values;
}

/** Ids of the jobs in Bull's active list: those a worker took and that no worker has ended. */
export function activeJobIds(redis: { host: string; port: number }, timeoutMs = 5000): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: redis.host, port: redis.port });
    let reply = '';
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`Redis did not answer LRANGE in ${timeoutMs} ms`)));
    socket.on('connect', () => socket.write(command('LRANGE', ACTIVE_LIST, '0', '-1')));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('utf8');
      try {
        const values = parseArray(reply);
        if (values === undefined) return;
        socket.end();
        resolve(values);
      } catch (error) {
        socket.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on('error', reject);
  });
}
