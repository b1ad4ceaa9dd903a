import { escapeLike, isUuid, namesOf, type DbCapability, type EntityManager, type ErrorDetail, type Principal } from '@atrium/kernel';
import type { RoleDirectory, RoleGrant } from './api';
import { loadAssignments } from './role-assignments';
import { callerAccess, escalationProblems } from './role-escalation';
import { RoleEntity, type Role } from './role.entity';

// Role ids arrive from other modules' rows and tokens; anything not a UUID names no role.

/** `roles.RoleDirectory`: what other modules (auth, users) may know of roles. */
export class RoleDirectoryService implements RoleDirectory {
  constructor(private readonly db: DbCapability) {}

  async grantsOf(roleIds: readonly string[], options: { includeDisabled?: boolean } = {}): Promise<RoleGrant[]> {
    const ids = uuids(roleIds);
    if (ids.length === 0) return [];
    const em = this.db.em();
    // A disabled role grants nothing: it is left out, not returned with its permissions.
    const status = options.includeDisabled ? {} : { status: 'active' as const };
    const roles = await em.find(RoleEntity, { id: { $in: ids }, ...status }, { orderBy: { code: 'asc' } });
    return grants(em, roles);
  }

  async missing(roleIds: readonly string[]): Promise<string[]> {
    const ids = uuids(roleIds);
    const found = ids.length === 0 ? [] : await this.db.em().find(RoleEntity, { id: { $in: ids } });
    const existing = new Set(found.map((r) => r.id.toLowerCase()));
    return roleIds.filter((id) => !existing.has(id.toLowerCase()));
  }

  namesOf(roleIds: readonly string[]): Promise<Map<string, string>> {
    return namesOf(this.db.em(), RoleEntity, roleIds);
  }

  async handOutProblems(caller: Principal, roleIds: readonly string[], field: string): Promise<ErrorDetail[]> {
    const access = callerAccess(caller);
    const roles = await this.grantsOf(roleIds, { includeDisabled: true });
    return roles.flatMap((role) => escalationProblems(access, role).map((problem) => ({ ...problem, field, roleId: role.id })));
  }

  async findByCode(code: string): Promise<RoleGrant | null> {
    // Codes are unique whatever the case (the index is on lower(code)).
    const em = this.db.em();
    const role = await em.findOne(RoleEntity, { code: { $ilike: escapeLike(code) } });
    return role ? (await grants(em, [role]))[0] : null;
  }
}

async function grants(em: EntityManager, roles: readonly Role[]): Promise<RoleGrant[]> {
  const assignments = await loadAssignments(
    em,
    roles.map((r) => r.id),
  );
  return roles.map((role) => ({ id: role.id, code: role.code, status: role.status, dataScope: role.dataScope, ...assignments.get(role.id)! }));
}

function uuids(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => isUuid(id)))];
}
