import { DEFAULT_TENANT_ID, escapeLike, ownTenantId, type EntityManager } from '@atrium/kernel';
import { DictionaryTypeEntity, type DictionaryType } from './dictionary-type.entity';

/**
 * The dictionary `code` (whatever its case) names in the current tenant: the tenant's own, else
 * the platform's. Both tenants are named, not left to row-level security alone: platform work
 * reads every tenant's rows.
 */
export async function effectiveType(em: EntityManager, code: string): Promise<DictionaryType | null> {
  const own = ownTenantId();
  const types = await em.find(
    DictionaryTypeEntity,
    { code: { $ilike: escapeLike(code) }, tenantId: { $in: [own, DEFAULT_TENANT_ID] } },
    { disableIdentityMap: true },
  );
  return types.find((type) => type.tenantId === own) ?? types[0] ?? null;
}
