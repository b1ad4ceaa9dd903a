import path from 'node:path';
import { BootError } from './boot-error';
import { runMigrations } from './db/migrations';
import type { Kernel } from './kernel';
import { checkModules } from './modules/check-modules';
import { forgetModuleCode, loadModules } from './modules/load-modules';
import type { ModuleRuntime } from './modules/module-runtime';
import { resolveModules } from './modules/resolve';
import { validateManifests } from './modules/validate-manifests';

/**
 * Loads a module folder into the running kernel — or replaces the module of the same id — through
 * the same steps as a boot: validate, resolve against the running modules, load, check, migrate,
 * register, start. Any problem leaves the running kernel as it was.
 */
export function loadModuleLive(kernel: Kernel, folder: string): Promise<ModuleRuntime> {
  const dir = path.resolve(folder);
  return kernel.registry.serialise(async () => {
    const validated = validateManifests([{ root: path.dirname(dir), dir, file: path.join(dir, 'manifest.json') }]);
    if (validated.problems.length > 0) throw new BootError(validated.problems);
    const [candidate] = validated.modules;
    const id = candidate.manifest.id;
    const previous = kernel.registry.get(id);
    const others = kernel.registry.all().filter((r) => r.id !== id);

    const resolution = resolveModules([...others.map((r) => r.loaded), candidate]);
    const dependents = previous ? kernel.registry.dependents(id).map((r) => r.id) : [];
    const problems = resolution.problems.filter((p) => p.moduleId === id || dependents.includes(p.moduleId ?? ''));
    if (problems.length > 0) throw new BootError(problems);

    if (previous) forgetModuleCode(dir);
    const loadedResult = loadModules([{ ...candidate, builtin: false }]);
    const checkProblems = [...loadedResult.problems, ...checkModules(loadedResult.loaded, others.map((r) => r.loaded))];
    if (checkProblems.length > 0) throw new BootError(checkProblems);
    const [loaded] = loadedResult.loaded;

    kernel.db.addEntities(loaded.definition.entities ?? []);
    await runMigrations(kernel.db, loaded.migrations, { logger: kernel.log });

    if (previous) {
      await kernel.registry.stop(previous);
      kernel.forgetModule(id);
    }
    kernel.addModules([loaded], await kernel.stateStore.read());
    const runtime = kernel.registry.get(id)!;
    if (runtime.enabled) await kernel.registry.start(runtime);
    await kernel.registry.notify();
    kernel.log.info({ module: id, replaced: previous !== undefined }, 'module loaded live');
    return runtime;
  });
}
