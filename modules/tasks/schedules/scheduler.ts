import type { ModuleContext } from '@atrium/kernel';
import { DefaultSchedules } from './default-schedules';
import { fireDueSchedules } from './fire-due-schedules';

const INTERVAL_VARIABLE = 'TASKS_SCHEDULER_INTERVAL_MS';
const DEFAULT_INTERVAL_MS = 1000;
const MIN_INTERVAL_MS = 10;
const MAX_INTERVAL_MS = 3_600_000;

/**
 * The firing loop every instance runs: every `TASKS_SCHEDULER_INTERVAL_MS` it makes the default
 * schedules not made yet (default-schedules.ts), then fires the schedules that are due. Ticks
 * never overlap; `stop()` waits for the one under way, so nothing queries the database once the
 * module has stopped.
 */
export class Scheduler {
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private running = false;

  start(ctx: ModuleContext): void {
    if (this.running) return;
    const intervalMs = schedulerInterval(ctx);
    this.running = true;
    this.wait(ctx, intervalMs, intervalMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  private wait(ctx: ModuleContext, intervalMs: number, delayMs: number): void {
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.ticking = this.tick(ctx).finally(() => {
        this.ticking = undefined;
        // A steady rate: a slow tick shortens the wait after it rather than shifting every later one.
        if (this.running) this.wait(ctx, intervalMs, Math.max(0, intervalMs - (Date.now() - started)));
      });
    }, delayMs);
    // The loop alone does not keep a process alive; stop() is what ends it.
    this.timer.unref();
  }

  private async tick(ctx: ModuleContext): Promise<void> {
    // Apart from the firing: a default schedule that cannot be made now must not hold up the due ones.
    await ctx
      .resolve(DefaultSchedules)
      .ensure()
      .catch((error: unknown) => ctx.log.error({ err: error }, 'making the default schedules failed: trying again at the next tick'));
    try {
      // A full batch means more may be due: fire them now rather than a tick later.
      let more = true;
      while (this.running && more) more = await fireDueSchedules(ctx, new Date());
    } catch (error) {
      ctx.log.error({ err: error }, 'firing the due schedules failed: trying again at the next tick');
    }
  }
}

/** The loop's period, from the environment; a bad value stops the module from starting. */
function schedulerInterval(ctx: ModuleContext): number {
  return ctx.environment.integer(INTERVAL_VARIABLE, DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
}

/**
 * What the tasks module's start() calls before it starts anything: a bad
 * TASKS_SCHEDULER_INTERVAL_MS refuses the start while there is nothing yet to stop.
 */
export function checkSchedulerSettings(ctx: ModuleContext): void {
  schedulerInterval(ctx);
}

/** What the tasks module's start() calls, once its submission is ready. */
export function startScheduler(ctx: ModuleContext): void {
  ctx.resolve(Scheduler).start(ctx);
}

/** What the tasks module's stop() calls, before its submission stops. */
export function stopScheduler(ctx: ModuleContext): Promise<void> {
  return ctx.resolve(Scheduler).stop();
}
