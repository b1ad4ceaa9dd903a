import { AppError, DEFAULT_TENANT_ID, type EntityManager, type ModuleContext, type Row } from '@atrium/kernel';
import { isDeclaredValue } from './declared-dictionaries';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { DictionaryErrors } from './errors';

/**
 * What operators may not do to a built-in dictionary, so that the sync never has to undo an
 * operator's change nor an operator the sync's: the platform's is never deleted, its code and
 * names stay the declaring module's, and the values that module stores stay in it (an item is
 * disabled, not removed or given another value, or the next sync would create it again).
 * Everything else — labels, order, status, default, remark, items of one's own — is theirs.
 */
export function refuseBuiltinTypeChange(type: Row, change: Record<string, unknown>): void {
  if (!type.builtin) return;
  if (change.code !== undefined && change.code !== type.code) throw builtin('code', '/body/code', `${type.code} is built in: its code cannot change`);
  if (change.name !== undefined && change.name !== type.name) throw builtin('name', '/body/name', `${type.code} is built in: its name comes from its module`);
  if (change.names !== undefined && !sameTexts(change.names, type.names))
    throw builtin('name', '/body/names', `${type.code} is built in: its names come from its module`);
}

export function refuseBuiltinTypeDelete(type: Row): void {
  if (type.builtin && type.tenantId === DEFAULT_TENANT_ID) throw builtin('delete', '/params/id', `${type.code} is built in: it cannot be deleted`);
}

/** An item of a built-in dictionary holding a value its module declares keeps that value. */
export async function refuseDeclaredValueChange(item: Row, change: Record<string, unknown>, em: EntityManager, ctx: ModuleContext): Promise<void> {
  if (change.value === undefined || change.value === item.value) return;
  const code = await declaringCode(item, em, ctx);
  if (code) throw builtin('value', '/body/value', `${item.value} is a value module code stores in ${code}: disable the item instead`);
}

/** An item of a built-in dictionary holding a value its module declares is not deleted. */
export async function refuseDeclaredValueDelete(item: Row, em: EntityManager, ctx: ModuleContext): Promise<void> {
  const code = await declaringCode(item, em, ctx);
  if (code) throw builtin('delete', '/params/id', `${item.value} is a value module code stores in ${code}: disable the item instead`);
}

/** The code of the item's dictionary when it is a platform built-in declaring the item's value. */
async function declaringCode(item: Row, em: EntityManager, ctx: ModuleContext): Promise<string | null> {
  if (item.tenantId !== DEFAULT_TENANT_ID) return null;
  const type = await em.findOne(DictionaryTypeEntity, { id: item.typeId as string }, { fields: ['code', 'builtin'], disableIdentityMap: true });
  return type?.builtin && isDeclaredValue(ctx, type.code, item.value as string) ? type.code : null;
}

function sameTexts(a: unknown, b: unknown): boolean {
  const x = (a ?? {}) as Record<string, string>;
  const y = (b ?? {}) as Record<string, string>;
  return Object.keys({ ...x, ...y }).every((language) => x[language] === y[language]);
}

function builtin(rule: string, field: string, message: string): AppError {
  return new AppError(DictionaryErrors.SYSTEM_DICT_BUILTIN_409, { details: [{ field, rule, message }] });
}
