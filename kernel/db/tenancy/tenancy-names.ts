/**
 * The names the database's tenant isolation is built from, shared by the migrations that create
 * it and the code that switches a connection into it (docs/tenancy.md).
 */

/**
 * The tenant every installation has from its first start. Rows of a table made tenant-owned
 * after it held rows belong to it, and a caller whose credential names no tenant acts in it.
 */
export const DEFAULT_TENANT_ID = '01900000-0000-7000-8000-00000000d001';

/**
 * The role tenant work runs as: it owns nothing and cannot bypass row-level security, and
 * nobody can log in as it (the kernel's connection switches to it with `SET ROLE`).
 */
export const APP_ROLE = 'atrium_app';

/** The setting a tenant-owned table's policy reads: the tenant whose rows a statement may touch. */
export const TENANT_SETTING = 'atrium.tenant';

/**
 * The tenant the current statement runs for, as SQL: null when none is set. Once a transaction
 * has set the setting locally it reads `''` (not null) outside it, hence the `nullif`; null
 * matches no row, so a statement without a tenant sees none and inserts none.
 */
export const CURRENT_TENANT_SQL = `nullif(current_setting('${TENANT_SETTING}', true), '')::uuid`;
