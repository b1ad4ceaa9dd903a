import { KernelErrors, contains, defineResource, equals } from '@atrium/kernel';
import { TenantErrors } from './errors';
import { checkPackagePermissions } from './package-permissions';
import { TenantPackageEntity } from './package.entity';
import { ceilingChanged } from './tenant-writes';
import { CreatePackageBody, PackageStatus, TenantPackageSchema, UpdatePackageBody } from './package.schemas';

/** The packages of permissions tenants may use; a package a tenant uses cannot be deleted. */
export const packages = defineResource({
  path: '/tenants/packages',
  entity: TenantPackageEntity,
  labels: { one: 'tenant package', many: 'tenant packages' },
  permissions: 'system:tenantPackage',
  schemas: { view: TenantPackageSchema, create: CreatePackageBody, update: UpdatePackageBody },
  filters: { keyword: contains(['name'], 'Part of the name'), status: equals('status', PackageStatus) },
  sort: { name: 'name', createdAt: 'createdAt' },
  defaultSort: { createdAt: 'desc', id: 'desc' },
  unique: { tenants_package_name_key: { error: TenantErrors.TENANT_PACKAGE_DUPLICATED_409, field: '/body/name' } },
  inUse: TenantErrors.TENANT_PACKAGE_IN_USE_409,
  defaults: { status: 'active', remark: null },
  trim: ['name'],
  hooks: {
    checkWrite: checkPackagePermissions,
    // The tenants using it hold no more than its permissions, from their next request on.
    afterWrite: ({ action }, ctx) => (action === 'create' ? undefined : ceilingChanged(ctx)),
  },
  errors: {
    create: [KernelErrors.VALIDATION_FAILED_400],
    update: [KernelErrors.VALIDATION_FAILED_400],
    delete: [TenantErrors.TENANT_PACKAGE_IN_USE_409],
  },
  docs: {
    list: { description: 'The packages of permissions tenants may use.' },
    create: {
      description:
        'Every permission must be declared by a loaded module with scope `tenant` or `row` (400 VALIDATION_FAILED_400 naming the others). The name is unique whatever its case (409 TENANT_PACKAGE_DUPLICATED_409).',
    },
    delete: { description: 'A package a tenant uses stays (409 TENANT_PACKAGE_IN_USE_409).' },
  },
});
