/**
 * Table and column names MikroORM 6.6.16 cannot map safely, though PostgreSQL allows them.
 * A generated entity gives MikroORM each name as it is (`tableName`, `fieldName`), and MikroORM
 * does not quote every use of it:
 * - its result mapper is JavaScript compiled from the column names, each written as `['<name>']`
 *   unescaped (or bare when the name looks like `[…]`): a quote, a backslash or a line break
 *   breaks the mapper, and a crafted name runs as code;
 * - it splits a name at its first `.` into schema and table (or alias and column);
 * - it inlines parameters at every `?` of a statement, names included;
 * - knex reads ` as ` as an alias, trims surrounding spaces and leaves `*` unquoted.
 * Templates refuse such names; the generator should refuse such a table before a plan exists.
 */
const RULES: readonly { test: RegExp; reason: string }[] = [
  { test: /['\\\n\r]/, reason: 'holds a quote, a backslash or a line break' },
  { test: /^\[.*\]$/, reason: 'is enclosed in square brackets' },
  { test: /[.?]/, reason: 'holds a "." or a "?"' },
  { test: /\sas\s/i, reason: 'holds " as "' },
  { test: /^\s|\s$/, reason: 'starts or ends with a space' },
  { test: /^\*$/, reason: 'is "*"' },
];

/** Why MikroORM cannot map a table or column of this name, or undefined when it can. */
export function unmappableNameReason(name: string): string | undefined {
  return RULES.find((rule) => rule.test.test(name))?.reason;
}
