import { Type, type TSchema } from '@sinclair/typebox';
import { escapeLike } from '../db/write-guards';

/** A list's query parameter: its schema (validated, in the catalog) and the condition it adds. */
export interface ResourceFilter {
  schema: TSchema;
  /** The condition for a value the schema accepted; property names only ever come from the declaration. */
  where(value: unknown): Record<string, unknown>;
  /**
   * The properties the condition reads and the kind of index that keeps it fast, which the
   * module's list-index migration makes (and a test checks the database has). Absent from a
   * filter the module writes itself: its index is the module's to choose.
   */
  index?: { kind: 'btree' | 'trigram'; properties: readonly string[] };
}

/**
 * Case-insensitive "contains" over one or more text properties: a keyword search. Back each
 * property with a trigram index (`gin (<column> gin_trgm_ops)`) in the module's migration, so the
 * search stays an index scan on a large table.
 */
export function contains(properties: readonly string[], description: string, maxLength = 100): ResourceFilter {
  return {
    schema: Type.String({ maxLength, description }),
    index: { kind: 'trigram', properties },
    where(value) {
      const pattern = `%${escapeLike(String(value))}%`;
      const each = properties.map((property) => ({ [property]: { $ilike: pattern } }));
      return each.length === 1 ? each[0] : { $or: each };
    },
  };
}

/** Equality with one property; `schema` is the property's (an enum, a uuid, a boolean). */
export function equals(property: string, schema: TSchema): ResourceFilter {
  return { schema, where: (value) => ({ [property]: value }), index: { kind: 'btree', properties: [property] } };
}

/** Any other condition the module writes itself (a subtree, a range). */
export function filterBy(schema: TSchema, where: (value: unknown) => Record<string, unknown>): ResourceFilter {
  return { schema, where };
}

/** The query schema of a list: its filters (the kernel adds page, pageSize and sort). */
export function filterQuerySchema(filters: Readonly<Record<string, ResourceFilter>>) {
  return Type.Object(Object.fromEntries(Object.entries(filters).map(([name, filter]) => [name, Type.Optional(filter.schema)])));
}

/** The conditions of the filters present in `query`. */
export function filterConditions(filters: Readonly<Record<string, ResourceFilter>>, query: Record<string, unknown>): Record<string, unknown>[] {
  const conditions: Record<string, unknown>[] = [];
  for (const [name, filter] of Object.entries(filters)) {
    const value = query[name];
    if (value !== undefined && value !== '') conditions.push(filter.where(value));
  }
  return conditions;
}
