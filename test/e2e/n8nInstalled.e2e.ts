/**
 * The n8n package installed the way self-hosters install it, in a real n8n 2.41 (N8N_VERSION): built,
 * packed with `npm pack`, published to a local npm registry (verdaccio on 127.0.0.1, no uplinks;
 * scripts/registry/), and installed by n8n itself through its community-packages REST API, which is
 * what Settings → Community nodes calls (scripts/n8n/community.ts). Its nodes are then typed
 * `n8n-nodes-commerce-service.*`. Checked against the sandbox store: the node types load, the
 * credential test, every action, the webhook trigger's lifecycle, the polling trigger's manual test,
 * an update to 1.0.1 under an active workflow (one hook), the uninstall (no hook left), and bad input
 * (a package that fails to install, the package declaring nodes-API level 3, the registry down,
 * community packages turned off). The steps
 * are shared with the n8n 1.x suite (support/installed.ts).
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams n8n's
 * output; N8N_E2E_KEEP=1 keeps the work folder.
 */
import { N8N_VERSION } from '../../scripts/n8n/install';
import { declareInstalledTests } from './support/installed';
import { describeIf, probe } from './support/probe';
import { PACKAGE_MESSAGES } from './support/steps';

const describeN8n = describeIf(probe(['n8n']), `n8n ${N8N_VERSION} installed-from-a-registry tests`);

describeN8n(`n8n ${N8N_VERSION}: the package installed from a registry through Settings → Community nodes`, () => {
  declareInstalledTests({
    version: N8N_VERSION,
    folderPrefix: 'n8n-installed-e2e-',
    listsUpdates: true,
    credentialMessages: PACKAGE_MESSAGES,
  });
});
