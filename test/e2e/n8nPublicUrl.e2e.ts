/**
 * The public-URL check of n8n/README.md (Troubleshooting, "The webhook trigger never fires"), run as
 * documented against a real n8n (2.41.1; the run's shared n8n, support/sharedN8n.ts) with the webhook trigger active: the `curl` command and
 * the answer it promises are read from the README itself, so the doc cannot drift from what n8n
 * answers. The Production URL the trigger registered with the store starts with N8N_WEBHOOK_URL, and
 * the empty delivery starts nothing.
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>` (fails under CI=true). N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { activateWorkflow, deactivateWorkflow, listExecutions } from '../../scripts/n8n/instance';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';
import { ROOT, sleep, withHookSecret } from './support/steps';

const WF = 'e2ePublicUrlWf01';
const WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-00000000e2a7';
const TRIGGER = { id: WF, webhookId: WEBHOOK_ID, event: 'purchased' };

/** The documented check: the curl command (with `<Production URL>`) and the body it promises. */
function documentedCheck(): { command: string; status: number; body: string } {
  const readme = readFileSync(path.join(ROOT, 'n8n', 'README.md'), 'utf8').replace(/\s+/g, ' ');
  const section = readme.slice(readme.indexOf('**The webhook trigger never fires**'));
  const command = /`(curl [^`]*<Production URL>)`/.exec(section)?.[1];
  const promise = /\(status (\d{3}), `(\{[^`]*\})`/.exec(section);
  if (!command || !promise) throw new Error('n8n/README.md no longer documents the public-URL check as expected');
  return { command, status: Number(promise[1]), body: promise[2] as string };
}

const describeN8n = describeIf(probe(['n8n']), `n8n public URL end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`the public URL check of n8n/README.md in n8n ${N8N_VERSION}`, () => {
  const n8n = useSharedN8n('n8n public URL e2e');

  it(
    "the documented curl to the active trigger's public URL gets the documented answer, and starts nothing",
    n8n.check(async () => {
      // The suite's one test makes its own store, credential and trigger workflow.
      const store = await n8n.storeWithTrigger({ profile: 'real' }, 'Sandbox for the public-URL check', TRIGGER);
      const check = documentedCheck();
      await n8n.timed('activate', () => activateWorkflow(n8n.session, WF));
      // The Production URL: what the trigger registered with the store, under N8N_WEBHOOK_URL.
      const productionUrl = n8n.webhookUrl(WEBHOOK_ID, 'webhook');
      expect(store.hooks().map((hook) => hook.hookUrl)).toEqual([withHookSecret(productionUrl)]);
      expect(productionUrl.startsWith(`${n8n.url}/`)).toBe(true);

      const seen = (await listExecutions(n8n.session, WF)).map((e) => e.id);
      const command = check.command.replace('<Production URL>', `'${productionUrl}'`);
      const output = execFileSync('bash', ['-c', `${command} --silent --show-error --max-time 20`], {
        encoding: 'utf8',
      });
      const [head = '', ...rest] = output.split(/\r?\n\r?\n/);
      expect({ status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]), body: rest.join('\n\n').trim() }).toEqual({
        status: check.status,
        body: check.body,
      });

      await sleep(2000);
      expect((await listExecutions(n8n.session, WF)).filter((e) => !seen.includes(e.id))).toEqual([]);
      await deactivateWorkflow(n8n.session, WF);
      expect(store.hooks()).toEqual([]);
    }),
    120_000,
  );
});
