/**
 * Writes docs/zapier-reference.md: every search of the Zapier app with its inputs and outputs, read
 * from the app definition itself (zapier/src/index.ts, what the build bundles), so the page says what
 * the Zap editor shows. test/unit/release/zapierReference.test.ts fails when the committed page
 * differs from what this makes.
 *
 *   npm run docs:zapier-reference
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import GithubSlugger from 'github-slugger';
import type { PlainInputField, PlainOutputField, Search } from 'zapier-platform-core';

import app from '../../zapier/src/index';

/** What the page reads of an app definition: its version and searches. */
export interface AppDefinition {
  version: string;
  searches?: Record<string, Search>;
}

export const REFERENCE_PATH = join(__dirname, '../../docs/zapier-reference.md');

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

/** The labels of a static dropdown; none for a dynamic one (its choices come from the store). */
function choiceLabels(choices: PlainInputField['choices']): string[] {
  if (Array.isArray(choices)) {
    return choices.map((choice) => (typeof choice === 'string' ? choice : choice.label));
  }
  if (!choices || 'perform' in choices) return [];
  return Object.values(choices).map(String);
}

/** A default as the editor shows it: the choice's label, Yes or No for a boolean. */
function defaultText(field: PlainInputField): string {
  const value = field.default ?? '';
  if (field.type === 'boolean') return value === 'true' ? 'Yes' : 'No';
  const choice = Array.isArray(field.choices)
    ? field.choices.find((entry) => typeof entry !== 'string' && entry.value === value)
    : undefined;
  return choice && typeof choice !== 'string' ? choice.label : value;
}

function inputRow(field: PlainInputField): string {
  const choices = choiceLabels(field.choices);
  const what = [
    field.helpText ?? '',
    choices.length ? `Choices: ${choices.join(', ')}.` : '',
    field.dynamic ? "A dropdown of your store's records, or an ID." : '',
    field.default !== undefined ? `Default: ${defaultText(field)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `| ${cell(field.label ?? field.key)} | \`${field.key}\` | ${field.required ? 'yes' : 'no'} | ${cell(what)} |`;
}

function outputRow(field: PlainOutputField): string {
  return `| ${cell(field.label ?? field.key)} | \`${field.key}\` | ${field.type ?? 'string'} |`;
}

/** Functions (fields made at run time) are left out: the page lists what is declared. */
const declared = <T extends object>(fields: readonly (T | ((...args: never[]) => unknown))[] | undefined): T[] =>
  (fields ?? []).filter((field): field is T => typeof field === 'object');

/** The page, from the app definition. */
export function zapierReference(app: AppDefinition): string {
  const searches = Object.values(app.searches ?? {}).filter((search) => !search.display.hidden);
  // A list of outputs already shown (the order fields of Find Order) is named, not repeated.
  const shown = new Map<string, string>();
  const sections = searches.map((search) => {
    const label = search.display.label ?? search.key;
    const inputs = declared<PlainInputField>(search.operation.inputFields);
    const outputs = declared<PlainOutputField>(search.operation.outputFields);
    const signature = JSON.stringify(outputs.map(outputRow));
    const same = shown.get(signature);
    if (!same) shown.set(signature, label);
    return [
      `## ${label}`,
      '',
      search.display.description ?? '',
      '',
      `**Inputs** (${inputs.length})`,
      '',
      '| Field | Key | Required | What to enter |',
      '|---|---|---|---|',
      ...inputs.map(inputRow),
      '',
      `**Outputs** (${outputs.length})${same ? `: the same as [${same}](#${new GithubSlugger().slug(same)}).` : ''}`,
      '',
      ...(same ? [] : ['| Field | Key | Type |', '|---|---|---|', ...outputs.map(outputRow), '']),
    ].join('\n');
  });
  return [
    '# Zapier app reference: searches',
    '',
    `Generated from the app definition (version ${app.version}) by \`npm run docs:zapier-reference\`; do not edit`,
    'by hand. Each search with every input the Zap editor shows and every output field a later step can map.',
    'Fields named `x[]y` are line items: one entry per item, such as each currency of a summary. The',
    "triggers' fields are described in [the app's README](../zapier/README.md).",
    '',
    ...sections,
  ].join('\n');
}

/** The page for this repository's app. */
export const appReference = (): string => zapierReference(app);

if (require.main === module) {
  writeFileSync(REFERENCE_PATH, appReference());
  console.log(`Wrote ${REFERENCE_PATH}`);
}
