import fs from 'node:fs';
import path from 'node:path';
import { BootError } from './boot-error';
import type { Kernel } from './kernel';
import { checkModules } from './modules/check-modules';
import { forgetModuleCode, loadModules } from './modules/load-modules';
import { installModules } from './modules/install-modules';
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
    // As at boot, one id is one folder: only the folder a module came from may replace it —
    // reached by whichever path (discovery keeps the path as configured, links and all).
    if (previous && !sameFolder(previous.loaded.dir, dir)) {
      throw new BootError([{ moduleId: id, file: candidate.file, message: `id "${id}" is declared by two module folders: ${previous.loaded.dir} and ${dir}` }]);
    }
    const others = kernel.registry.all().filter((r) => r.id !== id);

    const resolution = resolveModules([...others.map((r) => r.loaded), candidate]);
    const dependents = previous ? kernel.registry.dependents(id).map((r) => r.id) : [];
    const problems = resolution.problems.filter((p) => p.moduleId === id || dependents.includes(p.moduleId ?? ''));
    if (problems.length > 0) throw new BootError(problems);

    // Always read the folder afresh: an earlier attempt may have required files since fixed.
    forgetModuleCode(dir);
    const loadedResult = loadModules([{ ...candidate, builtin: false }]);
    const checkProblems = [
      ...loadedResult.problems,
      ...checkModules(
        loadedResult.loaded,
        others.map((r) => r.loaded),
      ),
    ];
    if (checkProblems.length > 0) throw new BootError(checkProblems);
    const [loaded] = loadedResult.loaded;

    // The same install as at boot. The version it replaces stops only once the new code's
    // migrations ran and its entities are mapped: a failed migration leaves that one running.
    let replaced = false;
    const replacePrevious = async () => {
      if (!previous) return;
      await kernel.registry.stop(previous);
      kernel.forgetModule(id);
      replaced = true;
    };
    try {
      const [runtime] = await installModules(kernel, [loaded], { order: resolution.order, beforeRegister: replacePrevious });
      kernel.log.info({ module: id, replaced }, 'module loaded live');
      return runtime;
    } catch (error) {
      // A module that cannot start does not stay half in: the version it replaced comes back,
      // installed again (its migrations already ran).
      if (kernel.registry.get(id)?.loaded === loaded) kernel.forgetModule(id);
      if (previous && replaced) await installModules(kernel, [previous.loaded], { order: resolution.order });
      throw error;
    } finally {
      // The route table, the catalog and menus follow whichever version is now registered.
      await kernel.registry.notify();
    }
  });
}

function sameFolder(a: string, b: string): boolean {
  const real = (dir: string) => (fs.existsSync(dir) ? fs.realpathSync(dir) : dir);
  return a === b || real(a) === real(b);
}
