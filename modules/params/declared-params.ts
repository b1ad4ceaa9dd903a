import type { ModuleContext } from '@atrium/kernel';
import { BuiltinParamsSpi, type ParamDefinition } from './api';
import { definitionProblems } from './param-value';

/** The built-in params the enabled modules declare through `params.builtin`. */
export interface DeclaredParams {
  /** The well-formed definitions, by `normalKey`. */
  byKey: Map<string, ParamDefinition<unknown>>;
  /** One line per definition that cannot be used, naming its key. */
  problems: string[];
}

/** Keys are one key whatever their case (the unique index is on `lower(key)`). */
export function normalKey(key: string): string {
  return key.toLowerCase();
}

export function declaredParams(ctx: ModuleContext): DeclaredParams {
  const byKey = new Map<string, ParamDefinition<unknown>>();
  const problems: string[] = [];
  for (const { definitions } of ctx.contributions(BuiltinParamsSpi)) {
    for (const definition of definitions) {
      const wrong = definitionProblems(definition);
      if (wrong.length > 0) {
        problems.push(`built-in param ${JSON.stringify(definition.key)}: ${wrong.join('; ')}`);
        continue;
      }
      const key = normalKey(definition.key);
      if (byKey.has(key)) {
        problems.push(`built-in param ${JSON.stringify(definition.key)} is declared twice`);
        continue;
      }
      byKey.set(key, definition);
    }
  }
  return { byKey, problems };
}
