import { DEFAULT_TENANT_ID, runAsPlatform, runInTenant, type Principal } from '@atrium/kernel';

/** Runs a read of the logs where the caller may read. */
export type LogScope = <T>(read: () => T) => T;

/**
 * Where a caller reads the logs: a platform administrator (of the default tenant) every tenant's,
 * each record showing its tenant; anyone else their own tenant's, which the database narrows to.
 * Explicit either way, so a CSV export streamed after its request's context is gone reads the same.
 */
export function logScopeOf(principal: Principal): LogScope {
  const tenantId = principal.tenantId ?? DEFAULT_TENANT_ID;
  return tenantId === DEFAULT_TENANT_ID ? runAsPlatform : (read) => runInTenant(tenantId, read);
}
