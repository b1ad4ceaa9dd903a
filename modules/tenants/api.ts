/** The tenants module's public contract. */
import { defineErrors, publicApi, spi, type ErrorDetail } from '@atrium/kernel';

/** The code of the tenant every installation has; a login naming no tenant signs in to it. */
export const DEFAULT_TENANT_CODE = 'default';

/** A tenant as other modules see it. */
export interface TenantSummary {
  id: string;
  code: string;
  name: string;
  /** Active, and not past its expiry: its users may sign in and act. */
  usable: boolean;
  /** When it stops being usable by itself, if ever. */
  expiresAt: Date | null;
  /** Users it may have at most; null: no limit. */
  userLimit: number | null;
}

export interface TenantDirectory {
  /** The tenant of a code, whatever its case; null when none has it. */
  byCode(code: string): Promise<TenantSummary | null>;
  byId(id: string): Promise<TenantSummary | null>;
  /** Whether a tenant besides the default one is usable: then a sign-in must say which tenant. */
  hasOthers(): Promise<boolean>;
  /**
   * The most the tenant's users may hold, as permission codes: whatever their roles grant beyond
   * it (a wildcard included) is not theirs. Null: no ceiling (the default tenant, the platform's).
   * A tenant that does not exist may hold nothing.
   */
  permissionCeiling(id: string): Promise<readonly string[] | null>;
}

export const TenantDirectoryApi = publicApi<TenantDirectory>('tenants.TenantDirectory');

/** What the modules that keep a tenant's users answer when a tenant has all the users it may have. */
export const TenantLimitErrors = defineErrors({
  TENANT_USER_LIMIT_409: {
    en: 'The tenant already has as many users as it may have.',
    zh: '租户的用户数已达上限。',
  },
});

/** A tenant being set up by `POST /tenants`, as each `tenants.provisioner` is given it. */
export interface TenantSetup {
  tenantId: string;
  /** The tenant's first administrator, as sent (`admin`). Never logged, never stored as sent. */
  administrator: { username: string; password: string };
  /** What its administrator role grants: the tenant's package, or every permission a tenant may hold. */
  permissions: readonly string[];
}

/**
 * What a new tenant starts with, contributed by the module that keeps it (roles: the tenant's
 * administrator role; users: its administrator). Each contribution is asked to `check` before
 * anything is written, then to `provision`, in the order the modules load, each inside the new
 * tenant. When one fails, those already done are asked to `undo`, last first, and the tenant
 * is removed: a tenant exists with everything it starts with, or not at all.
 */
export interface TenantProvisioner {
  /** What is wrong with the setup as sent, one detail each (fields under `/body/admin`). */
  check?(setup: TenantSetup): Promise<ErrorDetail[]>;
  provision(setup: TenantSetup): Promise<void>;
  /** Removes what `provision` made in the tenant. */
  undo(setup: TenantSetup): Promise<void>;
}

export const TenantProvisionerSpi = spi<TenantProvisioner>('tenants.provisioner');

/**
 * Told, before the request that made it so answers, that a tenant stopped being usable: disabled,
 * its expiry moved into the past, or deleted. Its users' sessions end there, on every instance.
 * (A tenant whose expiry arrives by itself is refused by whoever checks `usable`, at the instant.)
 */
export interface TenantLifecycle {
  tenantSuspended(tenantId: string): Promise<void>;
  /** A package's permissions, or the package a tenant has, changed: what its users hold is to be worked out again. */
  ceilingChanged(): Promise<void>;
}

export const TenantLifecycleSpi = spi<TenantLifecycle>('tenants.lifecycle');
