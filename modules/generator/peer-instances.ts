import { randomUUID } from 'node:crypto';
import type { ModuleContext } from '@atrium/kernel';
import { GenerationTurns } from './generation-turns';
import { loadGenerated, loadMissedGenerations, servedAtStart, type ServedGenerations } from './missed-generations';
import { MODULE_ID } from './module-folder';

const GENERATED = 'module-generated';
/** The kernel's event when this instance's Redis is back: notices may have been missed. */
const KERNEL_RESYNC = 'kernel.resync';
/** How often the database is asked for generations no announcement brought (env GENERATOR_RESYNC_INTERVAL_MS). */
const INTERVAL_VARIABLE = 'GENERATOR_RESYNC_INTERVAL_MS';
const DEFAULT_INTERVAL_MS = 30_000;
const MIN_INTERVAL_MS = 500;
const MAX_INTERVAL_MS = 24 * 60 * 60 * 1000;

interface GeneratedEvent {
  moduleId: string;
  /** The configuration's `generatedAt` (ms) this generation recorded. */
  generatedAt: number;
  from: string;
}

/**
 * Keeps every instance serving what any of them generated. An instance that generates a module
 * says so on the event bus, and the others load it from their own generated-modules folder (so
 * with the folder on a shared volume, every instance serves it at once). The announcement is
 * only the fast path: the database's configurations are the truth, read again when Redis comes
 * back and every GENERATOR_RESYNC_INTERVAL_MS, so a generation whose announcement was missed is
 * loaded all the same. The module's state: one per start (`peerInstances(ctx)`).
 */
export function peerInstances(ctx: ModuleContext): PeerInstances {
  return ctx.state as PeerInstances;
}

export class PeerInstances {
  /** The bus also delivers an instance's own events to itself: this tells them apart. */
  private readonly instance = randomUUID();
  private served: ServedGenerations = new Map();
  private readonly stops: (() => void)[] = [];

  /** After this instance generated (and recorded) a module: it serves it, the others are told. */
  announce(ctx: ModuleContext, moduleId: string, generatedAt: Date): Promise<void> {
    this.served.set(moduleId, generatedAt.getTime());
    return ctx.events.publish(GENERATED, { moduleId, generatedAt: generatedAt.getTime(), from: this.instance } satisfies GeneratedEvent);
  }

  /** Throws (stopping the start) on a bad GENERATOR_RESYNC_INTERVAL_MS. */
  async follow(ctx: ModuleContext): Promise<void> {
    const intervalMs = ctx.environment.integer(INTERVAL_VARIABLE, DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
    // A CLI command starts modules only to use them: it serves nothing to keep current.
    if (!ctx.environment.background) return;
    this.served = await servedAtStart(ctx);
    // In the generation turns: never beside a generation of this instance, never two at once.
    const catchUp = () => ctx.resolve(GenerationTurns).take(() => loadMissedGenerations(ctx, this.served));
    this.stops.push(
      ctx.events.subscribe(`${ctx.id}.${GENERATED}`, async (payload) => {
        const { moduleId, generatedAt, from } = payload as GeneratedEvent;
        if (from === this.instance || !MODULE_ID.test(moduleId)) return;
        await ctx.resolve(GenerationTurns).take(async () => {
          if (this.served.get(moduleId) === generatedAt) return;
          // An instance of an earlier release announces no time: the next check of the database settles it.
          if (Number.isFinite(generatedAt)) this.served.set(moduleId, generatedAt);
          await loadGenerated(ctx, moduleId);
        });
      }),
    );
    this.stops.push(ctx.events.subscribe(KERNEL_RESYNC, catchUp));
    const timer = setInterval(() => {
      catchUp().catch((error: unknown) => ctx.log.error({ err: error }, 'checking the database for generated modules failed: trying again at the next tick'));
    }, intervalMs);
    // The check alone does not keep a process alive; stop() is what ends it.
    timer.unref();
    this.stops.push(() => clearInterval(timer));
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}
