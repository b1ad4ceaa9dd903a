import fs from 'node:fs';
import path from 'node:path';
import type { ModuleContext } from '@atrium/kernel';
import { GeneratorTableEntity } from './generator-table.entity';
import { MODULE_ID } from './module-folder';

/**
 * The generation of each module this instance serves (the configuration's `generatedAt`, in ms),
 * so a generation it never heard of shows as a newer time in the database.
 */
export type ServedGenerations = Map<string, number>;

/** What the database says is generated: each configuration's module and when it was last generated. */
async function storedGenerations(ctx: ModuleContext): Promise<Map<string, number>> {
  const rows = await ctx.db.em().find(GeneratorTableEntity, { generatedAt: { $ne: null } }, { fields: ['moduleId', 'generatedAt'] });
  return new Map(rows.map((row) => [row.moduleId, row.generatedAt!.getTime()]));
}

/** At start: the generated modules the boot loaded are the generations the database records. */
export async function servedAtStart(ctx: ModuleContext): Promise<ServedGenerations> {
  const served: ServedGenerations = new Map();
  for (const [moduleId, generatedAt] of await storedGenerations(ctx)) {
    if (ctx.kernel.modules.get(moduleId)) served.set(moduleId, generatedAt);
  }
  return served;
}

/**
 * Loads every generation the database records that this instance does not serve — a module
 * generated, or regenerated, on another instance while this one missed the announcement (its
 * Redis was cut, a message was lost) — from the shared generated-modules folder.
 */
export async function loadMissedGenerations(ctx: ModuleContext, served: ServedGenerations): Promise<void> {
  for (const [moduleId, generatedAt] of await storedGenerations(ctx)) {
    if (served.get(moduleId) === generatedAt || !MODULE_ID.test(moduleId)) continue;
    // Once per generation, loaded or not: a folder that cannot load is reported, not retried forever.
    served.set(moduleId, generatedAt);
    await loadGenerated(ctx, moduleId).catch((error: unknown) => {
      ctx.log.error({ err: error, moduleId }, 'a module generated on another instance could not be loaded here');
    });
  }
}

/** Loads (or reloads) a generated module from this instance's generated-modules folder. */
export async function loadGenerated(ctx: ModuleContext, moduleId: string): Promise<void> {
  const dir = path.join(ctx.kernel.lifecycle.generatedModulesDir, moduleId);
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    ctx.log.warn(
      { moduleId },
      "a module was generated on another instance but is not in this instance's GENERATED_MODULES_DIR: put the folder on a volume every instance shares",
    );
    return;
  }
  await ctx.kernel.lifecycle.load(dir);
  ctx.log.info({ moduleId }, 'loaded a module generated on another instance');
}
