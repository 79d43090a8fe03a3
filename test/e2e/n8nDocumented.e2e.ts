/**
 * Documented user paths, in a real n8n (2.41.1, scripts/n8n; the run's shared n8n) against the sandbox store (real profile):
 * - docs/retries.md: **Settings → Retry On Fail** on the action node gets past a store
 *   that fails twice (two 500s: the node's own retries give up after the second, n8n runs the node
 *   again); the same node without Retry On Fail fails with the store's answer.
 * - docs/verification.md: a delivery carrying the store's key
 *   (`studiocart_secret`, as the real profile and older plugins send it) is marked verified by the
 *   secret, and the store is not read (a fault on order reads, counted by the sandbox, stays untouched);
 *   with the dashboard's switch off, the next delivery is verified by reading the order back.
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  deactivateWorkflow,
  executionNodeOutput,
  listExecutions,
  nodeOutput,
  waitForExecution,
  type N8nWorkflowJson,
} from '../../scripts/n8n/instance';
import type { CredentialRef } from '../../scripts/start/examples';
import { collect } from '@commerce-service/shared';
import { clientFor } from './n8n/expected';
import { orderGetWorkflow } from './n8n/workflows';
import { triggerWorkflow } from '../../scripts/kit/workflows';
import { manualRun } from './support/installed';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';

const TRIGGER_WF = 'e2eDocPathsTrig1';
const WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-00000000d0c1';
const RETRY_WF = 'e2eDocPathsRetry';
const NO_RETRY_WF = 'e2eDocPathsNoRet';
/** Order reads (operation 10) on the sandbox's routes. */
const ORDER_READS = '^/sc/v1/orders/\\d+$';

const describeN8n = describeIf(probe(['n8n']), `documented n8n paths end-to-end (real n8n ${N8N_VERSION})`);

/** Manual Trigger → Order: Get, with or without the node's Settings → Retry On Fail. */
function getOrderWorkflow(
  id: string,
  orderId: number,
  retryOnFail: boolean,
  credential: CredentialRef,
): N8nWorkflowJson {
  const name = `e2e: Order Get ${retryOnFail ? 'with' : 'without'} Retry On Fail`;
  const settings = retryOnFail ? { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 } : {};
  return orderGetWorkflow(id, name, orderId, credential, settings);
}

/** The sandbox's faults now, as its admin API reports them (`times` counts down per matching request). */
async function faultsOf(store: Sandbox): Promise<{ times?: number } | null> {
  const response = await fetch(`${store.url}/sandbox/v1/config`);
  return ((await response.json()) as { faults: { times?: number } | null }).faults;
}

describeN8n(`documented n8n paths in n8n ${N8N_VERSION}, against the sandbox (real profile)`, () => {
  const n8n = useSharedN8n('n8n documented paths e2e');
  let store: Sandbox;
  let orderId: number;

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'real' });
    const credential = await n8n.addCredential(store, 'Sandbox for documented paths');
    const client = clientFor({ url: store.url, apiKey: store.apiKey, apiRoot: store.apiRoot });
    const [newest] = await collect(client.iterate((page) => client.listOrders(page), { limit: 1 }));
    orderId = Number(newest?.id);
    await n8n.addWorkflows([
      triggerWorkflow({ id: TRIGGER_WF, webhookId: WEBHOOK_ID, credential, event: 'purchased' }),
      getOrderWorkflow(RETRY_WF, orderId, true, credential),
      getOrderWorkflow(NO_RETRY_WF, orderId, false, credential),
    ]);
  }, 60_000);

  it('Settings → Retry On Fail on the action node gets past a store that fails twice; without it the node fails', async () => {
    store.setFaults({ serverError: true, onlyPaths: ORDER_READS, times: 2 });
    const failed = await n8n.timed('manual run (no Retry On Fail)', () => manualRun(n8n.session, NO_RETRY_WF, 60_000));
    const error = failed.data.resultData.error as { message?: string } | undefined;
    expect(error?.message).toMatch(
      /^Get an order failed on .* after 2 attempts: WordPress had a critical error \(PHP\)/,
    );
    expect(await faultsOf(store)).toBeNull(); // both failures were used: two requests

    store.setFaults({ serverError: true, onlyPaths: ORDER_READS, times: 2 });
    const retried = await n8n.timed('manual run (Retry On Fail)', () => manualRun(n8n.session, RETRY_WF, 60_000));
    expect(retried.data.resultData.error).toBeUndefined();
    expect(nodeOutput(retried, 'Get Order')).toEqual([expect.objectContaining({ id: orderId })]);
    expect(await faultsOf(store)).toBeNull();
  }, 300_000);

  it(
    'a delivery carrying the store key is verified by the secret with no store read; with the switch off, by reading the order',
    n8n.check(async () => {
      const { session } = n8n;
      await n8n.timed('activate', () => activateWorkflow(session, TRIGGER_WF));
      expect(store.hooks()).toHaveLength(1);

      // A tripwire: any order read would use up (and fail on) this fault.
      store.setFaults({ serverError: true, onlyPaths: ORDER_READS, times: 1000 });
      let seen = (await listExecutions(session, TRIGGER_WF)).map((e) => e.id);
      const [byKey] = await store.fireEvent({ type: 'purchased' });
      expect(byKey?.status).toBe(200);
      const first = await waitForExecution(session, TRIGGER_WF, { seen, timeoutMs: 60_000 });
      const [item] = executionNodeOutput(first, 'Trigger');
      expect(item).toMatchObject({
        id: (byKey?.payload as { id: unknown }).id,
        verification: { status: 'verified', method: 'secret' },
      });
      expect(item).not.toHaveProperty('studiocart_secret');
      expect(JSON.stringify(first)).not.toContain(store.apiKey);
      expect((await faultsOf(store))?.times).toBe(1000);

      // The dashboard's switch off: current plugin versions send no key; the order is read back.
      store.setFaults(null);
      store.setDeviations({ secretInDeliveries: false });
      seen = (await listExecutions(session, TRIGGER_WF)).map((e) => e.id);
      const [byRead] = await store.fireEvent({ type: 'purchased' });
      expect(byRead?.status).toBe(200);
      const second = await waitForExecution(session, TRIGGER_WF, { seen, timeoutMs: 60_000 });
      expect(executionNodeOutput(second, 'Trigger')).toEqual([
        expect.objectContaining({ verification: { status: 'verified', method: 'store' } }),
      ]);

      await deactivateWorkflow(session, TRIGGER_WF);
      expect(store.hooks()).toEqual([]);
    }),
    600_000,
  );
});
