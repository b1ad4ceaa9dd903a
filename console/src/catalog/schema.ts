/** A JSON Schema as the catalog writes one (OpenAPI 3.1), only the keywords the console reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  description?: string;
  /** On a list's `sort` parameter: the fields it may be sorted by (kernel/http/pagination.ts). */
  'x-sort-fields'?: string[];
  /** The dictionary whose values the field holds (a generated module's dictionary-bound column). */
  'x-dictionary'?: string;
}

/** How a field is drawn and edited. */
export type FieldKind = 'string' | 'text' | 'password' | 'integer' | 'number' | 'boolean' | 'enum' | 'dictionary' | 'tags' | 'datetime' | 'other';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  nullable: boolean;
  options?: string[];
  /** A `dictionary` field's dictionary code: its items are the choices, shown by their labels. */
  dictionary?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
}

/** Long texts get a text area rather than a line. */
const TEXT_AREA_FROM = 200;

/** Follows `#/components/schemas/<name>` references. */
export function resolve(schema: JsonSchema | undefined, components: Record<string, JsonSchema>): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) current = components[current.$ref.replace('#/components/schemas/', '')];
  return current;
}

/** The object's properties as fields, in the schema's order. */
export function fieldsOf(schema: JsonSchema | undefined, components: Record<string, JsonSchema>): FieldSpec[] {
  const object = resolve(schema, components);
  const required = new Set(object?.required ?? []);
  return Object.entries(object?.properties ?? {}).map(([name, property]) => fieldOf(name, resolve(property, components) ?? {}, required.has(name), components));
}

/**
 * One property as a field: `anyOf [X, null]` is a nullable X, `anyOf` of constants (how the
 * API writes its enums) and `enum` are a choice, a string naming its dictionary (`x-dictionary`)
 * is a choice among that dictionary's items, a string array is a list of tags.
 */
export function fieldOf(name: string, schema: JsonSchema, required: boolean, components: Record<string, JsonSchema>): FieldSpec {
  const variants = (schema.anyOf ?? [schema]).map((variant) => resolve(variant, components) ?? {});
  const nullable = variants.some((variant) => variant.type === 'null');
  const values = variants.filter((variant) => variant.type !== 'null');
  const base: FieldSpec = { name, kind: 'other', required, nullable, description: schema.description };
  if (values.length > 0 && values.every((variant) => variant.const !== undefined || Array.isArray(variant.enum))) {
    return { ...base, kind: 'enum', options: values.flatMap((variant) => (variant.const !== undefined ? [variant.const] : (variant.enum ?? [])).map(String)) };
  }
  const value = values[0] ?? {};
  const dictionary = schema['x-dictionary'] ?? value['x-dictionary'];
  if (dictionary !== undefined && value.type === 'string') return { ...base, kind: 'dictionary', dictionary };
  const bounds = { minLength: value.minLength, maxLength: value.maxLength, minimum: value.minimum, maximum: value.maximum };
  switch (value.type) {
    case 'string':
      if (value.format === 'date-time') return { ...base, ...bounds, kind: 'datetime' };
      if (/password/i.test(name)) return { ...base, ...bounds, kind: 'password' };
      return { ...base, ...bounds, kind: (value.maxLength ?? 0) > TEXT_AREA_FROM ? 'text' : 'string' };
    case 'integer':
    case 'number':
      return { ...base, ...bounds, kind: value.type };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'array':
      return { ...base, kind: resolve(value.items, components)?.type === 'string' ? 'tags' : 'other' };
    default:
      return base;
  }
}
