import { UNSCOPED, isUuid, missingIds, namesOf, type ModuleContext } from '@atrium/kernel';
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

  namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    return namesOf(this.ctx.db.em(), DepartmentEntity, ids);
  }

  withDescendants(id: string): Promise<string[]> {
    return departments.service(this.ctx).withDescendants(id);
  }

  /** Walks up from every department carrying the last name: trees hold hundreds, not millions. */
  async findByPath(names: readonly string[]): Promise<string[]> {
    const wanted = names.map(comparable);
    if (wanted.length === 0) return [];
    const rows = await this.ctx.db.em().find(DepartmentEntity, {}, { ...UNSCOPED, fields: ['id', 'parentId', 'name'] });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const matches = (id: string | null, depth: number): boolean => {
      if (depth < 0) return true;
      const row = id === null ? undefined : byId.get(id);
      return row !== undefined && comparable(row.name) === wanted[depth] && matches(row.parentId ?? null, depth - 1);
    };
    return rows.filter((row) => matches(row.id, wanted.length - 1)).map((row) => row.id);
  }
}

function comparable(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}
