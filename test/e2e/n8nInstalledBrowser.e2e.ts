/**
 * The install a self-hoster makes, in a real browser: Debian's Chromium (playwright-core) on the
 * n8n 2.41 editor with community packages on and the package published to a local registry
 * (scripts/registry/). Settings → Community nodes → Install a community node → `n8n-nodes-commerce-service`
 * → accept the risk → Install; then the package's card shows and n8n lists it installed. The filled
 * form is saved as `n8n-community-install.png` (docs/images with SCREENSHOT_DIR=docs/images), which
 * the READMEs show.
 *
 * Where Chromium or n8n cannot run, this prints `SKIPPED: <reason>`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from '../../scripts/browser/chromium';
import { ensureN8n, N8N_VERSION } from '../../scripts/n8n/install';
import {
  ensureOwner,
  listCommunityPackages,
  nodeTypeNames,
  startN8n,
  type N8nInstance,
  type OwnerLogin,
} from '../../scripts/n8n/instance';
import { packN8nPackage } from '../../scripts/registry/pack';
import { startRegistry, type Registry } from '../../scripts/registry/registry';
import { N8nEditor } from './browser/n8nEditor';
import { screenshot } from './browser/screenshots';
import { INSTALLED_TYPES, PACKAGE } from './support/installed';
import { probe } from './support/probe';
import { timer, withOutput } from './support/steps';

const found = probe(['chromium', 'n8n']);
if (!found.ok) {
  process.stderr.write(`\nSKIPPED: installing from a registry in the n8n ${N8N_VERSION} editor: ${found.reason}\n\n`);
  describe('installed from a registry, in the browser', () => {
    it.skip(`SKIPPED: ${found.reason.split('\n')[0]}`, () => undefined);
  });
}
const describeBrowser = found.ok ? describe : describe.skip;

describeBrowser(`n8n ${N8N_VERSION} editor: Settings → Community nodes installs the package from a registry`, () => {
  const clock = timer(`n8n ${N8N_VERSION} community install in the browser`);
  let workDir = '';
  let registry: Registry | undefined;
  let n8n: N8nInstance | undefined;
  let owner: OwnerLogin;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    const install = await ensureN8n();
    workDir = mkdtempSync(path.join(tmpdir(), 'n8n-installed-browser-'));
    const tarball = await clock.timed('build and npm pack', () => packN8nPackage(path.join(workDir, 'pack')));
    registry = await clock.timed('registry start', () => startRegistry());
    await clock.timed('publish', () => (registry as Registry).publish(tarball));
    n8n = await clock.timed('n8n start', () =>
      startN8n({
        install,
        userFolder: path.join(workDir, 'n8n'),
        communityPackages: true,
        env: (registry as Registry).n8nEnv,
        readyTimeoutMs: 240_000,
      }),
    );
    owner = await ensureOwner(n8n);
    browser = await launchChromium({ width: 1280, height: 800 });
    page = await browser.context.newPage();
    // The editor loads slowly on a busy machine (many MB of assets).
    page.setDefaultTimeout(60_000);
    page.setDefaultNavigationTimeout(180_000);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await n8n?.stop();
    await registry?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    clock.print();
  });

  it(
    'installed from a registry: Install a community node → n8n-nodes-commerce-service → Install, in the browser',
    withOutput(
      () => [['n8n', n8n?.output()]],
      async () => {
        const editor = new N8nEditor(page, (n8n as N8nInstance).url);
        await editor.signIn(owner.email, owner.password);
        await page.goto(`${editor.url}/settings/community-nodes`);
        await page.getByRole('button', { name: /Install a community node/i }).click();
        const nameInput = page
          .getByTestId('package-name-input')
          .locator('input')
          .or(page.locator('input[data-test-id="package-name-input"]'));
        await nameInput.first().fill(PACKAGE);
        await page.getByTestId('user-agreement-checkbox').click();
        const installButton = page.getByTestId('install-community-package-button');
        await expect(installButton.isEnabled()).resolves.toBe(true);
        await screenshot(page, 'n8n-community-install');

        await clock.timed('install in the browser', async () => {
          await installButton.click();
          await page.getByTestId('community-package-card').filter({ hasText: PACKAGE }).waitFor({ timeout: 180_000 });
        });
        const listed = await listCommunityPackages(owner.session);
        expect(listed).toEqual([expect.objectContaining({ packageName: PACKAGE, installedVersion: '1.0.0' })]);
        const types = await nodeTypeNames(owner.session);
        for (const type of Object.values(INSTALLED_TYPES)) expect(types).toContain(type);
        expect(registry?.proxy.forwarded()).toContain(`GET /${PACKAGE}/-/${PACKAGE}-1.0.0.tgz`);
      },
    ),
    300_000,
  );
});
