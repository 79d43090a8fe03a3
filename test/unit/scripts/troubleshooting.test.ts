/**
 * Each README's Troubleshooting table lists every connection message with its fix, as the shared
 * client writes them: the table is made from `shared/src/http/situations.ts`, and each README must
 * hold it, within its Troubleshooting section.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITUATIONS } from '../../../shared/src/situations';
import { type Readme, troubleshootingTable } from '../../../scripts/troubleshooting';

const ROOT = join(__dirname, '..', '..', '..');

function troubleshootingSection(readme: Readme): string {
  const text = readFileSync(join(ROOT, readme, 'README.md'), 'utf8');
  const start = text.indexOf('\n## Troubleshooting\n');
  expect(start).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe.each<Readme>(['n8n', 'zapier'])('%s/README.md Troubleshooting', (readme) => {
  it('holds the table made from the shared messages (npx tsx scripts/troubleshooting.ts %s)', () => {
    expect(troubleshootingSection(readme)).toContain(troubleshootingTable(readme));
  });

  it('has one row per situation, each with its fix', () => {
    const table = troubleshootingTable(readme);
    for (const { summary, hint } of Object.values(SITUATIONS)) {
      expect(table).toContain(summary);
      expect(table).toContain(hint);
    }
    expect(table.split('\n')).toHaveLength(Object.keys(SITUATIONS).length + 2);
  });
});
