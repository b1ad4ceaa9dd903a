/**
 * Names derived from database identifiers, which may hold any text: only ASCII letters and
 * digits survive, so what comes out always fits the identifier patterns of generation-plan.ts.
 */

/** `order_items`, `Order Items`, `orderItems` → `['order', 'items']`. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `order_items` → `OrderItems`; a name starting with a digit gets `fallback` in front. */
export function pascalCase(text: string, fallback: string): string {
  const name = words(text).map(capitalise).join('');
  return /^[A-Za-z]/.test(name) ? name : fallback + name;
}

/** `order_item_id` → `orderItemId`; a name starting with a digit gets `fallback` in front. */
export function camelCase(text: string, fallback: string): string {
  const [first = '', ...rest] = words(text);
  const name = first + rest.map(capitalise).join('');
  return /^[a-z]/.test(name) ? name : fallback + capitalise(name);
}

/** `order_items` → `order-items`, always starting with a letter. */
export function kebabCase(text: string, fallback: string): string {
  const name = words(text).join('-');
  return /^[a-z]/.test(name) ? name : name ? `${fallback}-${name}` : fallback;
}

/** `order_items` → `Order items`. */
export function sentenceCase(text: string): string {
  const all = words(text);
  return all.length === 0 ? text : capitalise(all.join(' '));
}

/** The first line of a comment, trimmed and cut to `max` characters; null when empty. */
export function firstLine(comment: string | null, max: number): string | null {
  const line = (comment ?? '').split(/\r?\n|\r|\u2028|\u2029/)[0].trim();
  return line ? [...line].slice(0, max).join('') : null;
}

/**
 * English plural to singular, for the regular cases table names use (`books`, `categories`,
 * `addresses`); anything else is left as it is: a proposal the administrator may edit.
 */
export function singular(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}
