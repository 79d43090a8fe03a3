/**
 * The package in n8n 1.x (N8N1_VERSION, one process, SQLite) against the sandbox store: the same
 * check as n8nForged.e2e.ts. It pins, on 1.x too, that n8n runs the trigger's `execute()` on what its
 * `webhook()` returned, and that a webhook's static data (the events seen) is saved before the next
 * delivery, so a repeat is dropped.
 *
 * Where n8n 1.x cannot be installed, prints `SKIPPED: <reason>` (fails under CI=true).
 */
import { N8N1_VERSION } from '../../scripts/n8n/install';
import { expectForgeriesCostNothing, forgedWorkflow } from './support/forgedDeliveries';
import { describeIf, probe } from './support/probe';
import { useRunningN8n, useSingleProcessN8n } from './support/singleProcess';
import { CRED } from './support/steps';

const describeN8n1 = describeIf(probe(['n8n1']), `n8n ${N8N1_VERSION} forged-delivery end-to-end tests`);

describeN8n1(`n8n ${N8N1_VERSION} (n8n 1.x): a forged delivery starts nothing and costs the store nothing`, () => {
  const n8n = useSingleProcessN8n({
    version: N8N1_VERSION,
    folderPrefix: 'n8n1-forged-e2e-',
    extraWorkflows: () => [forgedWorkflow(CRED.spec)],
  });
  useRunningN8n(n8n);

  it(
    'n8n 1.x refuses 30 unknown orders without the secret, a wrong secret and 500 records (401/413, no execution, no read); 15 genuine sales each sent 3 times: 15 verified executions, 15 reads',
    n8n.check(async () => {
      const figures = await expectForgeriesCostNothing(n8n.ctx, n8n.stores.spec, n8n.timed);
      process.stderr.write(`forged deliveries, n8n 1.x: ${JSON.stringify(figures)}\n`);
    }),
  );
});
