import ts from 'typescript';
import type { GeneratedFile } from '../../modules/generator/templates/generation-plan';

/**
 * The lines of TypeScript source that hold code: neither blank nor only comment. Read by
 * TypeScript's own scanner, so a `//` inside a string or a `*` line of a block comment is taken
 * for what it is; a token spread over several lines (a template literal) counts each of them.
 */
export function codeLines(source: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const lineOf = (position: number) => ts.getLineAndCharacterOfPosition(sourceFile, position).line;
  const sourceFile = ts.createSourceFile('lines.ts', source, ts.ScriptTarget.Latest);
  const lines = new Set<number>();
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    for (let line = lineOf(scanner.getTokenStart()); line <= lineOf(scanner.getTokenEnd() - 1); line += 1) lines.add(line);
  }
  return lines.size;
}

/** The code lines of a module's `.ts` files, together. */
export function moduleCodeLines(files: readonly GeneratedFile[]): number {
  return files.filter((f) => f.path.endsWith('.ts')).reduce((sum, f) => sum + codeLines(f.content), 0);
}
