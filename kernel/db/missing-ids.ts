import { isUuid } from './ids';
import type { EntityManager, EntityName } from '@mikro-orm/postgresql';
import { UNSCOPED } from '../auth/row-scope';

/**
 * The ids among `ids` that name no row of `entity`, each once, whatever the caller's data scope:
 * what a module answers another that checks references it is about to store (a user's `postIds`).
 * Off the identity map, so a row read here unscoped never answers a later scoped read of the same
 * request from memory. An id that is not a UUID names no row.
 */
export async function missingIds<T extends { id: string }>(em: EntityManager, entity: EntityName<T>, ids: readonly string[]): Promise<string[]> {
  const asked = [...new Set(ids)];
  const wellFormed = asked.filter((id) => isUuid(id));
  const found = new Set<string>();
  if (wellFormed.length > 0) {
    const rows = await em.find(entity, { id: { $in: wellFormed } } as never, { ...UNSCOPED, fields: ['id'] as never, disableIdentityMap: true });
    for (const row of rows) found.add(row.id.toLowerCase());
  }
  return asked.filter((id) => !found.has(id.toLowerCase()));
}
