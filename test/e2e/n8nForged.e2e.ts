/**
 * A real n8n (2.41.1, one process, SQLite: the run's shared n8n, support/sharedN8n.ts) against the
 * sandbox store: forged deliveries (unknown orders without the hook's secret, a wrong secret, a body of
 * 500 records) are refused with no execution and no store read; genuine ones, each sent twice more,
 * run once each and are verified (support/forgedDeliveries.ts). Also pins that n8n runs the trigger's
 * `execute()` on what its `webhook()` returned.
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { expectForgeriesCostNothing, forgedWorkflow } from './support/forgedDeliveries';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';

const describeN8n = describeIf(probe(['n8n']), `n8n forged-delivery end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`n8n ${N8N_VERSION} (one process): a forged delivery starts nothing and costs the store nothing`, () => {
  const n8n = useSharedN8n('n8n forged deliveries e2e');
  let store: Sandbox;

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'spec' }); // no secret in deliveries: each genuine one is read back
    await n8n.addWorkflows([forgedWorkflow(await n8n.addCredential(store, 'Sandbox for forged deliveries'))]);
  }, 60_000);

  it(
    'refuses 30 unknown orders without the secret, a wrong secret and 500 records (401/413, no execution, no read); 15 genuine sales each sent 3 times: 15 verified executions, 15 reads',
    n8n.check(async () => {
      const figures = await expectForgeriesCostNothing(n8n.ctx, store, n8n.timed);
      process.stderr.write(`forged deliveries, one process: ${JSON.stringify(figures)}\n`);
    }),
  );
});
