import { AppError, KernelErrors, type ErrorDetail, type ModuleContext } from '@atrium/kernel';

/**
 * What a package may list: permission codes a loaded module declares (enabled or not: a package
 * outlives a module switched off for a while) with scope `tenant` or `row`. Scope `global`
 * (tenants, packages, modules, system settings) belongs to platform administrators, never to a tenant.
 */
export function checkPackagePermissions(fields: Record<string, unknown>, ctx: ModuleContext): void {
  const sent = fields.permissions as readonly string[] | undefined;
  if (sent === undefined) return;
  const scopes = new Map(ctx.kernel.modules.list().flatMap((module) => module.permissions.map((p) => [p.code, p.scope] as const)));
  const details: ErrorDetail[] = [];
  for (const code of sent) {
    const scope = scopes.get(code);
    if (scope === undefined) details.push({ field: '/body/permissions', rule: 'exists', message: `no module declares the permission ${code}`, code });
    else if (scope === 'global')
      details.push({ field: '/body/permissions', rule: 'scope', message: `${code} is for platform administrators only (scope global)`, code });
  }
  if (details.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details });
}
