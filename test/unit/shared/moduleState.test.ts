/**
 * What lives at module level in the product code (shared/src and both adapters): a client knows a
 * store's site through the memory it is given (`siteMemory.ts`), which only an adapter makes at module
 * level (one per n8n bundle, one per Zapier container, docs/site-memory.md). Every value a module makes
 * when it loads (`new …`) or may rebind (`let`, `var`) is listed here with what it holds; a new one
 * fails until it is read and listed, and none in shared/src may hold anything of a store.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '../../..');
const PRODUCT = ['shared/src', 'n8n/nodes', 'n8n/credentials', 'zapier/src'];

/** Module-level values made at load, by file and name: what each holds, none of it a store's. */
const MADE_AT_LOAD: Record<string, string> = {
  'shared/src/http/transport.ts TIMEOUT_CODES': 'error codes of Node and undici',
  'shared/src/http/situations.ts REST_RESTRICTED_CODES': 'WordPress error codes of a REST API closed to visitors',
  'shared/src/summary/totals.ts SALE_STATUSES': 'order statuses',
  'shared/src/summary/totals.ts MRR_STATUSES': 'subscription statuses',
  'shared/src/summary/totals.ts TRIAL_STATUSES': 'subscription statuses',
  'shared/src/summary/totals.ts CANCELED_STATUSES': 'subscription statuses',
  'shared/src/events/samples.ts REST_ONLY': 'field names',
  'shared/src/resources/currency.ts ZERO_DECIMAL': 'currency codes',
  'shared/src/triggers/choices.ts YES': 'words for yes',
  'shared/src/dates/instant.ts formatters':
    "Intl formatters by IANA zone name, the same for every store (the bench's dates figure)",
  'shared/src/dates/instant.ts offsets': 'offsets by IANA zone name and quarter hour, the same for every store',
  'shared/src/resources/build.ts built': 'each field table as a build reads it, by table, the same for every store',
  'shared/src/resources/instants.ts siteClocked': 'whether a field table has site-local times, by table',
  'shared/src/amountUnit.ts moneyFields': 'the money fields and lists of each field table, by table',
  'n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node.ts REPLAYS':
    'the events each hook received within the replay window, by hook (docs/verification.md)',
  'zapier/src/errors.ts PLATFORM_ERRORS': "names of Zapier's own errors",
  'n8n/nodes/common/transport/index.ts SITE_MEMORY':
    "each store's zone, unit and API address, by address and a digest of the key, for an hour",
  'zapier/src/platform.ts SITE_MEMORY':
    "each store's zone, unit and API address, by address and a digest of the key, for an hour",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(path.join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

/** `file name` of each top-level `let`/`var`, and of each top-level `const` made with `new`. */
function moduleState(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const relative = path.relative(REPO, file).split(path.sep).join('/');
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const { declarationList } = statement;
    const rebindable = !(declarationList.flags & ts.NodeFlags.Const);
    for (const declaration of declarationList.declarations) {
      const made = declaration.initializer && ts.isNewExpression(skipCasts(declaration.initializer));
      if (rebindable || made) found.push(`${relative} ${declaration.name.getText(source)}`);
    }
  }
  return found;
}

function skipCasts(node: ts.Expression): ts.Expression {
  return ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
    ? skipCasts(node.expression)
    : node;
}

describe('module-level state in the product code', () => {
  const found = PRODUCT.flatMap((dir) => sources(path.join(REPO, dir)))
    .flatMap(moduleState)
    .sort();

  it("is only what the list names: constants, memos by zone name, and each adapter's site memory", () => {
    expect(found).toEqual(Object.keys(MADE_AT_LOAD).sort());
  });
});
