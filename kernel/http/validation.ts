import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { AppError, type ErrorDetail } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';

export type RequestPart = 'params' | 'query' | 'body';

function createAjv(coerce: boolean): Ajv2020 {
  // verbose: an error carries its schema, so a failed union of constants can list them.
  // validateSchema off: checking each route's schema against the draft 2020-12 meta-schema cost
  // every boot some 80 ms; a keyword given a value of the wrong type still fails the compile.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, useDefaults: true, coerceTypes: coerce ? 'array' : false, validateSchema: false });
  addFormats(ajv);
  return ajv;
}

// Params and query arrive as strings and are coerced; a JSON body is taken as it was sent.
const coercing = createAjv(true);
const exact = createAjv(false);

/**
 * Closes every object schema that does not say otherwise, so a property the route did not
 * declare is refused rather than silently passed on (`roleIds` slipped into a profile update).
 */
export function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closeObjects(value);
  if (copy.type === 'object' && copy.properties !== undefined && copy.additionalProperties === undefined && copy.patternProperties === undefined) {
    copy.additionalProperties = false;
  }
  return copy;
}

export type Validator = (value: unknown) => unknown;

/**
 * A request-part validator that returns the (coerced) value or throws a 400. Its schema is
 * compiled on the route's first request, not when the route table is built: compiling every
 * route's schemas up front was most of a second of each boot, and kept generated code in memory
 * for routes that may never be called.
 */
export function compileValidator(part: RequestPart, schema: TSchema): Validator {
  let validate: Validator | undefined;
  return (value) => (validate ??= compile(part === 'body' ? exact : coercing, schema, `/${part}`))(value);
}

/**
 * Compiles a validator for a value found inside a request (a task's payload, checked against
 * the schema its handler declares): the same closed objects, the same 400 and details, each
 * field a JSON pointer under `pointer` (`/body/payload`).
 */
export function compileValueValidator(schema: TSchema, pointer: string): Validator {
  return compile(exact, schema, pointer);
}

function compile(ajv: Ajv2020, schema: TSchema, pointer: string): Validator {
  const validate: ValidateFunction = ajv.compile(closeObjects(schema) as object);
  return (value) => {
    if (!validate(value)) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: details(pointer, validate.errors ?? []) });
    const nul = nulPointer(value, pointer);
    if (nul !== undefined) {
      throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
        details: [{ field: nul, rule: 'nul', message: 'must not contain the NUL character (U+0000), which the database cannot store' }],
      });
    }
    return value;
  };
}

/**
 * Where in a value a string (or a property name) holds U+0000, if anywhere. PostgreSQL's text
 * and jsonb cannot hold it, so such input would fail at the database as a 500 — or later, in an
 * audit batch — instead of being refused as what it is.
 */
function nulPointer(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const where = `${at}/${pointerSegment(key)}`;
    if (key.includes('\u0000')) return where;
    const found = nulPointer(item, where);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A property name as a JSON pointer segment (RFC 6901). */
function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The allowed values of a union whose every branch is a constant (TypeBox's enums), or undefined. */
function constants(error: ErrorObject): unknown[] | undefined {
  if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') return undefined;
  const branches = error.schema as { const?: unknown }[] | undefined;
  if (!Array.isArray(branches) || !branches.every((b) => typeof b === 'object' && b !== null && 'const' in b)) return undefined;
  return branches.map((b) => b.const);
}

/**
 * One detail per problem. A value outside a union of constants fails every branch; those
 * branch errors ("must be equal to constant", once per branch) say less than the one detail
 * listing what is allowed, so they are folded into it.
 */
function details(pointer: string, errors: readonly ErrorObject[]): ErrorDetail[] {
  const enums = errors.filter((e) => constants(e) !== undefined);
  return errors
    .filter((e) => !enums.some((u) => e.instancePath === u.instancePath && e.schemaPath.startsWith(`${u.schemaPath}/`)))
    .map((e) => detail(pointer, e));
}

function detail(pointer: string, error: ErrorObject): ErrorDetail {
  const allowed = constants(error);
  if (allowed !== undefined) {
    return { field: `${pointer}${error.instancePath}`, rule: 'enum', message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` };
  }
  let field = `${pointer}${error.instancePath}`;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'required') {
    field += `/${pointerSegment((error.params as { missingProperty: string }).missingProperty)}`;
    message = 'is required';
  } else if (error.keyword === 'additionalProperties') {
    field += `/${pointerSegment((error.params as { additionalProperty: string }).additionalProperty)}`;
    message = 'is not an accepted property';
  }
  return { field, rule: error.keyword, message };
}
