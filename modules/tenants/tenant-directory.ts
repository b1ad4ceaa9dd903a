import { raw, type ModuleContext } from '@atrium/kernel';
import { DEFAULT_TENANT_CODE, type TenantDirectory, type TenantSummary } from './api';
import { permissionCeiling } from './permission-ceiling';
import { TenantEntity, isUsable, type Tenant } from './tenant.entity';

/** `tenants.TenantDirectory`: the tenants table is the platform's, read alike from every tenant. */
export class TenantDirectoryReader implements TenantDirectory {
  constructor(private readonly ctx: ModuleContext) {}

  async byCode(code: string): Promise<TenantSummary | null> {
    const found = await this.ctx.db.em().findOne(TenantEntity, { [raw('lower(code)')]: code.toLowerCase() });
    return found ? summary(found) : null;
  }

  async byId(id: string): Promise<TenantSummary | null> {
    const found = await this.ctx.db.em().findOne(TenantEntity, { id });
    return found ? summary(found) : null;
  }

  async hasOthers(): Promise<boolean> {
    const now = new Date();
    const usable = await this.ctx.db
      .em()
      .count(TenantEntity, { code: { $ne: DEFAULT_TENANT_CODE }, status: 'active', $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] });
    return usable > 0;
  }

  async permissionCeiling(id: string): Promise<readonly string[] | null> {
    const found = await this.ctx.db.em().findOne(TenantEntity, { id }, { disableIdentityMap: true });
    if (!found) return [];
    return permissionCeiling(this.ctx, found);
  }
}

function summary(tenant: Tenant, now = new Date()): TenantSummary {
  return {
    id: tenant.id,
    code: tenant.code,
    name: tenant.name,
    usable: isUsable(tenant, now),
    expiresAt: tenant.expiresAt ?? null,
    userLimit: tenant.userLimit ?? null,
  };
}
