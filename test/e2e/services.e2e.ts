/**
 * The throwaway services the queue-mode stacks start: a port chosen free can be taken by another
 * process before the server binds it (e2e files start their stacks side by side). Redis and Postgres
 * are then started again on another port (`startOnPort`), not reported as broken.
 *
 * Where Redis or Postgres cannot be had, prints `SKIPPED: <reason>` (fails under CI=true).
 */
import * as net from 'node:net';
import { freePort } from '../../scripts/services/ports';
import { startPostgres } from '../../scripts/services/postgres';
import { startRedis } from '../../scripts/services/redis';
import { describeIf, probe } from './support/probe';

jest.mock('../../scripts/services/ports', () => {
  const actual = jest.requireActual<typeof import('../../scripts/services/ports')>('../../scripts/services/ports');
  return { ...actual, freePort: jest.fn(actual.freePort) };
});

let holder: net.Server | undefined;

/** A port of 127.0.0.1 that another process holds (it takes connections and hangs up), and that the next `freePort()` hands out. */
async function portTakenFirst(): Promise<number> {
  const taken = await freePort();
  jest.mocked(freePort).mockClear();
  holder = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder?.listen(taken, '127.0.0.1', () => resolve()));
  jest.mocked(freePort).mockResolvedValueOnce(taken);
  return taken;
}

/**
 * Starts the service while another process holds the port `freePort()` first hands out: it must ask
 * for another port (a second `freePort()`) and start there. Stops it after.
 */
async function expectStartsOnAnotherPort(start: () => Promise<{ port: number; stop(): Promise<void> }>): Promise<void> {
  const taken = await portTakenFirst();
  const service = await start();
  try {
    expect(service.port).not.toBe(taken);
    expect(jest.mocked(freePort)).toHaveBeenCalledTimes(2);
  } finally {
    await service.stop();
  }
}

afterEach(async () => {
  await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));
  holder = undefined;
});

describeIf(probe(['redis']), 'services e2e tests (Redis)')('Redis on a port another process took first', () => {
  it('starts again on another free port, and answers there', () => expectStartsOnAnotherPort(startRedis), 60_000);
});

describeIf(probe(['postgres']), 'services e2e tests (Postgres)')(
  'Postgres on a port another process took first',
  () => {
    it(
      'starts again on another free port, with its database made there',
      () => expectStartsOnAnotherPort(startPostgres),
      60_000,
    );
  },
);
