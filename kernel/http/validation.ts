import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { AppError, type ErrorDetail } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';

export type RequestPart = 'params' | 'query' | 'body';

function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true, coerceTypes: coerce ? 'array' : false });
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

/** Compiles a request-part validator that returns the (coerced) value or throws a 400. */
export function compileValidator(part: RequestPart, schema: TSchema): Validator {
  const validate: ValidateFunction = (part === 'body' ? exact : coercing).compile(closeObjects(schema) as object);
  return (value) => {
    if (validate(value)) return value;
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: (validate.errors ?? []).map((e) => detail(part, e)) });
  };
}

/** A property name as a JSON pointer segment (RFC 6901). */
function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function detail(part: RequestPart, error: ErrorObject): ErrorDetail {
  let field = `/${part}${error.instancePath}`;
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
