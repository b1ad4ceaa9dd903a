import { defineModule } from '@atrium/kernel';
import { TenantErrors } from './errors';
import { TenantPackageEntity } from './package.entity';
import { packages } from './package.resource';
import { TenantEntity } from './tenant.entity';
import { tenants } from './tenant.resource';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: TenantErrors,
  entities: [TenantEntity, TenantPackageEntity],
  routes: [...packages.routes, ...tenants.routes],
});
