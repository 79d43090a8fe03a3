/**
 * The picture of the Zapier side for the docs: the built app's definition (`zapier/index.js` after
 * `npm run build:zapier`) rendered as a plain page in Chromium: its connection fields, its visible
 * triggers and searches with their labels, inputs and descriptions, as Zapier reads them. It is not
 * Zapier's editor, and the page says so.
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { REPO_ROOT } from '../toolchain';
import { launchChromium } from './chromium';

interface Field {
  label?: string;
  required?: boolean;
}
interface Step {
  display: { label: string; description: string; hidden?: boolean };
  operation: { type?: string; inputFields?: unknown[] };
}
interface AppDefinition {
  version: string;
  authentication: { fields: Field[] };
  triggers: Record<string, Step>;
  searches: Record<string, Step>;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The labels of a step's static input fields (a field computed at run time shows as "…"). */
const inputsOf = (step: Step) =>
  (step.operation.inputFields ?? [])
    .map((field) => (typeof field === 'object' && field !== null ? ((field as Field).label ?? '') : '…'))
    .join(', ');

function rows(steps: Record<string, Step>): string {
  return Object.values(steps)
    .filter((step) => !step.display.hidden)
    .map(
      (step) =>
        `<tr><td><b>${escape(step.display.label)}</b><br><small>${escape(inputsOf(step))}</small></td>` +
        `<td>${escape(step.display.description)}</td></tr>`,
    )
    .join('');
}

function page(app: AppDefinition): string {
  const fields = app.authentication.fields
    .map((field) => `${escape(field.label ?? '')}${field.required ? '' : ' (optional)'}`)
    .join(' · ');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; width: 1100px; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 20px 0 6px; }
    p.note { color: #666; margin: 0 0 12px; } table { border-collapse: collapse; width: 100%; }
    td { border-top: 1px solid #ddd; padding: 6px 8px; vertical-align: top; } td:first-child { width: 260px; }
    small { color: #666; }
  </style></head><body>
    <h1>Commerce Service for Zapier, version ${escape(app.version)}</h1>
    <p class="note">Rendered from the built app's definition (zapier/index.js), as Zapier reads it; not Zapier's editor.</p>
    <p><b>Connection:</b> ${fields}</p>
    <h2>Triggers (instant, REST hooks)</h2><table>${rows(app.triggers)}</table>
    <h2>Searches</h2><table>${rows(app.searches)}</table>
  </body></html>`;
}

/** Builds the Zapier app, renders its definition and saves `<dir>/zapier-app.png`. */
export async function pictureZapierApp(dir: string): Promise<void> {
  const build = spawnSync('npm', ['run', 'build:zapier'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build:zapier failed (exit ${build.status ?? build.signal})`);
  // The app as Zapier loads it: zapier/index.js, over the bundle just built.
  const loaded = (await import(path.join(REPO_ROOT, 'zapier', 'index.js'))) as { default: AppDefinition };
  const app = loaded.default;
  const browser = await launchChromium({ width: 1150, height: 800 });
  try {
    const tab = await browser.context.newPage();
    await tab.setContent(page(app));
    await tab.screenshot({ path: path.join(dir, 'zapier-app.png'), fullPage: true });
  } finally {
    await browser.close();
  }
}
