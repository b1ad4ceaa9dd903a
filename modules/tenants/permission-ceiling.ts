import { DEFAULT_TENANT_ID, type ModuleContext } from '@atrium/kernel';
import { TenantPackageEntity } from './package.entity';

/**
 * The most a tenant's users may hold, as permission codes: null for the default tenant, whose
 * administrators are the platform's; otherwise its package's permissions, or without a package
 * every permission a loaded module declares with scope `tenant` or `row`. Never one of scope
 * `global`: packages cannot list those (package-permissions.ts).
 */
export async function permissionCeiling(ctx: ModuleContext, tenant: { id: string; packageId?: string | null }): Promise<string[] | null> {
  if (tenant.id === DEFAULT_TENANT_ID) return null;
  if (tenant.packageId) {
    const found = await ctx.db.em().findOne(TenantPackageEntity, { id: tenant.packageId }, { disableIdentityMap: true });
    return found ? [...found.permissions] : [];
  }
  return tenantPermissions(ctx);
}

/** Every permission a tenant may hold without a package: those of scope `tenant` or `row`. */
export function tenantPermissions(ctx: ModuleContext): string[] {
  return ctx.kernel.modules
    .list()
    .flatMap((module) => module.permissions)
    .filter((permission) => permission.scope !== 'global')
    .map((permission) => permission.code);
}
