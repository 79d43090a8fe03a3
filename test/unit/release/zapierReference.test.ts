/** docs/zapier-reference.md is generated from the app definition (scripts/release/zapierReference.ts), so it cannot drift. */
import { readFileSync } from 'node:fs';

import { REFERENCE_PATH, appReference, zapierReference } from '../../../scripts/release/zapierReference';

describe('the Zapier reference page', () => {
  it('is the committed docs/zapier-reference.md: after a change to a search, run `npm run docs:zapier-reference`', () => {
    expect(readFileSync(REFERENCE_PATH, 'utf8')).toBe(appReference());
  });

  it('lists Find Sales Summary with its five inputs and its summary text', () => {
    const page = appReference();
    const summary = page.slice(page.indexOf('## Find Sales Summary'));
    for (const input of ['`period`', '`from`', '`to`', '`product_id`', '`subscriptions`'])
      expect(summary).toContain(input);
    expect(summary).toContain('**Inputs** (5)');
    expect(summary).toMatch(/\| Summary Text \| `summary_text` \| string \|/);
    expect(summary).toContain('Default: Yesterday.');
  });

  it('shows every declared input and output, choices and defaults by their labels, and names a repeated output list', () => {
    const field = (key: string) => ({ key, label: key.toUpperCase(), type: 'string' as const });
    const search = (label: string, outputs: string[], hidden = false) => ({
      key: label,
      noun: label,
      display: { label, description: `${label} finds.`, hidden },
      operation: {
        perform: () => [],
        inputFields: [
          {
            key: 'when',
            label: 'When',
            required: true,
            default: 'y',
            choices: [{ value: 'y', label: 'Yes | Day', sample: 'y' }],
            helpText: 'The day.',
          },
          () => [],
        ],
        outputFields: outputs.map(field),
      },
    });
    const page = zapierReference({
      version: '9.9.9',
      searches: { a: search('Find A', ['x', 'y']), b: search('Find B', ['x', 'y']), c: search('Hidden', [], true) },
    });
    expect(page).toContain('version 9.9.9');
    expect(page).toContain('| When | `when` | yes | The day. Choices: Yes \\| Day. Default: Yes \\| Day. |');
    expect(page).toContain('| X | `x` | string |\n| Y | `y` | string |');
    expect(page).toContain('**Outputs** (2): the same as [Find A](#find-a).');
    expect(page).not.toContain('Hidden');
  });
});
