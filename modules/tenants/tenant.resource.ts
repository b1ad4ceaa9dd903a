import { KernelErrors, contains, defineResource, equals } from '@atrium/kernel';
import { TenantErrors } from './errors';
import { tenantWrites } from './tenant-writes';
import { TenantEntity } from './tenant.entity';
import { TenantCreateFields, TenantSchema, TenantStatus, UpdateTenantBody } from './tenant.schemas';

/**
 * The tenants; the default one is protected (tenant-writes.ts). A tenant is created with its
 * administrator by its own route (tenant.routes.ts), which stores the tenant through this.
 */
export const tenants = defineResource({
  path: '/tenants',
  entity: TenantEntity,
  labels: { one: 'tenant', many: 'tenants' },
  permissions: 'system:tenant',
  schemas: { view: TenantSchema, create: TenantCreateFields, update: UpdateTenantBody },
  omit: ['create'],
  filters: { keyword: contains(['code', 'name'], 'Part of the code or the name'), status: equals('status', TenantStatus) },
  sort: { code: 'code', name: 'name', expiresAt: 'expiresAt', createdAt: 'createdAt' },
  defaultSort: { createdAt: 'desc', id: 'desc' },
  unique: { tenants_tenant_code_key: { error: TenantErrors.TENANT_CODE_DUPLICATED_409, field: '/body/code' } },
  references: { tenants_tenant_package_id_fkey: '/body/packageId' },
  defaults: { status: 'active', packageId: null, expiresAt: null, userLimit: null, remark: null },
  trim: ['name'],
  hooks: tenantWrites,
  errors: {
    update: [KernelErrors.VALIDATION_FAILED_400, TenantErrors.TENANT_DEFAULT_PROTECTED_409],
    delete: [TenantErrors.TENANT_DEFAULT_PROTECTED_409],
  },
  docs: {
    list: { description: 'The tenants of the platform. Filters and sort fields are listed with the parameters.' },
    update: { description: 'The default tenant stays active, keeps its code and never expires (409 TENANT_DEFAULT_PROTECTED_409).' },
    delete: { description: 'The default tenant cannot be deleted (409 TENANT_DEFAULT_PROTECTED_409).' },
  },
});
