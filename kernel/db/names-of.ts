import type { EntityManager, EntityName } from '@mikro-orm/postgresql';
import { UNSCOPED } from '../auth/row-scope';
import { isUuid } from './ids';

/**
 * The names of the rows of `entity` among `ids` (id → name; an id naming no row is left out),
 * whatever the caller's data scope and off the identity map, as missingIds reads: what a module
 * answers another that shows references it stores (a user's department, roles and posts in an
 * export) by what a person reads.
 */
export async function namesOf<T extends { id: string; name: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const wellFormed = [...new Set(ids)].filter((id) => isUuid(id));
  if (wellFormed.length === 0) return new Map();
  const rows = await em.find(entity, { id: { $in: wellFormed } } as never, { ...UNSCOPED, fields: ['id', 'name'] as never, disableIdentityMap: true });
  return new Map(rows.map((row) => [row.id, row.name]));
}
