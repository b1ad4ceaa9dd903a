import { DEFAULT_TENANT_ID, DeclaredRowsSync, raw, runAsPlatform, type EntityManager, type ModuleContext } from '@atrium/kernel';
import type { ParamDefinition } from './api';
import { declaredParams, normalKey } from './declared-params';
import { ParamEntity } from './param.entity';
import { formatValue } from './param-value';

/** The running sync: stopped with the module. */
export interface BuiltinParamsSync {
  stop(): void;
}

/**
 * Keeps the built-in params in step with what the enabled modules declare, now and after every
 * module change: a missing one is created with its default, as a platform default (in the
 * default tenant), and every row with a declared key, a tenant's override included, becomes
 * built-in and takes the definition's name. Values are never touched. A row whose module is no
 * longer enabled stays as it is (still built-in): enabling the module again finds its value
 * where it was left. A malformed definition stops the start, after the well-formed ones are
 * synced; on a later change it is logged.
 *
 * It runs as the platform, whoever triggers it: a module change asked for by an administrator
 * acting inside a tenant must still create the built-ins in the default tenant.
 */
export async function startBuiltinParamsSync(ctx: ModuleContext): Promise<BuiltinParamsSync> {
  const sync = new DeclaredRowsSync(
    'built-in params',
    (em) => apply(em, declaredParams(ctx).byKey),
    () => {
      const { problems } = declaredParams(ctx);
      if (problems.length > 0) throw new Error(`modules declare built-in params that cannot be used:\n  ${problems.join('\n  ')}`);
    },
  );
  const run = () => runAsPlatform(() => sync.run(ctx));
  await run();
  const stop = ctx.kernel.modules.onChange(async () => {
    await run().catch((error: unknown) => ctx.log.error({ err: error }, 'built-in params sync failed'));
  });
  return { stop };
}

async function apply(em: EntityManager, declared: ReadonlyMap<string, ParamDefinition<unknown>>): Promise<void> {
  const missing = new Map(declared);
  // Every tenant's rows with a declared key, whatever its case (the unique index is on lower(key)).
  for (const row of await em.find(ParamEntity, { [raw('lower(key)')]: { $in: [...declared.keys()] } })) {
    const definition = declared.get(normalKey(row.key));
    if (!definition) continue;
    if (row.tenantId === DEFAULT_TENANT_ID) missing.delete(normalKey(row.key));
    if (!row.builtin || row.name !== definition.name) em.assign(row, { builtin: true, name: definition.name });
  }
  for (const definition of missing.values()) {
    em.create(ParamEntity, {
      tenantId: DEFAULT_TENANT_ID,
      key: definition.key,
      value: formatValue(definition.default),
      name: definition.name,
      builtin: true,
      remark: definition.description ?? null,
    });
  }
  await em.flush();
}
