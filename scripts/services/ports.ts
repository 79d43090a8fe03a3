import getPort from 'get-port';
import * as net from 'net';

/** A port free right now on 127.0.0.1 (get-port; the OS picks it, a tiny race is accepted). */
export function freePort(): Promise<number> {
  return getPort({ host: '127.0.0.1' });
}

/**
 * Whether something already listens on 127.0.0.1:port. Not get-port's `getPort({ port })`: it holds
 * each port it handed out for 15 s, so a port from `freePort()` would look taken.
 */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}
