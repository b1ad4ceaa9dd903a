import path from 'node:path';
import fs from 'node:fs';
import { manifestSchemaFile, repoRoot } from './paths';
import { listAppliedMigrations } from './db/migrations';
import type { Kernel } from './kernel';
import type { KernelAdmin, MappedEntity, ModuleSummary } from './modules/kernel-admin';
import type { ModuleRuntime } from './modules/module-runtime';
import { nameOwner } from './modules/ownership';

const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

/** The `kernel` capability, as the system, menus and generator modules see the kernel. */
export function createKernelAdmin(kernel: Kernel): KernelAdmin {
  const summary = (runtime: ModuleRuntime): ModuleSummary => {
    const { manifest, builtin } = runtime.loaded;
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
      migrations: manifest.migrations ?? [],
      generation: manifest.generation ?? null,
    };
  };
  const changed = async (runtime: ModuleRuntime) => {
    await kernel.announceStateChange();
    return summary(runtime);
  };
  return {
    modules: () => kernel.registry.all().map(summary),
    module: (id) => {
      const runtime = kernel.registry.get(id);
      return runtime ? summary(runtime) : undefined;
    },
    async appliedMigrations() {
      const applied = new Map<string, string[]>();
      for (const name of await listAppliedMigrations(kernel.db)) {
        const [moduleId, migration] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
        applied.set(moduleId, [...(applied.get(moduleId) ?? []), migration]);
      }
      return applied;
    },
    enable: async (id) => changed(await kernel.registry.enable(id)),
    disable: async (id) => changed(await kernel.registry.disable(id)),
    loadModule: async (dir) => summary(await kernel.loadModule(dir)),
    generatedModulesDir: kernel.config.generatedModulesDir,
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
    permissions: () => kernel.registry.enabled().flatMap((r) => (r.loaded.manifest.permissions ?? []).map((p) => ({ ...p, moduleId: r.id }))),
    menus: () => kernel.registry.enabled().flatMap((r) => (r.loaded.manifest.menus ?? []).map((m) => ({ ...m, moduleId: r.id }))),
    errorCodes: () => kernel.catalogue.list(),
    metrics: () => kernel.metrics.exposition(),
    apiDocument: () => kernel.openApiDocument(),
    manifestSchemaText: () => fs.readFileSync(manifestSchemaFile, 'utf8'),
    onChange: (listener) => kernel.registry.onChange(listener),
    async databaseReachable() {
      try {
        await kernel.db.orm.em.fork().getConnection().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    readiness: () => kernel.readiness(),
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
  };
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
