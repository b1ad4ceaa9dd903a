import type { GenerationPlan } from '../generation-plan';

/** Every name a generated module uses, derived once from the plan's `className`. */
export interface Names {
  /** `LibraryBook`: the class name with a capital first letter, the prefix of exported names. */
  type: string;
  /** `library-book`: the base of the file names, and the resource the audit log names. */
  base: string;
  /** `library book`: the resource in messages. */
  words: string;
  /** `a library book`, `an order`. */
  one: string;
  /** `SYSTEM_LIBRARY_BOOK_DUPLICATED_409`. */
  duplicatedError: string;
  /** `SYSTEM_LIBRARY_BOOK_IN_USE_409`. */
  inUseError: string;
  entity: string;
  service: string;
  view: string;
  errors: string;
  /** The exported routes, in the order the module lists them. */
  routes: { list: string; get: string; create: string; update: string; delete: string };
}

export function namesOf(plan: GenerationPlan): Names {
  const parts = wordsOf(plan.className);
  const type = capitalised(plan.className);
  const last = parts[parts.length - 1];
  const plural = type.slice(0, -last.length) + capitalised(pluralOf(last));
  return {
    type,
    base: parts.join('-'),
    words: parts.join(' '),
    one: withArticle(parts.join(' ')),
    duplicatedError: `SYSTEM_${parts.join('_').toUpperCase()}_DUPLICATED_409`,
    inUseError: `SYSTEM_${parts.join('_').toUpperCase()}_IN_USE_409`,
    entity: `${type}Entity`,
    service: `${type}Service`,
    view: `${type}View`,
    errors: `${type}Errors`,
    routes: { list: `list${plural}`, get: `get${type}`, create: `create${type}`, update: `update${type}`, delete: `delete${type}` },
  };
}

/** `LibraryBook` → library, book; `HTTPServer2` → http, server2: lower-case words. */
function wordsOf(className: string): string[] {
  return (className.match(/[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+/g) ?? [className]).map((w) => w.toLowerCase());
}

/** English plurals of the regular kinds (box → boxes, city → cities, book → books). */
function pluralOf(word: string): string {
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** `a book`, `an order`, `an OddThing`: by the first letter, which is right often enough. */
export function withArticle(words: string): string {
  return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
}

export function capitalised(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}
