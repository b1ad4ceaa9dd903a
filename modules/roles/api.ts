/** The roles module's public contract. */
import { publicApi, spi, type ErrorDetail, type Principal } from '@atrium/kernel';

export type DataScope = 'all' | 'custom' | 'dept' | 'dept_and_children' | 'self';

/** What one role grants. */
export interface RoleGrant {
  id: string;
  code: string;
  status: 'active' | 'disabled';
  permissions: string[];
  dataScope: DataScope;
  /** For `custom`: the departments it sees. */
  deptIds: string[];
}

export interface RoleDirectory {
  /**
   * The ACTIVE roles among `roleIds`, with what each grants (disabled ones grant nothing).
   * `includeDisabled` returns disabled ones too: what a role WOULD grant once enabled, for
   * escalation checks (handing out a disabled `*:*:*` role is handing out `*:*:*`).
   */
  grantsOf(roleIds: readonly string[], options?: { includeDisabled?: boolean }): Promise<RoleGrant[]>;
  /** Ids among `roleIds` that name no role. */
  missing(roleIds: readonly string[]): Promise<string[]>;
  /** The names of the roles among `roleIds`, by id (what a user's export shows). */
  namesOf(roleIds: readonly string[]): Promise<Map<string, string>>;
  findByCode(code: string): Promise<RoleGrant | null>;
  /**
   * Why `caller` may not hand out the roles among `roleIds` (disabled ones included: enabled
   * later, they would grant it), one detail per permission or data scope beyond the caller's,
   * each naming `field`; empty when it may. For a module that stores roles to give later (a
   * default role of new users).
   */
  handOutProblems(caller: Principal, roleIds: readonly string[], field: string): Promise<ErrorDetail[]>;
}

export const RoleDirectoryApi = publicApi<RoleDirectory>('roles.RoleDirectory');

/** What keeps a role from being deleted: users holding it. */
export interface RoleUsage {
  readonly what: string;
  countWith(roleId: string): Promise<number>;
}

export const RoleUsageSpi = spi<RoleUsage>('roles.usage');

/** The seeded administrator role: `*:*:*`, data scope `all`; it cannot be deleted or stripped. */
export const ADMIN_ROLE_CODE = 'admin';

/** Published (as `roles.role-changed`, payload `{ roleId }`) after a role is created, changed or deleted. */
export const ROLE_CHANGED = 'role-changed';
