import type { TSchema } from '@sinclair/typebox';

/**
 * Where a schema keeps its catalog name. A symbol, like TypeBox's own metadata: it survives
 * `Type.Object`, `Type.Optional` and `Type.Array` (they keep or spread the schema), and never
 * reaches the JSON Schema the validator compiles, so naming a schema cannot change what is
 * accepted (an `$id` would: ajv refuses a second, different schema under the same id).
 */
const SCHEMA_NAME = Symbol.for('atrium.schemaName');

/** Component names OpenAPI allows (`^[a-zA-Z0-9._-]+$`), starting with a capital like a type. */
const NAME = /^[A-Z][A-Za-z0-9]*$/;

/**
 * Names a schema, so the API catalog lists it once under `components/schemas/<name>` and every
 * route that uses it refers to it there: clients generate one `User` type, not one per route.
 * A recursive schema (`Type.Recursive(…, { $id })`) is named the same way; its self-references
 * become references to the named component.
 */
export function named<T extends TSchema>(name: string, schema: T): T {
  if (!NAME.test(name)) throw new Error(`schema name "${name}" must be PascalCase letters and digits`);
  return { ...schema, [SCHEMA_NAME]: name };
}

/** The name `named` gave a schema, if any. */
export function schemaName(schema: object): string | undefined {
  const name = (schema as { [SCHEMA_NAME]?: unknown })[SCHEMA_NAME];
  return typeof name === 'string' ? name : undefined;
}
