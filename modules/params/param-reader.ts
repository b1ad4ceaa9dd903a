import { escapeLike, type ModuleContext } from '@atrium/kernel';
import type { ParamDefinition, Params } from './api';
import { normalKey } from './declared-params';
import { ParamEntity } from './param.entity';
import { parseValue } from './param-value';

/**
 * How long a value is kept when no invalidation arrives: every update invalidates it on every
 * instance at once, so this only bounds the damage of a notice that was lost.
 */
const CACHE_TTL_MS = 10 * 60 * 1000;

const cacheKey = (key: string) => `value:${normalKey(key)}`;

/** Drops the cached value of `key` here and on every other instance. */
export function forgetParam(ctx: ModuleContext, key: string): Promise<void> {
  return ctx.cache.invalidate(cacheKey(key));
}

/**
 * `params.Params`. One cached value per key: the first definition read for a key decides how
 * its value is read until the next change (built-in keys have exactly one definition).
 */
export class ParamReader implements Params {
  constructor(private readonly ctx: ModuleContext) {}

  get<T>(definition: ParamDefinition<T>): Promise<T> {
    return this.ctx.cache.getOrLoad(cacheKey(definition.key), () => this.load(definition), CACHE_TTL_MS);
  }

  private async load<T>(definition: ParamDefinition<T>): Promise<T> {
    const row = await this.ctx.db.em().findOne(ParamEntity, { key: { $ilike: escapeLike(definition.key) } }, { disableIdentityMap: true });
    if (!row) return definition.default;
    const fit = parseValue(definition, row.value);
    if (fit.ok) return fit.value;
    // Not the value itself: an operator's param may hold something that must not reach a log.
    this.ctx.log.warn({ key: row.key, rule: fit.rule, reason: fit.message }, 'the stored param does not fit its definition: its default applies');
    return definition.default;
  }
}
