import { defineModule, provide } from '@atrium/kernel';
import { TenantDirectoryApi } from './api';
import { TenantErrors } from './errors';
import { TenantPackageEntity } from './package.entity';
import { packages } from './package.resource';
import { TenantEntity } from './tenant.entity';
import { TenantDirectoryReader } from './tenant-directory';
import { tenants } from './tenant.resource';
import { createTenantRoute } from './tenant.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/tenants': '租户管理', '/system/tenant-packages': '租户套餐' } },
  errors: TenantErrors,
  entities: [TenantEntity, TenantPackageEntity],
  routes: [...packages.routes, ...tenants.routes, createTenantRoute],
  provides: [provide(TenantDirectoryApi, (ctx) => new TenantDirectoryReader(ctx))],
});
