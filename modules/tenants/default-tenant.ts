/**
 * The tenant every installation has from its first start (migrations/0001-create-tenants.ts):
 * the seeded administrator lives in it, and a login that names no tenant signs in to it, so a
 * single-tenant installation never has to know tenants exist.
 */
export { DEFAULT_TENANT_ID } from '@atrium/kernel';
export { DEFAULT_TENANT_CODE } from './api';
