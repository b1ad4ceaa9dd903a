/** Pieces of TypeScript source the generated files share. */
import { tsString } from '../emit';

/**
 * `import { a, B, type C } from 'x';`: values, then types, each sorted as the repository sorts
 * them (capitals first); nothing when there is nothing to import.
 */
export function importLine(from: string, values: readonly string[], types: readonly string[] = []): string | undefined {
  const names = [...[...values].sort(), ...[...types].sort().map((t) => `type ${t}`)];
  return names.length === 0 ? undefined : `import { ${names.join(', ')} } from '${from}';`;
}

/** A TypeBox options object (`{ maxLength: 200, description: 'Title' }`), or nothing. */
export function schemaOptions(pairs: readonly [string, string][]): string {
  return pairs.length === 0 ? '' : `{ ${pairs.map(([key, value]) => `${key}: ${value}`).join(', ')} }`;
}

/** Lines joined, those left out (false, undefined) dropped: a file's text, ending with a newline. */
export function fileText(lines: readonly (string | false | undefined)[]): string {
  return `${lines.filter((l) => l !== false && l !== undefined).join('\n')}\n`;
}

/** An import of a module's own files: `from` is a file (`book.entity.ts`), imported as `./book.entity`. */
export interface LocalImport {
  from: string;
  values: readonly string[];
  types?: readonly string[];
}

/** Imports of the module's own files, in the order of their paths. */
export function localImports(imports: readonly (LocalImport | false)[]): string[] {
  return imports
    .filter((i): i is LocalImport => i !== false)
    .map((i) => ({ ...i, path: `./${i.from.replace(/\.ts$/, '')}` }))
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((i) => importLine(i.path, i.values, i.types)!);
}

/** An object literal's key: bare when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name);
}
