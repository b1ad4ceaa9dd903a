import path from 'node:path';
import fs from 'node:fs';
import { manifestSchemaFile, repoRoot } from './paths';
import { listAppliedMigrations } from './db/migrations';
import type { Kernel } from './kernel';
import type { KernelCapabilities, MappedEntity, ModuleSummary } from './module-api/kernel-capabilities';
import type { ModuleRuntime } from './modules/module-runtime';
import { nameOwner } from './modules/ownership';
import { makeExportFile } from './resources/make-export-file';
import { ValueLabelSpi } from './runtime/value-labels';

const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

/** Every part of `ctx.kernel`, built once; each module's context hands out only what its manifest names. */
export function createKernelCapabilities(kernel: Kernel): KernelCapabilities {
  const exportMaking = {
    routes: () => kernel.routes.entries,
    scopeOf: (code: string) => kernel.permissionScope(code),
    valueLabels: () => kernel.registry.contributions(ValueLabelSpi),
  };
  const summary = (runtime: ModuleRuntime) => moduleSummary(kernel, runtime);
  const changed = async (runtime: ModuleRuntime) => {
    await kernel.announceStateChange();
    // Every console redraws its menus: what a module brings comes or goes for everyone.
    await kernel.clientEvents.push('module.changed', { id: runtime.id, status: runtime.enabled ? 'enabled' : 'disabled' }, { everyone: true });
    return summary(runtime);
  };
  return {
    modules: {
      list: () => kernel.registry.all().map(summary),
      get: (id) => {
        const runtime = kernel.registry.get(id);
        return runtime ? summary(runtime) : undefined;
      },
      appliedMigrations: () => appliedMigrations(kernel),
      onChange: (listener) => kernel.registry.onChange(listener),
    },
    lifecycle: {
      enable: async (id) => changed(await kernel.registry.enable(id)),
      disable: async (id) => changed(await kernel.registry.disable(id)),
      load: async (dir) => summary(await kernel.loadModule(dir)),
      generatedModulesDir: kernel.config.generatedModulesDir,
    },
    catalog: {
      permissions: () => kernel.registry.enabled().flatMap((r) => (r.loaded.manifest.permissions ?? []).map((p) => ({ ...p, moduleId: r.id }))),
      menus: () => kernel.registry.enabled().flatMap((r) => (r.loaded.manifest.menus ?? []).map((m) => ({ ...m, moduleId: r.id }))),
      errorCodes: () => kernel.catalogue.list(),
      apiDocument: () => kernel.openApiDocument(),
      manifestSchemaText: () => fs.readFileSync(manifestSchemaFile, 'utf8'),
    },
    names: {
      entities: () => mappedEntities(kernel),
      tableOwner: (table) => tableOwner(kernel, table),
      nameOwner: (name, exceptModuleId) =>
        nameOwner(
          kernel.registry
            .all()
            .filter((r) => r.id !== exceptModuleId)
            .map((r) => r.loaded),
          name,
        ),
    },
    health: {
      readiness: () => kernel.readiness(),
      metrics: () => kernel.metrics.exposition(),
      info: () => ({
        name: 'atrium',
        version: packageJson.version,
        node: process.version,
        environment: kernel.config.environment,
        database: kernel.db.embedded ? 'embedded' : 'postgresql',
        redis: kernel.config.redisUrl !== undefined,
        startedAt: kernel.startedAt.toISOString(),
        uptimeSeconds: Math.round((Date.now() - kernel.startedAt.getTime()) / 1000),
      }),
    },
    streams: {
      open: (viewer, lastEventId) => kernel.clientEvents.open(viewer, lastEventId),
    },
    exports: {
      make: (job, onRows) => makeExportFile(exportMaking, job, onRows),
    },
    monitor: {
      instance: () => kernel.figures.read(),
      caches: () => kernel.cache.stats(cacheNames(kernel)),
      clearCache: async (name) => {
        if (!cacheNames(kernel).includes(name)) return false;
        await kernel.cache.clearNamespace(name);
        return true;
      },
    },
  };
}

/** The named caches: one per enabled module granted the `cache` capability, named by its id. */
function cacheNames(kernel: Kernel): string[] {
  return kernel.registry
    .enabled()
    .filter((runtime) => runtime.loaded.manifest.capabilities?.includes('cache'))
    .map((runtime) => runtime.id);
}

function moduleSummary(kernel: Kernel, runtime: ModuleRuntime): ModuleSummary {
  const { manifest, builtin, definition } = runtime.loaded;
  return {
    id: manifest.id,
    name: manifest.name,
    version: manifest.version,
    description: manifest.description ?? null,
    status: runtime.enabled ? 'enabled' : 'disabled',
    builtin,
    dependsOn: manifest.dependsOn ?? [],
    dependents: kernel.registry.dependents(manifest.id).map((r) => r.id),
    capabilities: manifest.capabilities ?? [],
    publicApis: manifest.publicApis ?? [],
    spi: manifest.spi ?? [],
    permissions: manifest.permissions ?? [],
    menus: manifest.menus ?? [],
    menuTitles: definition.menuTitles ?? {},
    migrations: manifest.migrations ?? [],
    generation: manifest.generation ?? null,
  };
}

async function appliedMigrations(kernel: Kernel): Promise<Map<string, string[]>> {
  const applied = new Map<string, string[]>();
  for (const name of await listAppliedMigrations(kernel.db)) {
    const [moduleId, migration] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
    applied.set(moduleId, [...(applied.get(moduleId) ?? []), migration]);
  }
  return applied;
}

/** The kernel's own tables are `atrium_*` (module state, migrations). */
const KERNEL_TABLE_PREFIX = 'atrium_';

function mappedEntities(kernel: Kernel): MappedEntity[] {
  const metadata = kernel.db.orm.getMetadata();
  return kernel.registry.all().flatMap((runtime) =>
    (runtime.loaded.definition.entities ?? []).map((schema) => {
      const entity = schema.meta.className;
      const table = metadata.find(entity)?.tableName ?? schema.meta.tableName ?? schema.meta.collection;
      return { moduleId: runtime.id, entity, table };
    }),
  );
}

function tableOwner(kernel: Kernel, table: string): string | null {
  if (table.startsWith(KERNEL_TABLE_PREFIX)) return 'kernel';
  const mapped = mappedEntities(kernel).find((e) => e.table === table);
  if (mapped) return mapped.moduleId;
  const named = kernel.registry.all().find((runtime) => {
    const prefix = runtime.id.replace(/-/g, '_');
    return table === prefix || table.startsWith(`${prefix}_`);
  });
  return named?.id ?? null;
}
