import {
  AppError,
  KernelErrors,
  UniqueConstraintViolationException,
  checkVersion,
  escapeLike,
  flushChanges,
  newId,
  notFound,
  recordChange,
  type EntityManager,
  type ErrorDefinition,
  type ErrorDetail,
  type FilterQuery,
  type ModuleContext,
  type Page,
  type PageRequest,
} from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import { ADMIN_ROLE_ID, adminRoleProblems } from './admin-role';
import { ROLE_CHANGED, RoleUsageSpi } from './api';
import { RolesErrors } from './errors';
import { NO_ASSIGNMENTS, loadAssignments, replaceAssignments, type Assignments } from './role-assignments';
import { escalationProblems, removalProblems, type CallerAccess } from './role-escalation';
import { RoleEntity, type Role, type RoleStatus } from './role.entity';
import type { RoleChange, RoleInput, RoleView } from './role.schemas';

export interface RoleFilters {
  keyword?: string;
  status?: RoleStatus;
}

/** The unique index behind SYSTEM_ROLE_DUPLICATED_409 (migrations/0001-create-roles.ts). */
const UNIQUE = { roles_role_code_key: { error: RolesErrors.SYSTEM_ROLE_DUPLICATED_409, field: '/body/code' } };

/**
 * Roles through the API. Stateless: built per request, so `ctx.db.em()` is always the request's.
 * Every write is checked in the same order: the role exists and is at the version read, the
 * administrator role keeps its protections, the input is sound, and the caller is not handing
 * out more than they hold.
 */
export class RoleService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(page: PageRequest, filters: RoleFilters): Promise<Page<RoleView>> {
    const where: FilterQuery<Role> = {};
    if (filters.keyword) {
      const pattern = `%${escapeLike(filters.keyword)}%`;
      where.$or = [{ code: { $ilike: pattern } }, { name: { $ilike: pattern } }];
    }
    if (filters.status) where.status = filters.status;
    // Newest first by default; the id (time-ordered) breaks ties so pages never overlap.
    const orderBy = { ...page.orderBy({ createdAt: 'desc' }), id: page.sort.length > 0 ? 'asc' : 'desc' } as const;
    const em = this.ctx.db.em();
    const [roles, total] = await em.findAndCount(RoleEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(await views(em, roles), total);
  }

  async get(id: string): Promise<RoleView> {
    const em = this.ctx.db.em();
    const [view] = await views(em, [await load(em, id)]);
    return view;
  }

  async create(input: RoleInput, caller: CallerAccess): Promise<RoleView> {
    await this.checkGrant(input, input.deptIds, caller);
    const em = this.ctx.db.em();
    const { deptIds, permissions, ...columns } = input;
    const role = em.create(RoleEntity, { id: newId(), ...columns });
    await replaceAssignments(em, role.id, NO_ASSIGNMENTS, { permissions, deptIds });
    await flushRole(em);
    await this.changed(role.id);
    const after = view(role, { permissions: [...permissions].sort(), deptIds: [...deptIds].sort() });
    recordChange({ resource: 'role', id: role.id, action: 'create', after });
    return after;
  }

  /** Applies `change` if the role is still at `version`; what `change` leaves out keeps its value. */
  async update(id: string, change: RoleChange, version: number, caller: CallerAccess): Promise<RoleView> {
    if (caller.roleIds.includes(id)) {
      throw new AppError(KernelErrors.PERM_DENIED_403, {
        details: [{ field: '/params/id', rule: 'own-role', message: 'you hold this role: nobody edits their own roles' }],
      });
    }
    const em = this.ctx.db.em();
    const role = await load(em, id);
    checkVersion(role.version, version);
    const current = (await loadAssignments(em, [id])).get(id)!;
    const before = view(role, current);
    const dataScope = change.dataScope ?? role.dataScope;
    const next: RoleInput = {
      code: change.code ?? role.code,
      name: change.name ?? role.name,
      status: change.status ?? role.status,
      dataScope,
      // Leaving `custom` drops its departments unless the caller names some (which is refused).
      deptIds: change.deptIds ?? (dataScope === 'custom' ? current.deptIds : []),
      permissions: change.permissions ?? current.permissions,
      remark: change.remark === undefined ? (role.remark ?? null) : change.remark,
    };
    if (id === ADMIN_ROLE_ID) conflict(RolesErrors.SYSTEM_ROLE_PROTECTED_409, adminRoleProblems(role, next));
    // Only the departments sent are looked up: one deleted since must not block a rename.
    const removed = current.permissions.filter((code) => !next.permissions.includes(code));
    await this.checkGrant(next, change.deptIds ?? [], caller, removed);
    const { deptIds, permissions, ...columns } = next;
    // Set explicitly, so a change to the permissions or departments alone still moves the version.
    em.assign(role, { ...columns, updatedAt: new Date() });
    await replaceAssignments(em, id, current, { permissions, deptIds });
    await flushRole(em);
    await this.changed(id);
    const after = view(role, { permissions: [...permissions].sort(), deptIds: [...deptIds].sort() });
    recordChange({ resource: 'role', id, action: 'update', before, after });
    return after;
  }

  async remove(id: string, version: number | undefined, caller: CallerAccess): Promise<void> {
    if (id === ADMIN_ROLE_ID) {
      conflict(RolesErrors.SYSTEM_ROLE_PROTECTED_409, [{ field: '/params/id', rule: 'protected', message: 'the administrator role cannot be deleted' }]);
    }
    const em = this.ctx.db.em();
    const role = await load(em, id);
    checkVersion(role.version, version, '/query/version');
    const { permissions } = (await loadAssignments(em, [id])).get(id)!;
    const unheld = removalProblems(caller, permissions, '/params/id');
    if (unheld.length > 0) throw new AppError(KernelErrors.PERM_DENIED_403, { details: unheld });
    const holders: ErrorDetail[] = [];
    for (const usage of this.ctx.contributions(RoleUsageSpi)) {
      const count = await usage.countWith(id);
      if (count > 0) holders.push({ field: '/params/id', rule: 'in-use', message: `held by ${count} ${usage.what}`, what: usage.what, count });
    }
    conflict(RolesErrors.SYSTEM_ROLE_IN_USE_409, holders);
    const [before] = await views(em, [role]);
    // Its permission and department rows go with it (on delete cascade).
    em.remove(role);
    await flushChanges(em);
    recordChange({ resource: 'role', id, action: 'delete', before });
    await this.changed(id);
  }

  /**
   * 400 for departments that are not for this scope or do not exist; 403 for escalation: granting,
   * keeping or taking away (`removed`) a permission the caller does not hold.
   */
  private async checkGrant(role: RoleInput, sentDeptIds: readonly string[], caller: CallerAccess, removed: readonly string[] = []): Promise<void> {
    if (role.dataScope !== 'custom' && role.deptIds.length > 0) {
      invalid([{ field: '/body/deptIds', rule: 'dataScope', message: 'only a custom data scope names departments' }]);
    }
    const missing = sentDeptIds.length > 0 ? await this.ctx.use(DepartmentTreeApi).missing(sentDeptIds) : [];
    if (missing.length > 0) invalid([{ field: '/body/deptIds', rule: 'exists', message: `no such departments: ${missing.join(', ')}`, deptIds: missing }]);
    const problems = [...escalationProblems(caller, role), ...removalProblems(caller, removed, '/body/permissions')];
    if (problems.length > 0) throw new AppError(KernelErrors.PERM_DENIED_403, { details: problems });
  }

  /** Auth drops cached grants on this (every instance hears it). */
  private changed(roleId: string): Promise<void> {
    return this.ctx.events.publish(ROLE_CHANGED, { roleId });
  }
}

async function load(em: EntityManager, id: string): Promise<Role> {
  const role = await em.findOne(RoleEntity, { id });
  if (!role) throw notFound('role', id);
  return role;
}

/**
 * Writes the role and its rows. The ORM inserts rows before it updates the role, so of two
 * updates that race to add the same permission the loser meets the winner's row before its own
 * version check: that, too, is the role having changed meanwhile.
 */
async function flushRole(em: EntityManager): Promise<void> {
  try {
    await flushChanges(em, UNIQUE);
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    throw new AppError(KernelErrors.SYSTEM_VERSION_CONFLICT_409, {
      cause: error,
      details: [{ field: '/body/version', rule: 'version', message: 'the role changed meanwhile' }],
    });
  }
}

async function views(em: EntityManager, roles: readonly Role[]): Promise<RoleView[]> {
  const assignments = await loadAssignments(
    em,
    roles.map((r) => r.id),
  );
  return roles.map((role) => view(role, assignments.get(role.id)!));
}

function view(role: Role, { permissions, deptIds }: Assignments): RoleView {
  return {
    id: role.id,
    code: role.code,
    name: role.name,
    status: role.status,
    dataScope: role.dataScope,
    deptIds,
    permissions,
    remark: role.remark ?? null,
    version: role.version,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}

function conflict(error: ErrorDefinition, details: ErrorDetail[]): void {
  if (details.length > 0) throw new AppError(error, { details });
}

function invalid(details: ErrorDetail[]): never {
  throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details });
}
