/**
 * Each README's Troubleshooting tables list every message a connection or a read can end with, with
 * its fix, as the shared client writes them: the tables are made by scripts/troubleshooting.ts from
 * `shared/src/situations.ts`, from the messages the client's code writes for a rate limit, a server
 * error, an unexpected status or shape and a spent time budget (made by running that code), and for
 * n8n from its credential test's texts (`STATUS_ANSWERS`); each README must hold them, within its
 * Troubleshooting section.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATUS_ANSWERS } from '../../../shared/src/http/situations';
import { SITUATIONS } from '../../../shared/src/situations';
import { type Readme, credentialTestTable, readMessages, troubleshootingTable } from '../../../scripts/troubleshooting';

const ROOT = join(__dirname, '..', '..', '..');

function troubleshootingSection(readme: Readme): string {
  const text = readFileSync(join(ROOT, readme, 'README.md'), 'utf8');
  const start = text.indexOf('\n## Troubleshooting\n');
  expect(start).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe.each<Readme>(['n8n', 'zapier'])('%s/README.md Troubleshooting', (readme) => {
  it('holds the table made from the shared messages (npx tsx scripts/troubleshooting.ts %s)', async () => {
    expect(troubleshootingSection(readme)).toContain(await troubleshootingTable(readme));
  });

  it('has one row per situation and one per read message (429, 5xx, unexpected status and shape, time budget), each with its fix', async () => {
    const table = await troubleshootingTable(readme);
    const reads = await readMessages();
    expect(reads.map((read) => read.kind)).toEqual([
      'rate-limit',
      'server-error',
      'unexpected-status',
      'unexpected-shape',
      'time-budget',
    ]);
    for (const { summary, hint } of [...Object.values(SITUATIONS), ...reads]) {
      expect(table).toContain(summary);
      expect(table).toContain(hint);
    }
    expect(table.split('\n')).toHaveLength(Object.keys(SITUATIONS).length + reads.length + 2);
  });
});

describe("n8n/README.md: n8n's credential test", () => {
  it('holds the text the credential test shows for each status, as STATUS_ANSWERS gives it', () => {
    const section = troubleshootingSection('n8n');
    expect(section).toContain(credentialTestTable());
    for (const { message } of STATUS_ANSWERS) expect(credentialTestTable()).toContain(message);
  });
});
