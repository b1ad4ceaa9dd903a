import fs from 'node:fs';
import path from 'node:path';

/** What a module author's `@openapi` doc comment may add to an operation the kernel built. */
export interface OperationNotes {
  description?: string;
  requestExamples?: Record<string, unknown>;
}

/**
 * Reads the `@openapi` doc comments in a module's source files with swagger-jsdoc. Only
 * descriptions and examples are kept, keyed by `<method> <path>`: paths and schemas always come
 * from the route declarations.
 */
export function readOperationNotes(moduleDir: string): Map<string, OperationNotes> {
  const files = sourceFiles(moduleDir);
  const notes = new Map<string, OperationNotes>();
  if (files.length === 0) return notes;
  // Loaded only for a module that has notes: most have none, and every boot would load it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  const swaggerJsdoc = require('swagger-jsdoc') as typeof import('swagger-jsdoc');
  const spec = swaggerJsdoc({ definition: { openapi: '3.1.0', info: { title: 'notes', version: '0' } }, apis: files, failOnErrors: true }) as {
    paths?: Record<string, Record<string, Record<string, unknown>>>;
  };
  for (const [route, operations] of Object.entries(spec.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const content = (op.requestBody as { content?: Record<string, { examples?: Record<string, unknown> }> } | undefined)?.content;
      notes.set(`${method.toLowerCase()} ${route}`, {
        description: typeof op.description === 'string' ? op.description : undefined,
        requestExamples: content?.['application/json']?.examples,
      });
    }
  }
  return notes;
}

/** A doc comment line that starts with the tag, as swagger-jsdoc reads it (not the word in prose). */
const OPENAPI_TAG = /^\s*\*?\s*@openapi\b/m;

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'migrations') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && OPENAPI_TAG.test(fs.readFileSync(full, 'utf8'))) found.push(full);
  }
  return found;
}
