import type { ErrorDetail } from '@atrium/kernel';

/** The seeded administrator role (migrations/0001-create-roles.ts): its protections follow this id. */
export const ADMIN_ROLE_ID = '01900000-0000-7000-8000-000000000001';

export const ALL_PERMISSIONS = '*:*:*';

/**
 * Why a change to the administrator role is refused, one detail each; empty when it may go
 * ahead. It stays active with `*:*:*`, and keeps its code, which other modules look it up by
 * (`findByCode(ADMIN_ROLE_CODE)`).
 */
export function adminRoleProblems(current: { code: string }, next: { code: string; status: string; permissions: readonly string[] }): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (next.code !== current.code) problems.push({ field: '/body/code', rule: 'protected', message: 'the administrator role keeps its code' });
  if (next.status !== 'active') problems.push({ field: '/body/status', rule: 'protected', message: 'the administrator role cannot be disabled' });
  if (!next.permissions.includes(ALL_PERMISSIONS)) {
    problems.push({ field: '/body/permissions', rule: 'protected', message: `the administrator role keeps ${ALL_PERMISSIONS}` });
  }
  return problems;
}
