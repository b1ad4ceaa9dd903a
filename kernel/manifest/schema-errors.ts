/**
 * Turns ajv's errors into manifest problems an operator can act on: each names the JSON pointer
 * of the value at fault and the keyword it broke, in a short sentence.
 */
import type { ErrorObject } from 'ajv';
import { pointerSegment, type ManifestProblem } from './manifest-problem';

export function toProblems(errors: readonly ErrorObject[]): ManifestProblem[] {
  return collapseOneOf(errors).map(toProblem);
}

/**
 * ajv reports every failing `oneOf` branch, so a `generation` object with a missing field would
 * also be told it "must be null". The branches of our `oneOf`s differ by type, so the branch the
 * author meant is the one whose type the value has: keep only its errors. When the value has none
 * of the branch types, one `type` error listing them says all there is to say.
 */
function collapseOneOf(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<number>();
  const replaced = new Map<number, ErrorObject>();
  errors.forEach((error, index) => {
    if (error.keyword !== 'oneOf') return;
    const at = error.instancePath;
    const branchErrors: number[] = [];
    for (let i = 0; i < index; i++) {
      const e = errors[i];
      if (!dropped.has(i) && (e.instancePath === at || e.instancePath.startsWith(`${at}/`))) branchErrors.push(i);
    }
    // More than one branch passed (params.passingSchemas is set): nothing to collapse.
    if (branchErrors.length === 0) return;
    const typeMismatches = branchErrors.filter((i) => errors[i].keyword === 'type' && errors[i].instancePath === at);
    const matchedBranch = typeMismatches.length < branchErrors.length;
    typeMismatches.forEach((i) => dropped.add(i));
    if (matchedBranch) {
      dropped.add(index);
    } else {
      const types = typeMismatches.flatMap((i) => typeList(errors[i].params.type));
      replaced.set(index, { ...error, keyword: 'type', params: { type: types } });
    }
  });
  return errors.flatMap((error, i) => (dropped.has(i) ? [] : [replaced.get(i) ?? error]));
}

function toProblem(error: ErrorObject): ManifestProblem {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const problem = (message: string, pointer = at): ManifestProblem => ({ pointer, rule: error.keyword, message });
  switch (error.keyword) {
    case 'required':
      return problem('is required', `${at}/${pointerSegment(String(params.missingProperty))}`);
    case 'additionalProperties':
      return problem('is not an allowed property', `${at}/${pointerSegment(String(params.additionalProperty))}`);
    case 'uniqueItems': {
      // ajv names the pair in either order depending on the item type; the later one is the copy.
      const [first, copy] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      return problem(`duplicates ${at}/${first}`, `${at}/${copy}`);
    }
    case 'const':
      return problem(`must equal ${JSON.stringify(params.allowedValue)}`);
    case 'enum':
      return problem(`must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`);
    case 'pattern':
      return problem(`must match ${String(params.pattern)}`);
    case 'maxLength':
      return problem(`must be at most ${String(params.limit)} characters`);
    case 'minLength':
      return problem(params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`);
    case 'type':
      return problem(`must be ${typeList(params.type).join(' or ')}`);
    default:
      return problem(error.message ?? 'is invalid');
  }
}

/** ajv gives a `type` error's types as a string, a comma-separated string or an array. */
function typeList(type: unknown): string[] {
  return Array.isArray(type) ? type.map(String) : String(type).split(',');
}
