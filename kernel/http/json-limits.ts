/**
 * How deep and how wide a JSON request body may be. The byte limit alone does not bound the work:
 * 1 MB of `[[[[…` is half a million levels, and every recursive walker after the parser (schema
 * validation, the ORM's JSON columns, a task payload's SQL) overflows the stack on it; 1 MB of
 * `[0,0,0,…` is half a million values for a validator to visit. No body the API declares comes
 * near either limit: the deepest (a department or menu tree sent whole) is a dozen levels, the
 * widest (a generator configuration of a few hundred columns, a dozen settings each) a few
 * thousand keys.
 */
export const JSON_LIMITS = { maxDepth: 64, maxEntries: 10_000 } as const;

export interface JsonLimitProblem {
  rule: 'maxDepth' | 'maxEntries';
  message: string;
}

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Scans the raw text before anything parses it, in one pass without recursion, stopping at the
 * first limit crossed. Entries are an object's keys and an array's elements, counted over the
 * whole document. Malformed JSON is not this scan's business: the parser refuses it next. Works
 * on the UTF-8 bytes, where every structural character is one byte that no multi-byte sequence
 * contains.
 */
export function jsonLimitProblem(text: Buffer, limits: { maxDepth: number; maxEntries: number } = JSON_LIMITS): JsonLimitProblem | undefined {
  // One entry per level: whether it is an array, and whether that array has no element yet.
  const arrays: boolean[] = [];
  let awaitingFirstElement = false;
  let entries = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (WHITESPACE.has(byte)) continue;
    if (awaitingFirstElement && byte !== CLOSE_ARRAY) entries++;
    awaitingFirstElement = false;
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      arrays.push(byte === OPEN_ARRAY);
      if (arrays.length > limits.maxDepth) return { rule: 'maxDepth', message: `nests objects and arrays deeper than ${limits.maxDepth} levels` };
      awaitingFirstElement = byte === OPEN_ARRAY;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) arrays.pop();
    else if (byte === COLON || (byte === COMMA && arrays[arrays.length - 1] === true)) entries++;
    if (entries > limits.maxEntries) return { rule: 'maxEntries', message: `has more than ${limits.maxEntries} keys and array elements in all` };
  }
  return undefined;
}
