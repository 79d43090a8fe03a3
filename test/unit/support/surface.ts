/**
 * The size of shared/src's public surface, as issue 23 counts it: every module's exports resolved through
 * re-exports (`export *`, `export { x } from`) to the declaration they name, each declaration once however
 * many modules re-export it. `npx tsx test/unit/support/surface.ts` prints the list and the total.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SHARED_SRC = join(__dirname, '..', '..', '..', 'shared', 'src');

/** Every .ts file under a folder. */
function sourceFiles(dir: string = SHARED_SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:name` for each distinct exported declaration, named where it is declared. */
export function exportedDeclarations(dir: string = SHARED_SRC): string[] {
  const files = sourceFiles(dir);
  const program = ts.createProgram(files, { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const seen = new Map<ts.Symbol, string>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const declared = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const home = declared.declarations?.[0]?.getSourceFile().fileName ?? file;
      if (!seen.has(declared)) seen.set(declared, `${relative(dir, home)}:${declared.name}`);
    }
  }
  return [...seen.values()].sort();
}

/** Lines per file, longest first. */
export function fileLengths(dir: string = SHARED_SRC): Array<{ file: string; lines: number }> {
  return sourceFiles(dir)
    .map((file) => ({ file: relative(dir, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .sort((a, b) => b.lines - a.lines);
}

if (require.main === module) {
  const names = exportedDeclarations();
  console.log(names.join('\n'));
  console.log(`${names.length} exported declarations; longest file: ${JSON.stringify(fileLengths()[0])}`);
}
