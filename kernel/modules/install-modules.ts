import type { Logger } from 'pino';
import type { RowScopes } from '../auth/row-scope';
import { BootError } from '../boot-error';
import type { Database } from '../db/database';
import { runMigrations, type ModuleMigration } from '../db/migrations';
import type { LoadedModule } from './loaded-module';
import type { ModuleEnvironment } from '../module-api/module-context';
import type { ModuleRegistry } from './module-registry';
import { startProblem } from './module-registry';
import type { ModuleRuntime } from './module-runtime';
import type { ModuleStateStore } from './module-state-store';
import { checkedStorage } from './module-storage';

/** What a running kernel lends the install: kept narrow so that this file needs nothing above it. */
export interface ModuleHost {
  readonly db: Database;
  readonly log: Logger;
  readonly rowScopes: RowScopes;
  readonly stateStore: ModuleStateStore;
  readonly registry: ModuleRegistry;
  readonly environment: ModuleEnvironment;
  /** DATA_DIR: each module's folder (the `storage` capability) is under it. */
  readonly dataDir: string;
  /** Registers modules with the kernel's catalogues (error codes, OpenAPI notes) and its registry. */
  addModules(modules: readonly LoadedModule[], stored: ReadonlyMap<string, boolean>): void;
}

export interface InstallOptions {
  /** The load order of every module once these are in (resolveModules' order). */
  order: readonly string[];
  /**
   * Runs once the new code's migrations and entities are in, before it is registered: a live
   * reload stops the version it replaces here, so that a failed migration leaves that one running.
   */
  beforeRegister?: () => Promise<void>;
  /** At boot, the kernel's own migrations: first, in the same all-or-nothing run as the modules'. */
  kernelMigrations?: readonly ModuleMigration[];
}

/**
 * The one way modules get into a running kernel, at boot and when loaded live, so that a module
 * loaded at run time is indistinguishable from one loaded at boot. The modules' code must already
 * be held to their manifests and to the running modules (checkModules). In order: their settings
 * (checkEnvironment), their migrations (all or nothing), their entities and row scopes into the
 * ORM, their registration where the load order puts them (error codes, OpenAPI notes, public APIs,
 * contributions, routes, permissions, menus), then setup/start of those that are enabled.
 * A module that fails to start is a BootError naming it; it stays registered, for the caller to
 * stop or forget.
 */
export async function installModules(host: ModuleHost, modules: readonly LoadedModule[], options: InstallOptions): Promise<ModuleRuntime[]> {
  const checked = await Promise.all(
    modules.map(
      async (module) => (await module.definition.checkEnvironment?.(host.environment, checkedStorage(host.dataDir, module.manifest, module.file))) ?? [],
    ),
  );
  const settings = modules.flatMap((module, i) =>
    checked[i].map((message) => ({
      moduleId: module.manifest.id,
      file: module.entry ?? module.file,
      message,
    })),
  );
  if (settings.length > 0) throw new BootError(settings);
  for (const module of modules) {
    for (const message of module.routesLeftOut) host.log.warn({ module: module.manifest.id }, message);
  }
  await runMigrations(host.db, [...(options.kernelMigrations ?? []), ...modules.flatMap((m) => m.migrations)], { logger: host.log });
  // The kernel's migrations have made the app role: from here on, tenant work runs as it.
  await host.db.enableTenancy();
  host.db.addEntities(modules.flatMap((m) => m.definition.entities ?? []));
  host.rowScopes.register(modules.flatMap((m) => m.definition.rowScoped ?? []));
  await options.beforeRegister?.();
  host.addModules(modules, await host.stateStore.read());
  host.registry.reorder(options.order);
  const ids = new Set(modules.map((m) => m.manifest.id));
  const runtimes = host.registry.all().filter((r) => ids.has(r.id));
  for (const runtime of runtimes) {
    if (!runtime.enabled) continue;
    try {
      await host.registry.start(runtime);
    } catch (error) {
      // The problem line says what failed; the log keeps the stack.
      host.log.error({ err: error, module: runtime.id }, 'module failed to start');
      throw new BootError([startProblem(runtime.loaded, error)]);
    }
  }
  return runtimes;
}
