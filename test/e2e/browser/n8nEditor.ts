/**
 * The n8n 2.41 editor as a store owner uses it, through its `data-test-id` markers (see
 * scripts/browser/chromium.ts) and, for our own parameters, their visible labels, so a renamed
 * internal parameter name does not break the tests.
 */
import type { Dialog, Locator, Page } from 'playwright-core';

export class N8nEditor {
  constructor(
    readonly page: Page,
    readonly url: string,
  ) {}

  async signIn(email: string, password: string): Promise<void> {
    await this.page.goto(`${this.url}/signin`);
    await this.page.getByTestId('emailOrLdapLoginId').locator('input').fill(email);
    await this.page.getByTestId('password').locator('input').fill(password);
    await this.page.getByTestId('form-submit-button').click();
    await this.page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  }

  async newWorkflow(): Promise<void> {
    await this.page.goto(`${this.url}/workflow/new`);
    await this.page.getByTestId('canvas').waitFor();
  }

  /**
   * Opens a saved workflow by its id. Leaving a workflow with unsaved changes asks "leave the page?"
   * (beforeunload), which the browser would otherwise answer "stay": this answers "leave".
   */
  async openWorkflow(id: string): Promise<void> {
    const leave = (dialog: Dialog) => {
      if (dialog.type() === 'beforeunload') void dialog.accept();
    };
    this.page.on('dialog', leave);
    try {
      await this.page.goto(`${this.url}/workflow/${id}`);
      await this.page.getByTestId('canvas').waitFor();
    } finally {
      this.page.off('dialog', leave);
    }
  }

  /** Opens a node of the canvas by its name (a double-click), in the node details view. */
  async openNode(name: string): Promise<void> {
    await this.page.getByTestId('canvas-node').filter({ hasText: name }).first().dblclick();
    await this.ndv.waitFor();
  }

  // ---- Nodes panel ----

  get nodeCreator(): Locator {
    return this.page.getByTestId('node-creator');
  }

  /** Items of the nodes panel (search results, or a service's actions and triggers). */
  get nodeItems(): Locator {
    return this.nodeCreator.getByTestId('item-iterator-item');
  }

  async openNodesPanel(): Promise<void> {
    await this.page.getByTestId('node-creator-plus-button').click();
    await this.nodeCreator.waitFor();
  }

  async searchNodes(text: string): Promise<void> {
    await this.page.getByTestId('node-creator-search-bar').fill(text);
  }

  /** Opens the "+" after the first node's output: the panel for the next step. */
  async addNodeAfterFirst(): Promise<void> {
    await this.page.getByTestId('canvas-handle-plus').first().click();
    await this.nodeCreator.waitFor();
  }

  /** `src` and loaded width of every icon in the nodes panel. */
  async panelIcons(scope: Locator = this.nodeCreator): Promise<Array<{ src: string; width: number }>> {
    const images = scope.locator('img');
    // Wait for them to load (or fail): a width of 0 then means a broken icon.
    await images.evaluateAll((imgs) =>
      Promise.all(imgs.map((img) => (img as HTMLImageElement).decode().catch(() => undefined))),
    );
    return images.evaluateAll((imgs) =>
      imgs.map((img) => ({ src: (img as HTMLImageElement).src, width: (img as HTMLImageElement).naturalWidth })),
    );
  }

  // ---- Node details view ----

  get ndv(): Locator {
    return this.page.getByTestId('ndv');
  }

  /** A parameter of the open node, found by its visible label. */
  parameter(label: RegExp): Locator {
    // The nearest element around the label that holds the input (n8n wraps them differently per type).
    return this.ndv
      .getByTestId('input-label')
      .filter({ hasText: label })
      .first()
      .locator('xpath=ancestor::*[descendant::input][1]');
  }

  /** The value a parameter of the open node shows, found by its visible label. */
  parameterValue(label: RegExp): Promise<string> {
    return this.parameter(label).locator('input').first().inputValue();
  }

  /** The options of the open dropdown (n8n teleports them out of the node view). */
  get openOptions(): Locator {
    return this.page.locator('.el-select-dropdown:visible [role="option"]');
  }

  /** First line of each open option: the name, without the description under it. */
  async openOptionNames(): Promise<string[]> {
    await this.openOptions.first().waitFor();
    return (await this.openOptions.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
  }

  async openDropdown(label: RegExp): Promise<void> {
    // A dropdown chosen from a moment ago is still fading out over the next one.
    await this.page.locator('.el-select-dropdown:visible').first().waitFor({ state: 'hidden' });
    await this.parameter(label).locator('.el-select').first().click();
    await this.openOptions.first().waitFor();
  }

  async chooseOption(name: string): Promise<void> {
    await this.openOptions.filter({ hasText: name }).first().click();
  }

  /** Closes an open dropdown by clicking elsewhere in the node view. */
  async closeDropdown(): Promise<void> {
    await this.ndv.getByTestId('tab-params').click(); // the tab that is open already: a neutral place
    await this.page.locator('.el-select-dropdown:visible').first().waitFor({ state: 'hidden', timeout: 5000 });
  }

  // ---- Record locators (the version 2 nodes' Product, Order, Customer, Subscription) ----

  /** The items of the open locator's From list, as n8n renders what the node's list search returned. */
  get locatorItems(): Locator {
    // n8n teleports the list out of the node view, like a dropdown's options.
    return this.page.locator('[data-test-id="rlc-item"]:visible');
  }

  /** Opens a record locator's From list (its default mode) by clicking its input, as a person does. */
  async openLocatorList(label: RegExp): Promise<void> {
    await this.parameter(label).getByTestId('rlc-input').click();
    await this.locatorItems.first().waitFor();
  }

  /** The text of each item of the open From list (a record's label, e.g. "Name · 49 · #19"). */
  async locatorItemNames(): Promise<string[]> {
    return (await this.locatorItems.allInnerTexts()).map((text) => text.trim());
  }

  /** Picks the From list's item whose label starts with `name`; the list closes. */
  async chooseLocatorItem(name: string): Promise<void> {
    const escaped = name.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&');
    const startsWithName = new RegExp(`^\\s*${escaped}(\\s·|\\s*$)`);
    await this.locatorItems.filter({ hasText: startsWithName }).first().click();
    await this.locatorItems.first().waitFor({ state: 'hidden' });
  }

  get outputPanel(): Locator {
    return this.ndv.getByTestId('output-panel');
  }

  /** The output panel's text once it satisfies `ready` (views render a moment after they are chosen). */
  async outputTextWhen(ready: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    let text = await this.outputPanel.innerText();
    while (!ready(text) && Date.now() < until) {
      await this.page.waitForTimeout(200);
      text = await this.outputPanel.innerText();
    }
    return text;
  }

  /** The "N items" count of the output panel. */
  async outputItemCount(): Promise<number> {
    const text = await this.outputPanel.getByTestId('ndv-items-count').first().innerText();
    const match = /([\d,]+)\s+items?/.exec(text);
    if (!match) throw new Error(`no item count in "${text}"`);
    return Number(match[1]?.replace(/,/g, ''));
  }

  /** The node view's run button: "Execute step", "Listen for test event", "Fetch Test Event"… */
  get executeButton(): Locator {
    return this.ndv.getByTestId('node-execute-button');
  }

  async executeStep(): Promise<void> {
    await this.ndv.getByTestId('node-execute-button').click();
  }

  async closeNdv(): Promise<void> {
    await this.ndv.getByTestId('ndv-close-button').click();
    await this.ndv.waitFor({ state: 'hidden' });
  }

  // ---- Credentials ----

  get credentialModal(): Locator {
    return this.page.getByTestId('editCredential-modal');
  }

  /** From the open node: its credential picker → "Create new credential". */
  async createCredentialFromNode(): Promise<void> {
    await this.ndv.getByTestId('node-credentials-select').click();
    await this.page.getByTestId('node-credentials-select-item-new').click();
    await this.credentialModal.waitFor();
  }

  credentialField(label: string): Locator {
    return this.credentialModal
      .getByTestId('credential-connection-parameter')
      .filter({ hasText: label })
      .locator('input')
      .first();
  }

  /** Saves the form and waits until n8n has stored it (a new credential is created, a known one updated). */
  async saveCredential(): Promise<void> {
    const stored = this.page.waitForResponse((response) => {
      const { pathname } = new URL(response.url());
      const method = response.request().method();
      return (
        (method === 'POST' && pathname === '/rest/credentials') ||
        (method === 'PATCH' && /^\/rest\/credentials\/[^/]+$/.test(pathname))
      );
    });
    await this.credentialModal.getByTestId('credential-save-button').click();
    const response = await stored;
    if (!response.ok())
      throw new Error(
        `saving the credential: ${response.request().method()} ${response.url()} -> ${response.status()}`,
      );
  }

  /** The credential test button n8n shows after a first test ("Retry"). */
  async retestCredential(): Promise<void> {
    await this.credentialModal.getByRole('button', { name: 'Retry' }).click();
  }

  /** n8n closes the form by itself after saving a credential that tests well; otherwise close it. */
  async closeCredentialModal(): Promise<void> {
    const closed = await this.credentialModal
      .waitFor({ state: 'hidden', timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      await this.page
        .locator('.el-dialog', { has: this.page.getByTestId('credential-save-button') })
        .locator('.el-dialog__close')
        .first()
        .click();
      await this.credentialModal.waitFor({ state: 'hidden' });
    }
  }
}
