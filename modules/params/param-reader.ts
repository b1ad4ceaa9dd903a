import { DEFAULT_TENANT_ID, escapeLike, ownTenantId, runInTenant, type EntityManager, type ModuleContext } from '@atrium/kernel';
import type { ParamDefinition, Params } from './api';
import { normalKey } from './declared-params';
import { ParamEntity, type Param } from './param.entity';
import { parseValue } from './param-value';

/**
 * How long a value is kept when no invalidation arrives: every update invalidates it on every
 * instance at once, so this only bounds the damage of a notice that was lost.
 */
const CACHE_TTL_MS = 10 * 60 * 1000;

/** The tenant comes last, so a default's change drops every tenant's value by one prefix. */
const keyPrefix = (key: string) => `value:${normalKey(key)}:`;

/**
 * Drops the cached value of `key` in the tenant whose row changed, here and on every other
 * instance: in every tenant when the row is a platform default, which they all may read.
 */
export function forgetParam(ctx: ModuleContext, key: string, tenantId: string): Promise<void> {
  return tenantId === DEFAULT_TENANT_ID ? ctx.cache.invalidatePrefix(keyPrefix(key)) : ctx.cache.invalidate(keyPrefix(key) + tenantId);
}

/**
 * The rows of `key` (whatever its case) that may apply in the current tenant, its own first, then
 * the platform's default. Named explicitly, not left to row-level security alone: platform work
 * reads every tenant's rows.
 */
export async function paramsForKey(em: EntityManager, key: string): Promise<Param[]> {
  const own = ownTenantId();
  const rows = await em.find(ParamEntity, { key: { $ilike: escapeLike(key) }, tenantId: { $in: [own, DEFAULT_TENANT_ID] } }, { disableIdentityMap: true });
  return rows.sort((a, b) => Number(b.tenantId === own) - Number(a.tenantId === own));
}

/**
 * `params.Params`. One cached value per key and tenant: the tenant's own param, else the
 * platform's default (for a param declared `perTenant`; the platform's value for any other). The first definition read for a key decides how its value is read until
 * the next change (built-in keys have exactly one definition).
 */
export class ParamReader implements Params {
  constructor(private readonly ctx: ModuleContext) {}

  get<T>(definition: ParamDefinition<T>): Promise<T> {
    // A param the platform keeps for itself is read in the default tenant, whoever asks.
    const tenantId = definition.perTenant ? ownTenantId() : DEFAULT_TENANT_ID;
    // In its tenant explicitly: work in no tenant (a timer) reads the platform's value, not nothing.
    return this.ctx.cache.getOrLoad(keyPrefix(definition.key) + tenantId, () => runInTenant(tenantId, () => this.load(definition)), CACHE_TTL_MS);
  }

  /** The first row whose value fits: a tenant's value that does not falls back to the platform's. */
  private async load<T>(definition: ParamDefinition<T>): Promise<T> {
    for (const row of await paramsForKey(this.ctx.db.em(), definition.key)) {
      const fit = parseValue(definition, row.value);
      if (fit.ok) return fit.value;
      // Not the value itself: an operator's param may hold something that must not reach a log.
      this.ctx.log.warn(
        { key: row.key, tenantId: row.tenantId, rule: fit.rule, reason: fit.message },
        'the stored param does not fit its definition: it is passed over',
      );
    }
    return definition.default;
  }
}
