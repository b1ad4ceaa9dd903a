import type { EntityManager } from '@mikro-orm/postgresql';
import { UNSCOPED, type DbCapability } from '@atrium/kernel';
import type { DepartmentTree } from './api';
import { DepartmentEntity } from './department.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A department and every department below it, nearest first, in one query. The CYCLE clause
 * only guards the walk itself: moves refuse cycles, so none should ever be found.
 */
const WITH_DESCENDANTS = `
  with recursive tree (id, depth) as (
    select id, 0 from departments_department where id = ?
    union all
    select d.id, t.depth + 1 from departments_department d join tree t on d.parent_id = t.id
  ) cycle id set looped using path
  select id from tree where not looped order by depth, id`;

/** `departments.DepartmentTree`: existence and descendants, never narrowed by data scope. */
export class DepartmentTreeReader implements DepartmentTree {
  constructor(private readonly db: DbCapability) {}

  async exists(id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return (await this.db.em().count(DepartmentEntity, { id }, UNSCOPED)) > 0;
  }

  async missing(ids: readonly string[]): Promise<string[]> {
    const asked = [...new Set(ids)];
    const wellFormed = asked.filter((id) => UUID.test(id));
    const found = new Set<string>();
    if (wellFormed.length > 0) {
      // Off the identity map: a department loaded here unscoped must not answer a later scoped
      // read of the same request from memory.
      const rows = await this.db.em().find(DepartmentEntity, { id: { $in: wellFormed } }, { ...UNSCOPED, fields: ['id'], disableIdentityMap: true });
      for (const row of rows) found.add(row.id.toLowerCase());
    }
    return asked.filter((id) => !found.has(id.toLowerCase()));
  }

  withDescendants(id: string): Promise<string[]> {
    return withDescendants(this.db.em(), id);
  }
}

/** Raw SQL, so no filter applies; `em` may be a transaction's. */
export async function withDescendants(em: EntityManager, id: string): Promise<string[]> {
  if (!UUID.test(id)) return [];
  const rows = await em.execute<{ id: string }[]>(WITH_DESCENDANTS, [id]);
  return rows.map((row) => row.id);
}
