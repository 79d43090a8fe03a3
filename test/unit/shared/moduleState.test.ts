/**
 * Nothing about a store lives at module level in shared/src: a client knows a store's site through the
 * memory it is given (`siteMemory.ts`), made by the adapter or by a poll. Every value a module makes
 * when it loads (`new …`) or may rebind (`let`, `var`) is listed here with what it holds; a new one
 * fails until it is read and listed, and none may hold anything of a store.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED = path.resolve(__dirname, '../../../shared/src');

/** Module-level values made at load, by file and name: what each holds, none of it a store's. */
const MADE_AT_LOAD: Record<string, string> = {
  'http/transport.ts TIMEOUT_CODES': 'error codes of Node and undici',
  'http/situations.ts REST_RESTRICTED_CODES': 'WordPress error codes of a REST API closed to visitors',
  'summary/totals.ts SALE_STATUSES': 'order statuses',
  'summary/totals.ts MRR_STATUSES': 'subscription statuses',
  'summary/totals.ts TRIAL_STATUSES': 'subscription statuses',
  'summary/totals.ts CANCELED_STATUSES': 'subscription statuses',
  'events/samples.ts REST_ONLY': 'field names',
  'resources/currency.ts ZERO_DECIMAL': 'currency codes',
  'triggers/choices.ts YES': 'words for yes',
  'dates/instant.ts formatters':
    "Intl formatters by IANA zone name, the same for every store (the bench's dates figure)",
  'dates/instant.ts offsets': 'offsets by IANA zone name and quarter hour, the same for every store',
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
  const relative = path.relative(SHARED, file).split(path.sep).join('/');
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

describe('module-level state in shared/src', () => {
  const found = sources(SHARED).flatMap(moduleState).sort();

  it('is only what the list names: constants and memos by zone name, nothing of a store', () => {
    expect(found).toEqual(Object.keys(MADE_AT_LOAD).sort());
  });
});
