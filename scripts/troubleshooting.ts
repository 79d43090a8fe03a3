/**
 * The connection rows of each README's Troubleshooting table, made from the shared messages
 * (`shared/src/http/situations.ts`), so a README says what the code says. `npx tsx
 * scripts/troubleshooting.ts n8n|zapier` prints one; test/unit/scripts/troubleshooting.test.ts holds
 * each README to it.
 */
import { NETWORK_CODES, STATUS_ANSWERS } from '../shared/src/http/situations';
import { SITUATIONS, type Situation } from '../shared/src/situations';

export type Readme = 'n8n' | 'zapier';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** What n8n's credential test shows for a situation: a Node error code, or the answer to a status. */
function credentialTestShows(situation: Situation): string {
  const codes = Object.entries(NETWORK_CODES)
    .filter(([, told]) => told === situation)
    .map(([code]) => `\`${code}\``);
  if (situation === 'timeout') return '`ETIMEDOUT`, `ECONNABORTED`';
  // n8n's helper (axios over Node's https) reports plain HTTP on an https:// address as EPROTO.
  if (situation === 'no-https') return '`EPROTO` ("wrong version number")';
  if (codes.length > 0) return codes.join(', ');
  const statuses = STATUS_ANSWERS.filter((answer) => answer.situations.includes(situation)).map(
    (answer) => `HTTP ${answer.status}`,
  );
  return statuses.length > 0 ? `the ${statuses.join(' / ')} answer` : 'a node names it';
}

export function troubleshootingTable(readme: Readme): string {
  const situations = Object.keys(SITUATIONS) as Situation[];
  if (readme === 'zapier') {
    return [
      '| The message says (after "… failed on your-store.com:") | Do this |',
      '|---|---|',
      ...situations.map((situation) => {
        const { summary, hint } = SITUATIONS[situation];
        return `| ${cell(summary)} | ${cell(hint)} |`;
      }),
    ].join('\n');
  }
  return [
    '| A node\'s error says (after "… failed on your-store.com:") | The credential test shows | Do this |',
    '|---|---|---|',
    ...situations.map((situation) => {
      const { summary, hint } = SITUATIONS[situation];
      return `| ${cell(summary)} | ${credentialTestShows(situation)} | ${cell(hint)} |`;
    }),
  ].join('\n');
}

if (require.main === module) {
  const readme = process.argv[2] === 'zapier' ? 'zapier' : 'n8n';
  console.log(troubleshootingTable(readme));
}
