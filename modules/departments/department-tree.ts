import { UNSCOPED, isUuid, missingIds, type ModuleContext } from '@atrium/kernel';
import type { DepartmentTree } from './api';
import { departments } from './department.resource';
import { DepartmentEntity } from './department.entity';

/** `departments.DepartmentTree`: existence and descendants, never narrowed by data scope. */
export class DepartmentTreeReader implements DepartmentTree {
  constructor(private readonly ctx: ModuleContext) {}

  async exists(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.ctx.db.em().count(DepartmentEntity, { id }, UNSCOPED)) > 0;
  }

  missing(ids: readonly string[]): Promise<string[]> {
    return missingIds(this.ctx.db.em(), DepartmentEntity, ids);
  }

  withDescendants(id: string): Promise<string[]> {
    return departments.service(this.ctx).withDescendants(id);
  }
}
