import { DeclaredRowsSync, type EntityManager } from '@atrium/kernel';
import type { ParamDefinition } from './api';
import { declaredParams, normalKey } from './declared-params';
import { ParamEntity } from './param.entity';
import { formatValue } from './param-value';

/**
 * Keeps the built-in params in step with what the enabled modules declare: a missing one is
 * created with its default, an existing row with a declared key becomes built-in and takes the
 * definition's name. Values are never touched. A row whose module is no longer enabled stays as
 * it is (still built-in): enabling the module again finds its value where it was left. A
 * malformed definition stops the start, after the well-formed ones are synced.
 */
export const builtinParamsSync = () =>
  new DeclaredRowsSync(
    'built-in params',
    (em, ctx) => apply(em, declaredParams(ctx).byKey),
    (ctx) => {
      const { problems } = declaredParams(ctx);
      if (problems.length > 0) throw new Error(`modules declare built-in params that cannot be used:\n  ${problems.join('\n  ')}`);
    },
  );

async function apply(em: EntityManager, declared: ReadonlyMap<string, ParamDefinition<unknown>>): Promise<void> {
  const missing = new Map(declared);
  // The table holds settings, not data: a few hundred rows at most.
  for (const row of await em.find(ParamEntity, {})) {
    const definition = declared.get(normalKey(row.key));
    if (!definition) continue;
    missing.delete(normalKey(row.key));
    if (!row.builtin || row.name !== definition.name) em.assign(row, { builtin: true, name: definition.name });
  }
  for (const definition of missing.values()) {
    em.create(ParamEntity, {
      key: definition.key,
      value: formatValue(definition.default),
      name: definition.name,
      builtin: true,
      remark: definition.description ?? null,
    });
  }
  await em.flush();
}
