import { escapeLike, type EntityManager, type FilterQuery, type ModuleContext } from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import type { UserStatus } from './api';
import { UserRoleEntity, type User } from './user.entity';

/** The list's filters (the cursor aside): what the list and the export both select by. */
export interface UserListFilter {
  keyword?: string;
  status?: UserStatus;
  deptId?: string;
  roleId?: string;
}

/**
 * The conditions of the list's filters, built anew for each use (the page, the statement's key,
 * the total, each batch of an export): builders take the subquery over. The department's subtree
 * is read once, here.
 */
export async function userListWhere(ctx: ModuleContext, em: EntityManager, filter: UserListFilter): Promise<() => FilterQuery<User>> {
  const depts = filter.deptId ? await ctx.use(DepartmentTreeApi).withDescendants(filter.deptId) : undefined;
  return () => {
    const where: FilterQuery<User> = {};
    if (filter.keyword) {
      // Each column has a trigram index (migrations/0002-list-indexes.ts): the database ORs them.
      const like = `%${escapeLike(filter.keyword)}%`;
      where.$or = [{ username: { $ilike: like } }, { nickname: { $ilike: like } }, { email: { $ilike: like } }, { phone: { $ilike: like } }];
    }
    if (filter.status) where.status = filter.status;
    if (depts) where.deptId = { $in: depts };
    if (filter.roleId) {
      // A subquery, not a list of ids read first. MikroORM takes a knex query in `$in`; its
      // filter types do not say so.
      const holders = em.createQueryBuilder(UserRoleEntity, 'ur').select('ur.userId').where({ roleId: filter.roleId });
      where.id = { $in: holders.getKnexQuery() as never };
    }
    return where;
  };
}
