import { OptimisticLockError, UniqueConstraintViolationException, type EntityManager, type ModuleContext } from '@atrium/kernel';
import type { ParamDefinition } from './api';
import { declaredParams, normalKey } from './declared-params';
import { ParamEntity } from './param.entity';
import { formatValue } from './param-value';

const ATTEMPTS = 3;

/**
 * Keeps the built-in params in step with what the enabled modules declare: a missing one is
 * created with its default, an existing row with a declared key becomes built-in and takes the
 * definition's name. Values are never touched. A row whose module is no longer enabled stays as
 * it is (still built-in): enabling the module again finds its value where it was left.
 */
export class BuiltinSync {
  private unsubscribe?: () => void;

  /** Syncs now (a bad definition stops the boot), and again after every module change. */
  async start(ctx: ModuleContext): Promise<void> {
    await syncBuiltins(ctx);
    this.unsubscribe = ctx.kernel.modules.onChange(async () => {
      // A failed sync must not fail the module change that triggered it: the next one retries.
      await syncBuiltins(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'built-in params sync failed'));
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}

/**
 * One transaction, retried when it lost a race with another instance syncing the same params
 * (the unique index on the key) or with an API update of one of them (its version). Throws,
 * after syncing the well-formed definitions, when any definition is malformed.
 */
export async function syncBuiltins(ctx: ModuleContext): Promise<void> {
  const { byKey, problems } = declaredParams(ctx);
  for (let attempt = 1; ; attempt++) {
    try {
      // A clean unit of work of its own, even when a request (a module enabled over HTTP) triggered it.
      await ctx.db
        .em()
        .fork()
        .transactional((em) => apply(em, byKey));
      break;
    } catch (error) {
      const raced = error instanceof UniqueConstraintViolationException || error instanceof OptimisticLockError;
      if (!raced || attempt >= ATTEMPTS) throw error;
    }
  }
  if (problems.length > 0) throw new Error(`modules declare built-in params that cannot be used:\n  ${problems.join('\n  ')}`);
}

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
