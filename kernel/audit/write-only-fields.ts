import type { TSchema } from '@sinclair/typebox';

/**
 * The top-level fields a body schema marks `writeOnly`: credentials whose names say nothing of
 * it (a second factor's `code`), which the audit row of the request must not keep, as it keeps no
 * field whose name is a credential's (body-summary.ts).
 */
export function writeOnlyFields(schema: TSchema | undefined): string[] {
  const properties = (schema as { properties?: Record<string, { writeOnly?: boolean }> } | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => property.writeOnly === true)
    .map(([name]) => name);
}

/** The body as the audit row may keep it: without the write-only fields. */
export function withoutWriteOnly(body: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !fields.includes(name)));
}
