import { KernelErrors, defineRoute, type Static } from '@atrium/kernel';
import { TenantErrors } from './errors';
import { createTenant } from './tenant-provisioning';
import { CreateTenantBody, TenantSchema } from './tenant.schemas';

export const createTenantRoute = defineRoute({
  method: 'POST',
  path: '/tenants',
  permission: 'system:tenant:add',
  status: 201,
  summary: 'Creates a tenant with its administrator',
  description:
    'The code, which a login names, is unique whatever its case (409 TENANT_CODE_DUPLICATED_409); `packageId` must name an existing ' +
    "package (400 VALIDATION_FAILED_400). `admin` becomes the tenant's first user, holding the tenant's administrator role: " +
    "the package's permissions, or without a package every permission of scope tenant or row. Its username and password are " +
    'held to the rules of any user (400 VALIDATION_FAILED_400 under /body/admin), checked before anything is written: the tenant ' +
    'is created with its administrator, or not at all.',
  body: CreateTenantBody,
  response: TenantSchema,
  errors: [KernelErrors.VALIDATION_FAILED_400, TenantErrors.TENANT_CODE_DUPLICATED_409],
  handler: ({ body }, ctx) => {
    const { admin, ...fields } = body;
    return createTenant(ctx, { fields, administrator: admin }) as Promise<Static<typeof TenantSchema>>;
  },
});
