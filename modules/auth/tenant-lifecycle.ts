import { runInTenant, type ModuleContext } from '@atrium/kernel';
import type { TenantLifecycle } from '@atrium/module/tenants';
import { authRuntime } from './auth-runtime';

/**
 * Auth's contribution to `tenants.lifecycle`: a tenant disabled, expired or deleted has every
 * live session of its users ended (and every platform administrator's switched into it), and every cached caller dropped on every instance, so its
 * tokens are refused at their next request wherever they arrive. A package that changed has the
 * cached callers dropped too, so what they hold is worked out again under the new ceiling.
 */
export function sessionsFollowTenants(ctx: ModuleContext): TenantLifecycle {
  return {
    async tenantSuspended(tenantId) {
      const { sessions, principals } = authRuntime(ctx);
      const ended = (await runInTenant(tenantId, () => sessions.revokeAll('tenant-disabled'))) + (await sessions.revokeActingIn(tenantId, 'tenant-disabled'));
      if (ended > 0) ctx.log.info({ tenantId, sessions: ended }, 'sessions ended: their tenant was suspended');
      await principals.forgetAll();
    },
    ceilingChanged: () => authRuntime(ctx).principals.forgetAll(),
  };
}
