import type { GenerationPlan } from '../generation-plan';

/** Every name a generated module uses, derived once from the plan's `className`. */
export interface Names {
  /** `LibraryBook`: the class name with a capital first letter, the prefix of exported names. */
  type: string;
  /** `library-book`: the base of the file names. */
  base: string;
  /** `library book`: the resource in messages and the audit log. */
  words: string;
  /** `library books`. */
  many: string;
  /** `a library book`, `an order`. */
  one: string;
  /** `SYSTEM_LIBRARY_BOOK_DUPLICATED_409`. */
  duplicatedError: string;
  /** `SYSTEM_LIBRARY_BOOK_IN_USE_409`. */
  inUseError: string;
  entity: string;
  errors: string;
  /** `libraryBooks`: the declared resource. */
  resource: string;
}

export function namesOf(plan: GenerationPlan): Names {
  const parts = wordsOf(plan.className);
  const type = capitalised(plan.className);
  const many = [...parts.slice(0, -1), pluralOf(parts[parts.length - 1])];
  return {
    type,
    base: parts.join('-'),
    words: parts.join(' '),
    many: many.join(' '),
    one: withArticle(parts.join(' ')),
    duplicatedError: `SYSTEM_${parts.join('_').toUpperCase()}_DUPLICATED_409`,
    inUseError: `SYSTEM_${parts.join('_').toUpperCase()}_IN_USE_409`,
    entity: `${type}Entity`,
    errors: `${type}Errors`,
    resource: many.map((word, i) => (i === 0 ? word : capitalised(word))).join(''),
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
