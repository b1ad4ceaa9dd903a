import { AsyncLocalStorage } from 'node:async_hooks';
import { currentRequest } from '../../runtime/request-context';

/**
 * Whose rows the database lets the current work touch: one tenant's, or every tenant's (the
 * platform's own work: migrations, and what a module explicitly does for all tenants).
 */
export type TenantScope = { readonly tenantId: string } | { readonly platform: true };

const explicitScope = new AsyncLocalStorage<TenantScope>();

/**
 * Runs `work` with the database limited to one tenant's rows: a task in the tenant that
 * submitted it, a sign-in in the tenant it names. Everything `work` starts inherits it,
 * timers and callbacks included.
 */
export function runInTenant<T>(tenantId: string, work: () => T): T {
  return explicitScope.run({ tenantId }, work);
}

/**
 * Runs `work` across every tenant's rows; a row it inserts naming no tenant goes to the default
 * one. For the platform's own work only (migrations, a module creating its queue's tables):
 * whatever `work` starts — a timer, a subscription — keeps that reach, so start tenant work
 * outside it.
 */
export function runAsPlatform<T>(work: () => T): T {
  return explicitScope.run({ platform: true }, work);
}

/**
 * The scope of the work running now: an explicit one, else the request's tenant once its caller
 * is known. Undefined otherwise (an anonymous request, a timer): such work sees no tenant's rows.
 */
export function currentTenantScope(): TenantScope | undefined {
  const explicit = explicitScope.getStore();
  if (explicit) return explicit;
  const tenantId = currentRequest()?.tenantId;
  return tenantId === undefined ? undefined : { tenantId };
}

/**
 * The current scope as a key part, for whatever remembers a query's answer: the same statement
 * answers differently in each tenant, since the database, not the SQL, narrows it.
 */
export function tenantScopeKey(): string {
  const scope = currentTenantScope();
  if (!scope) return '';
  return 'platform' in scope ? '*' : scope.tenantId;
}

/** The tenant the current work acts in; undefined for platform work and for work in no tenant. */
export function currentTenantId(): string | undefined {
  const scope = currentTenantScope();
  return scope && 'tenantId' in scope ? scope.tenantId : undefined;
}
