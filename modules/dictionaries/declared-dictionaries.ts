import { AppError, compileValueValidator, type ModuleContext } from '@atrium/kernel';
import { BuiltinDictionariesSpi, type BuiltinDictionary } from './api';
import { BuiltinDictionarySchema } from './dictionary.schemas';

/** The built-in dictionaries the enabled modules declare through `dictionaries.builtin`. */
export interface DeclaredDictionaries {
  /** The well-formed declarations, by `normalCode`. */
  byCode: Map<string, BuiltinDictionary>;
  /** One line per declaration that cannot be used, naming its code and module. */
  problems: string[];
}

/** Codes are one code whatever their case (the unique index is on `lower(code)`). */
export function normalCode(code: string): string {
  return code.toLowerCase();
}

const validate = compileValueValidator(BuiltinDictionarySchema, '');

export function declaredDictionaries(ctx: ModuleContext): DeclaredDictionaries {
  const byCode = new Map<string, BuiltinDictionary>();
  const problems: string[] = [];
  for (const { manifest, contribution } of ctx.contributors(BuiltinDictionariesSpi)) {
    for (const dictionary of contribution.dictionaries) {
      const name = `built-in dictionary ${JSON.stringify(dictionary.code)} of module "${manifest.id}"`;
      const wrong = problemsOf(dictionary);
      if (wrong.length > 0) {
        problems.push(`${name}: ${wrong.join('; ')}`);
        continue;
      }
      const code = normalCode(dictionary.code);
      if (byCode.has(code)) {
        problems.push(`${name} is declared twice`);
        continue;
      }
      byCode.set(code, dictionary);
    }
  }
  return { byCode, problems };
}

/** What is wrong with a declaration: its schema's complaints, then values given twice. */
function problemsOf(dictionary: BuiltinDictionary): string[] {
  try {
    validate(dictionary);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.details.map((detail) => `${detail.field || '/'} ${detail.message}`);
  }
  const values = dictionary.items.map((item) => item.value);
  return values.filter((value, index) => values.indexOf(value) !== index).map((value) => `/items: value ${JSON.stringify(value)} is declared twice`);
}

/** Whether `value` is one the module declaring dictionary `code` stores. */
export function isDeclaredValue(ctx: ModuleContext, code: string, value: string): boolean {
  return (
    declaredDictionaries(ctx)
      .byCode.get(normalCode(code))
      ?.items.some((item) => item.value === value) ?? false
  );
}
