/**
 * The one nock lifecycle of the unit suites. Per file: no real network (except hosts a suite names,
 * such as a local port nothing listens on), and nock's interceptor removed afterwards (jest loads nock
 * afresh per file while Node's http module is shared, so a leftover interceptor stacks under the next
 * file's). Per test: every interceptor the test set up must have been used, or the test fails: a
 * request the code never sent is a bug, not a leftover.
 */
import nock from 'nock';

export interface NockOptions {
  /** `host:port` values that may be reached for real (e.g. `127.0.0.1:1` for a refused connection). */
  allowHosts?: readonly string[];
}

export function useNock(options: NockOptions = {}): void {
  const allowed = new Set(options.allowHosts ?? []);
  beforeAll(() => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    if (allowed.size > 0) nock.enableNetConnect((host) => allowed.has(host));
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.abortPendingRequests();
    nock.cleanAll();
    expect({ unsentRequests: pending }).toEqual({ unsentRequests: [] });
  });
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
}
