import { builtinModulesDir } from '../paths';
import { checkModules } from './check-modules';
import type { LoadedModule } from './loaded-module';
import { loadModules } from './load-modules';
import { moduleRoots, type ModuleRootsConfig } from './module-roots';
import type { ModuleProblem } from './module-problem';
import { planModules } from './plan';

export interface PreparedModules {
  /** The modules in load order, their code loaded and held to their manifests. */
  loaded: LoadedModule[];
  /** Every problem found; when any, `loaded` must not be started. */
  problems: ModuleProblem[];
}

/**
 * Boot steps 2–5 — discover, validate, resolve, load, check — shared by the server, `atrium
 * modules check` and `atrium migrate`, so the CLI finds exactly what a boot would. Nothing here
 * touches the database.
 */
export function prepareModules(config: ModuleRootsConfig): PreparedModules {
  const plan = planModules(moduleRoots(config));
  if (plan.problems.length > 0) return { loaded: [], problems: plan.problems };
  const { loaded, problems } = loadModules(plan.modules.map((m) => ({ ...m, builtin: m.root === builtinModulesDir })));
  problems.push(...checkModules(loaded));
  return { loaded, problems };
}
