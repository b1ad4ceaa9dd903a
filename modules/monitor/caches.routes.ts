import { AppError, KernelErrors, Type, defineRoute, type CacheStats } from '@atrium/kernel';
import { instanceReports } from './monitor-state';
import { CacheSchema } from './monitor.schemas';

export const listCaches = defineRoute({
  method: 'GET',
  path: '/monitor/caches',
  permission: 'monitor:cache:list',
  summary: 'The kernel’s named caches, with entries and hit ratio over every instance',
  description:
    'One cache per enabled module with the `cache` capability, named by the module’s id. Entries, hits and misses are summed over the live instances (`instances`); the others’ as of their last report.',
  response: Type.Object({ items: Type.Array(CacheSchema), instances: Type.Integer({ minimum: 1 }) }),
  handler: async (_req, ctx) => {
    const reports = await instanceReports(ctx).live();
    return { items: summed(reports.map((report) => report.caches)), instances: reports.length };
  },
});

export const clearCache = defineRoute({
  method: 'DELETE',
  path: '/monitor/caches/{name}',
  permission: 'monitor:cache:remove',
  summary: 'Clears a named cache on every instance',
  description:
    'Every entry of the cache is dropped here and on every other instance (through Redis with REDIS_URL); the next reads load from the database. A name no enabled module’s cache has answers 404.',
  params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) }),
  response: Type.Object({}),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params }, ctx) => {
    if (!(await ctx.kernel.monitor.clearCache(params.name))) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404);
    return {};
  },
});

/** Each cache's figures over the instances; a cache only some instances report still shows. */
function summed(perInstance: CacheStats[][]) {
  const totals = new Map<string, CacheStats>();
  for (const caches of perInstance) {
    for (const cache of caches) {
      const total = totals.get(cache.name) ?? { name: cache.name, entries: 0, hits: 0, misses: 0 };
      totals.set(cache.name, { name: cache.name, entries: total.entries + cache.entries, hits: total.hits + cache.hits, misses: total.misses + cache.misses });
    }
  }
  return [...totals.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((cache) => ({ ...cache, hitRatio: cache.hits + cache.misses > 0 ? Math.round((cache.hits / (cache.hits + cache.misses)) * 1000) / 1000 : null }));
}
