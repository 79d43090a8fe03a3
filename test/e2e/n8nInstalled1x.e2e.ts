/**
 * The installed-from-a-registry suite (see n8nInstalled.e2e.ts) on the newest n8n 1.x
 * (N8N1_VERSION), which many self-hosters still run: what goes through n8n 1.x's own community-packages
 * API (install, the node types it loads, update under an active workflow with one purchase, uninstall;
 * support/installed.ts, scope `versionSpecific`). The cases that do not depend on the n8n version
 * (credential test, every action, triggers, bad input) run once, in n8nInstalled.e2e.ts on 2.x; n8n 1.x's
 * own credential-test messages, actions and webhook lifecycle are n8n1.e2e.ts's.
 *
 * Where n8n 1.x cannot be installed, this prints `SKIPPED: <reason>`.
 */
import { N8N1_VERSION } from '../../scripts/n8n/install';
import { declareInstalledTests } from './support/installed';
import { describeIf, probe } from './support/probe';
import { N8N1_MESSAGES } from './support/steps';

const describeN8n1 = describeIf(probe(['n8n1']), `n8n ${N8N1_VERSION} installed-from-a-registry tests`);

describeN8n1(
  `n8n ${N8N1_VERSION} (n8n 1.x): the package installed from a registry through Settings → Community nodes`,
  () => {
    declareInstalledTests({
      version: N8N1_VERSION,
      folderPrefix: 'n8n1-installed-e2e-',
      listsUpdates: false,
      credentialMessages: N8N1_MESSAGES,
      prefix: 'n8n 1.x: ',
      scope: 'versionSpecific',
    });
  },
);
