/** The sandbox dashboard, by roles and labels: what a person (or a screen reader) finds on it. */
import type { Locator, Page } from 'playwright-core';

export class Dashboard {
  constructor(
    readonly page: Page,
    readonly url: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.url}/`);
    await this.page.getByRole('heading', { name: 'Sandbox store', level: 1 }).waitFor();
    // Buttons appear once the catalogue is loaded; the tables once the first activity read is shown.
    await this.eventButton('Purchase').waitFor();
    await this.page.getByText(/^Updated /).waitFor();
  }

  get product(): Locator {
    return this.page.getByLabel('Product', { exact: true });
  }

  get plan(): Locator {
    return this.page.getByLabel('Plan', { exact: true });
  }

  eventButton(label: string): Locator {
    return this.page.getByRole('button', { name: label, exact: true });
  }

  /** The live region that says what the last button did. */
  get result(): Locator {
    return this.page.getByRole('status');
  }

  /** Chooses product and plan by their visible names, presses the button, returns what it says. */
  async fire(label: string, choice: { product?: string; plan?: string } = {}): Promise<string> {
    const before = await this.result.innerText();
    if (choice.product) await this.product.selectOption({ label: choice.product });
    if (choice.plan) await this.plan.selectOption({ label: choice.plan });
    await this.eventButton(label).click();
    await this.page.waitForFunction((previous) => {
      const text = document.querySelector('[role="status"]')?.textContent ?? '';
      return text !== previous && !text.endsWith('…');
    }, before);
    return this.result.innerText();
  }

  table(name: string): Locator {
    return this.page.getByRole('table', { name });
  }

  /** Rows of a table as arrays of cell texts. */
  async rows(name: string): Promise<string[][]> {
    return this.table(name)
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim())),
      );
  }
}
