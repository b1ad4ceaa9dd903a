/**
 * Untrusted text (labels, comments, names from the database) written into generated files, one
 * helper per target language. Each keeps the text's meaning and makes it inert where it lands.
 * Generated code never puts such text in a comment: it goes into string literals (a schema's
 * `description`), where these escapes hold whatever the text is.
 */

/**
 * Characters written as `\uXXXX` in a TypeScript string literal: controls and line terminators
 * (which would end the literal or the line), bidirectional controls (which can make code read
 * differently from how it runs), `@` (swagger-jsdoc, reading a module's `@openapi` comments,
 * looks for it in the whole file), a backtick, and lone surrogates (not writable as UTF-8).
 */
const LITERAL_UNSAFE =
  /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069@`]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * A single-quoted TypeScript string literal of `text`. Besides the characters above, `${`, `/*`
 * and `*\/` are broken up, so the literal stays inert even if an author moves it into a
 * template literal or a comment.
 */
export function tsString(text: string): string {
  const escaped = text
    .replace(/[\\']/g, (c) => `\\${c}`)
    .replace(LITERAL_UNSAFE, unicodeEscape)
    .replace(/\$\{/g, '\\u0024{')
    .replace(/\/\*/g, '/\\u002a')
    .replace(/\*\//g, '*\\u002f');
  return `'${escaped}'`;
}

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A JSON file (the manifest): two-space indented, ending with a newline. */
export function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Markdown characters that could start emphasis, code, links, HTML, entities, tables or
 * strike-through; each is backslash-escaped, which CommonMark allows for any ASCII punctuation.
 */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]<>()#+!|~&]/g;

/**
 * Text for a Markdown paragraph or table cell: its special characters escaped, and every line
 * break or control character made a space, so it can neither start a block nor leave its cell.
 */
export function markdownText(text: string): string {
  return text.replace(/\r\n|[\p{Cc}\u2028\u2029]/gu, ' ').replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
}
