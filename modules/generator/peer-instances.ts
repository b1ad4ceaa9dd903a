import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ModuleContext } from '@atrium/kernel';
import { MODULE_ID } from './module-folder';

const GENERATED = 'module-generated';

interface GeneratedEvent {
  moduleId: string;
  from: string;
}

/**
 * Keeps every instance serving what any of them generated: an instance that generates a module
 * says so on the event bus, and the others load it from their own generated-modules folder (so
 * with the folder on a shared volume, every instance serves it at once). One per module context
 * (`ctx.resolve(PeerInstances)`).
 */
export class PeerInstances {
  /** The bus also delivers an instance's own events to itself: this tells them apart. */
  private readonly instance = randomUUID();
  private unsubscribe?: () => void;

  announce(ctx: ModuleContext, moduleId: string): Promise<void> {
    return ctx.events.publish(GENERATED, { moduleId, from: this.instance } satisfies GeneratedEvent);
  }

  follow(ctx: ModuleContext): void {
    this.unsubscribe = ctx.events.subscribe(`${ctx.id}.${GENERATED}`, async (payload) => {
      const { moduleId, from } = payload as GeneratedEvent;
      if (from !== this.instance && MODULE_ID.test(moduleId)) await loadGeneratedElsewhere(ctx, moduleId);
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}

async function loadGeneratedElsewhere(ctx: ModuleContext, moduleId: string): Promise<void> {
  const dir = path.join(ctx.kernel.generatedModulesDir, moduleId);
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    ctx.log.warn({ moduleId }, "a module was generated on another instance but is not in this instance's GENERATED_MODULES_DIR: put the folder on a volume every instance shares");
    return;
  }
  await ctx.kernel.loadModule(dir);
  ctx.log.info({ moduleId }, 'loaded a module generated on another instance');
}
