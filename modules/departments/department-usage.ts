import { AppError, UNSCOPED, type ErrorDetail, type ModuleContext, type Row } from '@atrium/kernel';
import { DepartmentUsageSpi } from './api';
import { DepartmentEntity } from './department.entity';
import { DepartmentErrors } from './errors';

/**
 * Refuses to delete a department while it has children or any enabled module counts rows in it
 * (the `departments.usage` contributions), naming every reason at once. Children the caller
 * cannot see count too: the scope hides rows, it does not delete them. A child added after this
 * count is refused by the foreign key, with the same 409.
 */
export async function refuseInUse(department: Row, ctx: ModuleContext): Promise<void> {
  const id = String(department.id);
  const uses: ErrorDetail[] = [];
  const children = await ctx.db.em().count(DepartmentEntity, { parentId: id }, UNSCOPED);
  if (children > 0) uses.push(inUse('sub-departments', children));
  for (const usage of ctx.contributions(DepartmentUsageSpi)) {
    const count = await usage.countIn(id);
    if (count > 0) uses.push(inUse(usage.what, count));
  }
  if (uses.length > 0) throw new AppError(DepartmentErrors.SYSTEM_DEPT_IN_USE_409, { details: uses });
}

function inUse(what: string, count: number): ErrorDetail {
  return { rule: 'in-use', message: `${what}: ${count}` };
}
