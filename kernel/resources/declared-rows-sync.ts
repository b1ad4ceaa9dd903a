import { OptimisticLockError, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { ModuleContext } from '../module-api/module-context';

/** How many times a sync that lost a race with another writer is run again. */
const ATTEMPTS = 3;

/**
 * Keeps rows in step with what the loaded modules declare (menus, built-in params): `apply`
 * runs now, and again after every module change (enable, disable, live load), each time in a
 * transaction of its own, on a fresh unit of work even when a request triggered it. A run that
 * lost a race with another instance syncing the same rows (a unique index) or with an API update
 * of one of them (its version) is run again. The first run's failure stops the start; a later
 * one is logged and must not fail the module change that triggered it: the next change retries.
 */
export class DeclaredRowsSync {
  private unsubscribe?: () => void;

  constructor(
    private readonly what: string,
    private readonly apply: (em: EntityManager, ctx: ModuleContext) => Promise<void>,
    /** Refuses what cannot be synced (a malformed declaration), after the rest was. */
    private readonly check: (ctx: ModuleContext) => void = () => {},
  ) {}

  async start(ctx: ModuleContext): Promise<void> {
    await this.run(ctx);
    this.unsubscribe = ctx.kernel.modules.onChange(async () => {
      await this.run(ctx).catch((error: unknown) => ctx.log.error({ err: error }, `${this.what} sync failed`));
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** One run, retried when it lost a race. */
  async run(ctx: ModuleContext): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await ctx.db
          .em()
          .fork()
          .transactional((em) => this.apply(em, ctx));
        break;
      } catch (error) {
        const raced = error instanceof UniqueConstraintViolationException || error instanceof OptimisticLockError;
        if (!raced || attempt >= ATTEMPTS) throw error;
      }
    }
    this.check(ctx);
  }
}
