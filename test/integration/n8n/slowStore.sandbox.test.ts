/**
 * A store that answers only after 40 s: an n8n node names the cause within about the 25 s a Zapier
 * step takes for it (N8N_RETRY_LIMITS, docs/retries.md), not after three 20 s attempts and their
 * backoffs (63 s). The node runs over real HTTP against the sandbox's hang fault.
 */
import { NodeApiError } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox';
import { CommerceService } from '../../../n8n/nodes/CommerceService/CommerceService.node';
import { fakeExecute } from '../../unit/support/n8n/context';

const STORE_ANSWERS_AFTER_MS = 40_000;
jest.setTimeout(45_000);

describe('an n8n node on a store that answers after 40 s', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, size: 10 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('fails after two 12 s attempts, naming the wait, well before the store would answer', async () => {
    sandbox.setFaults({ hangMs: STORE_ANSWERS_AFTER_MS });
    sandbox.clearRequests();
    const { context } = fakeExecute({
      parameters: { resource: 'product', operation: 'get', productId: '87' },
      credentials: { storeUrl: sandbox.url, apiKey: sandbox.apiKey, apiRoot: '' },
    });
    const started = Date.now();
    const error = await new CommerceService().execute.call(context).catch((thrown: unknown) => thrown);
    const elapsed = Date.now() - started;

    expect(error).toBeInstanceOf(NodeApiError);
    expect((error as NodeApiError).message).toMatch(
      /failed on 127\.0\.0\.1:\d+ after 2 attempts: the store did not answer within 12 seconds/,
    );
    expect(sandbox.requests().filter((line) => line.includes('/products/87'))).toHaveLength(2);
    // Two attempts of 12 s and one backoff of 0.5 to 1 s.
    expect(elapsed).toBeGreaterThanOrEqual(24_000);
    expect(elapsed).toBeLessThan(27_000);
  });
});
