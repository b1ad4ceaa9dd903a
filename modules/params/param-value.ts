import type { ParamDefinition } from './api';

/** Whether a stored string fits a definition, and the typed value when it does. */
export type Fit<T> = { ok: true; value: T } | { ok: false; rule: string; message: string };

const INTEGER = /^-?\d+$/;
/** `<module>.<name>`: the module id, then dot-separated names of letters and digits. */
const BUILTIN_KEY = /^[a-z][a-z0-9-]*(?:\.[A-Za-z0-9]+)+$/;
export const KEY_MAX_LENGTH = 100;
export const NAME_MAX_LENGTH = 100;
export const VALUE_MAX_LENGTH = 2000;
export const REMARK_MAX_LENGTH = 500;

/** Reads `raw` as the definition's type and checks its range and pattern. */
export function parseValue<T>(definition: ParamDefinition<T>, raw: string): Fit<T> {
  switch (definition.type) {
    case 'integer': {
      const value = Number(raw);
      if (!INTEGER.test(raw) || !Number.isSafeInteger(value)) return refuse('integer', 'must be a whole number written in digits, e.g. "5"');
      if (definition.min !== undefined && value < definition.min) return refuse('minimum', `must be at least ${definition.min}`);
      if (definition.max !== undefined && value > definition.max) return refuse('maximum', `must be at most ${definition.max}`);
      return { ok: true, value: value as T };
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') return refuse('boolean', 'must be "true" or "false"');
      return { ok: true, value: (raw === 'true') as T };
    case 'string': {
      const length = [...raw].length;
      if (definition.min !== undefined && length < definition.min) return refuse('minLength', `must be at least ${definition.min} characters`);
      if (definition.max !== undefined && length > definition.max) return refuse('maxLength', `must be at most ${definition.max} characters`);
      if (definition.pattern !== undefined && !wholeMatch(definition.pattern).test(raw)) return refuse('pattern', `must match ${definition.pattern}`);
      return { ok: true, value: raw as T };
    }
  }
}

/** How a value of the definition's type is stored. */
export function formatValue(value: unknown): string {
  return String(value);
}

/** What is wrong with a definition a module declared (nothing, when it can be synced). */
export function definitionProblems(definition: ParamDefinition<unknown>): string[] {
  const { key, name, type } = definition;
  const problems: string[] = [];
  if (typeof key !== 'string' || key.length > KEY_MAX_LENGTH || !BUILTIN_KEY.test(key)) {
    problems.push(`key ${JSON.stringify(key)} must look like "<module>.<name>" (letters, digits and dots, at most ${KEY_MAX_LENGTH} characters)`);
  }
  if (typeof name !== 'string' || name.trim() === '' || name.length > NAME_MAX_LENGTH) problems.push(`name must be 1 to ${NAME_MAX_LENGTH} characters`);
  if (definition.description !== undefined && definition.description.length > REMARK_MAX_LENGTH)
    problems.push(`description must be at most ${REMARK_MAX_LENGTH} characters`);
  if (type !== 'integer' && type !== 'string' && type !== 'boolean') return [...problems, `type ${JSON.stringify(type)} must be integer, string or boolean`];
  if (definition.min !== undefined && definition.max !== undefined && definition.min > definition.max)
    problems.push(`min ${definition.min} is above max ${definition.max}`);
  if (definition.pattern !== undefined) {
    try {
      wholeMatch(definition.pattern);
    } catch {
      return [...problems, `pattern ${JSON.stringify(definition.pattern)} is not a regular expression`];
    }
  }
  const stored = formatValue(definition.default);
  const fit = typeof definition.default === expectedJsType[type] ? parseValue(definition, stored) : refuse('type', `must be a ${type}`);
  if (!fit.ok) problems.push(`default ${JSON.stringify(definition.default)} does not fit: it ${fit.message}`);
  if (stored.length > VALUE_MAX_LENGTH) problems.push(`default is longer than ${VALUE_MAX_LENGTH} characters`);
  return problems;
}

const expectedJsType = { integer: 'number', string: 'string', boolean: 'boolean' } as const;

function wholeMatch(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'u');
}

function refuse(rule: string, message: string): { ok: false; rule: string; message: string } {
  return { ok: false, rule, message };
}
