import { AppError, KernelErrors, newId, runInTenant, type ModuleContext } from '@atrium/kernel';
import { TenantProvisionerSpi, type TenantProvisioner, type TenantSetup } from './api';
import { TenantPackageEntity } from './package.entity';
import { tenantPermissions } from './permission-ceiling';
import { tenants } from './tenant.resource';

export interface NewTenant {
  fields: Record<string, unknown>;
  administrator: { username: string; password: string };
}

/**
 * Creates a tenant with what it starts with (tenants.provisioner: its administrator role and
 * administrator). Everything sent is checked before anything is written; a step that fails later
 * takes back the steps before it and the tenant itself, then its error is answered.
 */
export async function createTenant(ctx: ModuleContext, { fields, administrator }: NewTenant): Promise<Record<string, unknown>> {
  const id = newId();
  const setup: TenantSetup = { tenantId: id, administrator, permissions: await administratorPermissions(ctx, fields.packageId) };
  const provisioners = ctx.contributions(TenantProvisionerSpi);
  const details = (await Promise.all(provisioners.map((p) => runInTenant(id, () => p.check?.(setup) ?? [])))).flat();
  if (details.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details });
  const service = tenants.service(ctx);
  const tenant = await service.create({ ...fields, id });
  const done: TenantProvisioner[] = [];
  try {
    for (const provisioner of provisioners) {
      await runInTenant(id, () => provisioner.provision(setup));
      done.push(provisioner);
    }
  } catch (error) {
    await takeBack(ctx, setup, done.reverse());
    throw error;
  }
  return tenant;
}

async function takeBack(ctx: ModuleContext, setup: TenantSetup, done: readonly TenantProvisioner[]): Promise<void> {
  try {
    for (const provisioner of done) await runInTenant(setup.tenantId, () => provisioner.undo(setup));
    await tenants.service(ctx).remove(setup.tenantId);
  } catch (error) {
    // The first failure is the one to answer; this one is for the operator to clear up.
    ctx.log.error({ err: error, tenantId: setup.tenantId }, 'could not take back a tenant whose setup failed');
  }
}

/**
 * What a new tenant's administrator role grants: its package's permissions, or without one every
 * permission a tenant may hold. A `packageId` naming no package is refused before anything is written.
 */
async function administratorPermissions(ctx: ModuleContext, packageId: unknown): Promise<string[]> {
  if (typeof packageId !== 'string') return tenantPermissions(ctx);
  const found = await ctx.db.em().findOne(TenantPackageEntity, { id: packageId.toLowerCase() });
  if (!found) {
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
      details: [{ field: '/body/packageId', rule: 'reference', message: 'refers to a record that does not exist' }],
    });
  }
  return [...found.permissions];
}
