/**
 * Zapier's publishing requirements that can be read from the app definition, checked on the definition
 * Zapier receives. What Zapier documents, in our words:
 *
 * - Trigger and search names are shown in title case in the Zap editor and the app directory; a
 *   trigger's description is one plain sentence starting "Triggers when", a search's one starting
 *   "Find(s)" (docs.zapier.com/platform/build/polling-trigger and /build/search).
 * - Lengths, from Zapier's schema (zapier-platform-schema: BasicDisplaySchema, PlainFieldSchema,
 *   AuthFieldSchema): a label 2 to 64 characters, a description and any help text 1 to 1,000; help
 *   text may use Markdown.
 * - Every authentication field explains where to find its value, with a link as direct as possible,
 *   written as Markdown (zapier.com/developer/documentation/v2/appdevguide-auth, "Authentication
 *   Configuration").
 * - The connection label names the connected account from the auth fields
 *   (`{{bundle.authData.<key>}}`) or the test's result (`{{bundle.inputData.<key>}}`), and never shows
 *   a password or API key (docs.zapier.com/platform/build/connection-label).
 * - Every trigger and search has sample data and output fields, so users can map fields before a
 *   real record exists (the schema's `sample`, required unless hidden, and `outputFields`).
 * - The version Zapier receives is the one in zapier/package.json (one version source).
 *
 * Each rule is tested on made-up input first, so a rule that could never fail would show here.
 */
import type { Authentication, PlainInputField } from 'zapier-platform-core';
import app from '../../../zapier/src/index';
import packageJson from '../../../zapier/package.json';

/** Words Zapier's title case leaves in lower case unless they come first. */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

function isTitleCase(label: string): boolean {
  return label
    .split(/\s+/)
    .map((word) => word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ''))
    .filter((word) => word !== '')
    .every((word, index) => /^[A-Z0-9]/.test(word) || (index > 0 && MINOR_WORDS.has(word)));
}

function displayProblems(
  kind: 'trigger' | 'search',
  display: { label?: string; description?: string; hidden?: boolean },
) {
  const { label = '', description = '', hidden = false } = display;
  const problems: string[] = [];
  if (label.length < 2 || label.length > 64) problems.push(`label "${label}" is not 2 to 64 characters`);
  if (!isTitleCase(label)) problems.push(`label "${label}" is not in title case`);
  if (label.endsWith('.')) problems.push(`label "${label}" ends with a period`);
  if (description.length < 1 || description.length > 1000) problems.push('description is not 1 to 1000 characters');
  if (!/[.!?]$/.test(description)) problems.push(`description "${description}" is not a full sentence`);
  // Hidden triggers feed dropdowns and never show in the editor or the directory.
  const opening = kind === 'trigger' ? /^Triggers when / : /^Finds? /;
  if (!hidden && !opening.test(description))
    problems.push(`description "${description}" does not start as Zapier asks`);
  return problems;
}

const MARKDOWN_LINK = /\[[^\]]+\]\(https:\/\/[^\s)]+\)/;

function authFieldProblems(field: { key: string; label?: string; helpText?: string }): string[] {
  const { label = '', helpText = '' } = field;
  const problems: string[] = [];
  if (label.length < 1) problems.push(`${field.key} has no label`);
  if (helpText.length < 1 || helpText.length > 1000)
    problems.push(`${field.key} help text is not 1 to 1000 characters`);
  if (!MARKDOWN_LINK.test(helpText)) problems.push(`${field.key} help text has no link`);
  return problems;
}

function connectionLabelProblems(label: unknown, secretKeys: string[]): string[] {
  if (typeof label !== 'string' || label.trim() === '') return ['no connection label'];
  const used = [...label.matchAll(/{{\s*bundle\.(authData|inputData)\.([\w.]+)\s*}}/g)];
  if (used.length === 0) return [`connection label "${label}" names no auth field or test result`];
  return used
    .filter(([, source, key]) => source === 'authData' && secretKeys.includes(key ?? ''))
    .map(([whole]) => `connection label shows a secret: ${whole}`);
}

interface Operation {
  sample?: unknown;
  outputFields?: unknown;
  inputFields?: unknown;
}

function dataProblems(operation: Operation): string[] {
  const problems: string[] = [];
  const { sample, outputFields } = operation;
  if (!sample || typeof sample !== 'object' || Object.keys(sample).length === 0) problems.push('no sample');
  if (!Array.isArray(outputFields) || outputFields.length === 0) {
    problems.push('no output fields');
  } else {
    const fields = outputFields as { key?: string; label?: string }[];
    for (const field of fields) if (!field.key || !field.label) problems.push(`output field ${field.key} has no label`);
    const keys = fields.map((field) => field.key);
    if (new Set(keys).size !== keys.length) problems.push('output field keys repeat');
  }
  return problems;
}

function inputFieldProblems(fields: unknown): string[] {
  if (!Array.isArray(fields)) return [];
  return (fields as PlainInputField[]).flatMap((field) => {
    const problems: string[] = [];
    if (!field.label) problems.push(`input ${field.key} has no label`);
    if (field.helpText !== undefined && (field.helpText.length < 1 || field.helpText.length > 1000)) {
      problems.push(`input ${field.key} help text is not 1 to 1000 characters`);
    }
    return problems;
  });
}

describe('publishing rules (on made-up input)', () => {
  it('title case: every word capitalised but the minor ones after the first', () => {
    expect(isTitleCase('Find Orders of a Subscription')).toBe(true);
    expect(isTitleCase('API Root (Advanced)')).toBe(true);
    expect(isTitleCase('Amounts in cents')).toBe(false);
    expect(isTitleCase('of Orders')).toBe(false);
  });

  it('names and descriptions', () => {
    expect(
      displayProblems('trigger', { label: 'New Order', description: 'Triggers when an order is placed.' }),
    ).toEqual([]);
    expect(displayProblems('search', { label: 'Find Order', description: 'Finds an order.' })).toEqual([]);
    expect(displayProblems('trigger', { label: 'new order.', description: 'An order is placed' })).toEqual([
      'label "new order." is not in title case',
      'label "new order." ends with a period',
      'description "An order is placed" is not a full sentence',
      'description "An order is placed" does not start as Zapier asks',
    ]);
    expect(displayProblems('search', { label: 'X', description: 'Looks up an order.' })).toEqual([
      'label "X" is not 2 to 64 characters',
      'description "Looks up an order." does not start as Zapier asks',
    ]);
    expect(displayProblems('trigger', { label: 'List Things', description: 'Lists things.', hidden: true })).toEqual(
      [],
    );
  });

  it('auth help text needs a link; the connection label a non-secret field', () => {
    expect(
      authFieldProblems({ key: 'k', label: 'Key', helpText: 'See [your account](https://app.example.com/keys).' }),
    ).toEqual([]);
    expect(authFieldProblems({ key: 'k', label: 'Key', helpText: 'In your account settings.' })).toEqual([
      'k help text has no link',
    ]);
    expect(connectionLabelProblems('{{bundle.inputData.store}}', ['apiKey'])).toEqual([]);
    expect(connectionLabelProblems('{{bundle.authData.apiKey}}', ['apiKey'])).toEqual([
      'connection label shows a secret: {{bundle.authData.apiKey}}',
    ]);
    expect(connectionLabelProblems(undefined, [])).toEqual(['no connection label']);
  });

  it('samples and output fields', () => {
    expect(dataProblems({ sample: { id: 1 }, outputFields: [{ key: 'id', label: 'ID' }] })).toEqual([]);
    expect(dataProblems({ sample: {}, outputFields: [{ key: 'id' }, { key: 'id', label: 'ID' }] })).toEqual([
      'no sample',
      'output field id has no label',
      'output field keys repeat',
    ]);
  });
});

describe('the app definition meets Zapier’s publishing requirements', () => {
  const authentication = app.authentication as Authentication;
  const triggers = Object.entries(app.triggers ?? {});
  const searches = Object.entries(app.searches ?? {});

  it('has the version of zapier/package.json', () => {
    expect(app.version).toBe(packageJson.version);
  });

  it('every auth field has a label and help text with a link', () => {
    const fields = (authentication.fields ?? []) as { key: string; label?: string; helpText?: string }[];
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.flatMap(authFieldProblems)).toEqual([]);
  });

  it('the connection label names the store from the test result, never the key', () => {
    const secrets = ((authentication.fields ?? []) as { key: string; type?: string }[])
      .filter((field) => field.type === 'password')
      .map((field) => field.key);
    expect(secrets).toEqual(['apiKey']);
    expect(connectionLabelProblems(authentication.connectionLabel, secrets)).toEqual([]);
  });

  it.each(triggers)('trigger %s: name, description, sample, output fields, inputs', (_key, trigger) => {
    expect(displayProblems('trigger', trigger.display)).toEqual([]);
    expect(trigger.noun).toMatch(/\S/);
    expect(dataProblems(trigger.operation as Operation)).toEqual([]);
    expect(inputFieldProblems((trigger.operation as Operation).inputFields)).toEqual([]);
  });

  it.each(searches)('search %s: name, description, sample, output fields, inputs', (_key, search) => {
    expect(displayProblems('search', search.display)).toEqual([]);
    expect(search.noun).toMatch(/\S/);
    expect(dataProblems(search.operation as Operation)).toEqual([]);
    expect(inputFieldProblems((search.operation as Operation).inputFields)).toEqual([]);
  });

  it('shows every store event as a trigger and the searches to Zapier users', () => {
    expect(triggers.filter(([, trigger]) => !trigger.display.hidden)).toHaveLength(11);
    expect(searches.length).toBeGreaterThan(0);
  });
});
