/**
 * The package in the newest n8n 1.x the registry serves (N8N1_VERSION, installed and cached by
 * scripts/n8n/install.ts on the project's Node 24, which its engines allow), one process with SQLite,
 * against the sandbox store (both profiles): the same end-to-end checks as the 2.x suite, through the
 * shared steps in ./support (steps.ts, singleProcess.ts): the credential test through n8n's REST API; every action
 * operation in one workflow run with `n8n execute`; the trigger's webhook lifecycle; re-activation,
 * deactivate/activate and a restart never leave two hooks. Last, the check of n8nForged.e2e.ts: a forged
 * delivery starts nothing and costs the store nothing, and it pins, on 1.x too, that n8n runs the trigger's
 * `execute()` on what its `webhook()` returned and saves a webhook's static data (the events seen) before
 * the next delivery, so a repeat is dropped.
 *
 * Where n8n 1.x cannot be installed, this prints `SKIPPED: <reason>` and skips (fails under CI=true).
 * N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1 keeps the user folder.
 */
import { N8N1_VERSION } from '../../scripts/n8n/install';
import { expectForgeriesCostNothing, forgedWorkflow } from './support/forgedDeliveries';
import { describeIf, probe } from './support/probe';
import {
  declareActionTests,
  declareTriggerLifecycleTests,
  expectRestartKeepsHook,
  useRunningN8n,
  useSingleProcessN8n,
} from './support/singleProcess';
import {
  CRED,
  expectCredentialTests,
  expectReactivationKeepsOneHook,
  N8N1_MESSAGES,
  testCredential,
  WEBHOOK,
  WF,
} from './support/steps';

const describeN8n1 = describeIf(probe(['n8n1']), `n8n ${N8N1_VERSION} end-to-end tests`);

describeN8n1(`n8n ${N8N1_VERSION} (n8n 1.x) on 127.0.0.1 with the package, against the sandbox`, () => {
  const n8n = useSingleProcessN8n({
    version: N8N1_VERSION,
    folderPrefix: 'n8n1-e2e-',
    extraWorkflows: () => [forgedWorkflow(CRED.spec)],
  });

  describe('n8n 1.x: Commerce Service node, every operation in one workflow run with `n8n execute`', () => {
    declareActionTests(n8n, 'n8n 1.x: ');
  });

  describe('n8n 1.x: running n8n (REST API, webhooks)', () => {
    useRunningN8n(n8n);

    // n8n 1.x shows its generic texts for these failures (N8N1_MESSAGES in support/steps.ts; see the
    // README's Compatibility). A node-level test (`testedBy` + `methods.credentialTest`) would not
    // change this: n8n (1.x and 2.x) runs a credential's own `test` and looks at nodes' `testedBy`
    // only when it has none.
    it(
      "n8n 1.x: credential test: the right key passes, a wrong key or API root fails (with n8n 1.x's generic messages; both profiles)",
      n8n.check(async () => {
        await expectCredentialTests(
          n8n.session,
          n8n.stores.real,
          { good: CRED.real, wrongKey: CRED.wrongKey },
          N8N1_MESSAGES,
        );
        await expectCredentialTests(
          n8n.session,
          n8n.stores.spec,
          { good: CRED.spec, wrongKey: CRED.wrongKey },
          N8N1_MESSAGES,
        );
      }),
    );

    it(
      'n8n 1.x: credential test: plain permalinks connect with API Root empty',
      n8n.check(async () => {
        const store = n8n.stores.real;
        store.setDeviations({ plainPermalinks: true });
        try {
          await expect(
            testCredential(n8n.session, CRED.real, { storeUrl: store.url, apiKey: store.apiKey, apiRoot: '' }),
          ).resolves.toEqual({ status: 'OK', message: 'Connection successful!' });
        } finally {
          store.setDeviations({ plainPermalinks: false });
        }
      }),
    );

    declareTriggerLifecycleTests(n8n, 'n8n 1.x: ');

    it(
      'n8n 1.x: activating again, deactivate + activate, and restarting n8n never leave two hooks (real profile)',
      n8n.check(async () => {
        const store = n8n.stores.real;
        const hook = await expectReactivationKeepsOneHook(n8n.ctx, store, WF.triggerReal, WEBHOOK.real);
        // Restart on the same port: n8n activates the workflow again and keeps the one hook.
        await expectRestartKeepsHook(n8n, store, WF.triggerReal, WEBHOOK.real, hook);
      }),
    );

    // After the hook counts above: the forged-delivery workflow registers a hook of its own at the spec store.
    it(
      'n8n 1.x refuses 30 unknown orders without the secret, a wrong secret and 500 records (401/413, no execution, no read); 15 genuine sales each sent 3 times: 15 verified executions, 15 reads',
      n8n.check(async () => {
        const figures = await expectForgeriesCostNothing(n8n.ctx, n8n.stores.spec, n8n.timed);
        process.stderr.write(`forged deliveries, n8n 1.x: ${JSON.stringify(figures)}\n`);
      }),
    );
  });
});
