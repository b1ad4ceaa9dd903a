import type { FilterQuery } from '@mikro-orm/core';
import type { BuiltStatement } from './built-statements';
import { rowsAfter, type OrderKey } from './rows-after';

/** A value no row holds, standing for a key's value in the statement built once. */
const marker = (property: string) => `\u0000after:${property}`;

/**
 * The statements of a read in batches by keyset (rows-after.ts), each built once: the first
 * batch's, and the one every later batch runs with the last row's keys as its values. Building a
 * statement through the query builder (filters, data scope, SQL) cost more than PostgreSQL spends
 * running a batch of it (bench/export.bench.ts). The later batches' statement is built with a
 * marker for each key's value, whose places among its parameters take the last row's values.
 * After a null in a nullable key the condition has another shape: that statement is built as it
 * comes, as is every one should the query builder have turned a marker into something else.
 */
export function keysetStatements(
  keys: readonly OrderKey[],
  build: (after: FilterQuery<object> | undefined) => Promise<BuiltStatement>,
): (last?: Readonly<Record<string, unknown>>) => Promise<BuiltStatement> {
  let first: Promise<BuiltStatement> | undefined;
  let later: Promise<{ statement: BuiltStatement; slots: Array<[number, string]> } | undefined> | undefined;
  return async (last) => {
    if (!last) return (first ??= build(undefined));
    if (keys.some((key) => key.nullable && (last[key.property] ?? null) === null)) return build(rowsAfter(keys, last));
    later ??= withSlots(keys, build);
    const built = await later;
    if (!built) return build(rowsAfter(keys, last));
    const params = [...built.statement.params];
    for (const [index, property] of built.slots) params[index] = last[property];
    return { sql: built.statement.sql, params };
  };
}

async function withSlots(keys: readonly OrderKey[], build: (after: FilterQuery<object>) => Promise<BuiltStatement>) {
  const statement = await build(rowsAfter(keys, Object.fromEntries(keys.map((key) => [key.property, marker(key.property)]))));
  const slots: Array<[number, string]> = [];
  statement.params.forEach((param, index) => {
    const key = keys.find((k) => param === marker(k.property));
    if (key) slots.push([index, key.property]);
  });
  const placed = keys.every((key) => slots.some(([, property]) => property === key.property));
  return placed ? { statement, slots } : undefined;
}
