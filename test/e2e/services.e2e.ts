/**
 * The throwaway services the queue-mode stacks start: a port chosen free can be taken by another
 * process before the server binds it (e2e files start their stacks side by side). Redis is then
 * started again on another port, not reported as broken.
 *
 * Where Redis cannot be had, prints `SKIPPED: <reason>` (fails under CI=true).
 */
import * as net from 'node:net';
import { freePort } from '../../scripts/services/ports';
import { startRedis } from '../../scripts/services/redis';
import { describeIf, probe } from './support/probe';

jest.mock('../../scripts/services/ports', () => {
  const actual = jest.requireActual<typeof import('../../scripts/services/ports')>('../../scripts/services/ports');
  return { ...actual, freePort: jest.fn(actual.freePort) };
});

const describeRedis = describeIf(probe(['redis']), 'services e2e tests (Redis)');

describeRedis('a service started on a port another process took first', () => {
  let holder: net.Server | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));
  });

  it('Redis starts again on another free port, and answers there', async () => {
    const taken = await freePort();
    jest.mocked(freePort).mockClear();
    // Another process on the port: it takes connections and hangs up.
    holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder?.listen(taken, '127.0.0.1', () => resolve()));
    jest.mocked(freePort).mockResolvedValueOnce(taken);

    const redis = await startRedis();
    try {
      expect(redis.port).not.toBe(taken);
      expect(jest.mocked(freePort)).toHaveBeenCalledTimes(2);
    } finally {
      await redis.stop();
    }
  }, 60_000);
});
