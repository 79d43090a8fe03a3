// Own queue-mode stack: its webhook processor starts with a preload that cuts it off from the store.
/**
 * Queue mode with a webhook processor that cannot reach the store (issue 25, docs/queue-mode.md
 * "Network"): n8n 2.41.1, Postgres, Redis, main + worker + webhook processor, the sandbox store on the
 * `spec` profile (deliveries carry no secret, so each is verified by a read). The main and the worker
 * reach the store; the webhook processor is cut off from it (support/cutOffFromStore.cjs refuses its
 * connections to the store's port). Activation on the main registers the hook; each purchase reaches
 * the webhook processor, which needs no store to answer it; the execution runs on the worker, which
 * reads the order back and marks the event `verified`. The webhook processor's log shows no attempt.
 *
 * Where n8n, Postgres or Redis cannot be had, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams
 * every process' output; N8N_E2E_KEEP=1 keeps the user folders.
 */
import path from 'node:path';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { activateWorkflow, deactivateWorkflow, executionNodeOutput, listExecutions } from '../../scripts/n8n/instance';
import { sandboxCredential, type CredentialRef } from '../../scripts/start/examples';
import { triggerWorkflow } from '../../scripts/kit/workflows';
import { describeIf, probe } from './support/probe';
import { ranOn } from './support/queueMode';
import { useQueueModeN8n } from './support/queueModeN8n';
import { purchaseToExecution, withHookSecret } from './support/steps';

const CRED: CredentialRef = { id: 'e2eCutOffStore01', name: 'Sandbox the webhook processor cannot reach' };
const WF = 'e2eCutOffTrig001';
const WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-00000000e2c0';
const PRELOAD = path.join(__dirname, 'support', 'cutOffFromStore.cjs');

const describeQueue = describeIf(
  probe(['n8n', 'postgres', 'redis']),
  'queue mode: a webhook processor that cannot reach the store',
);

describeQueue(`n8n ${N8N_VERSION} in queue mode, the webhook processor cut off from the store`, () => {
  const n8n = useQueueModeN8n({
    title: 'queue mode, store unreachable from the webhook processor',
    folderPrefix: 'n8n-queue-cut-off-e2e-',
    store: { profile: 'spec' },
    credentials: (store) => [sandboxCredential(store, CRED)],
    workflows: ([credential = CRED]) => [
      triggerWorkflow({ id: WF, webhookId: WEBHOOK_ID, credential, event: 'purchased' }),
    ],
    roleEnv: (store) => ({
      webhook: { NODE_OPTIONS: `--require ${PRELOAD}`, E2E_CUT_OFF_PORT: new URL(store.url).port },
    }),
  });

  it(
    'when the webhook processor cannot reach the store, each event still runs on the worker, verified there',
    () =>
      n8n.check(async () => {
        const qm = n8n.topology;
        await n8n.timed('activate (on the main, which reaches the store)', () => activateWorkflow(n8n.session, WF));
        expect(n8n.store.hooks().map((hook) => hook.hookUrl)).toEqual([
          withHookSecret(qm.webhookUrl(WEBHOOK_ID, 'webhook')),
        ]);

        const seen = (await listExecutions(n8n.session, WF)).map((e) => e.id);
        // The store is answered at once, whatever the processor's reach.
        const { payload, execution } = await n8n.timed('purchase to finished execution', () =>
          purchaseToExecution(n8n.session, n8n.store, WF, seen, 90_000),
        );
        expect(executionNodeOutput(execution, 'Trigger')).toEqual([
          expect.objectContaining({
            id: payload.id,
            verification: { status: 'verified', method: 'store' },
          }),
        ]);
        expect({ worker: ranOn(qm.worker, execution.id), webhook: ranOn(qm.webhook, execution.id) }).toEqual({
          worker: { started: true, finished: true },
          webhook: { started: false, finished: false },
        });
        // The processor tried nothing of the store: the check is the worker's.
        expect(qm.webhook.output()).not.toMatch(/goes on unverified|could not be read|store-unavailable/);

        await deactivateWorkflow(n8n.session, WF);
        expect(n8n.store.hooks()).toEqual([]);
      })(),
    240_000,
  );
});
