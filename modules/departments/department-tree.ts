import { UNSCOPED, type ModuleContext } from '@atrium/kernel';
import type { DepartmentTree } from './api';
import { departments } from './department.resource';
import { DepartmentEntity } from './department.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `departments.DepartmentTree`: existence and descendants, never narrowed by data scope. */
export class DepartmentTreeReader implements DepartmentTree {
  constructor(private readonly ctx: ModuleContext) {}

  async exists(id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return (await this.ctx.db.em().count(DepartmentEntity, { id }, UNSCOPED)) > 0;
  }

  async missing(ids: readonly string[]): Promise<string[]> {
    const asked = [...new Set(ids)];
    const wellFormed = asked.filter((id) => UUID.test(id));
    const found = new Set<string>();
    if (wellFormed.length > 0) {
      // Off the identity map: a department loaded here unscoped must not answer a later scoped
      // read of the same request from memory.
      const rows = await this.ctx.db.em().find(DepartmentEntity, { id: { $in: wellFormed } }, { ...UNSCOPED, fields: ['id'], disableIdentityMap: true });
      for (const row of rows) found.add(row.id.toLowerCase());
    }
    return asked.filter((id) => !found.has(id.toLowerCase()));
  }

  withDescendants(id: string): Promise<string[]> {
    return departments.service(this.ctx).withDescendants(id);
  }
}
