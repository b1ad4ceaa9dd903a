/**
 * Everything the kernel can learn about its modules without running their code: which exist,
 * whether their manifests are valid, and the order they load in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { discoverModules } from './discover';
import type { ModuleProblem } from './module-problem';
import { resolveModules } from './resolve';
import { validateManifests, type ValidatedModule } from './validate-manifests';

export interface ModulePlan {
  /** The modules that can load, in load order. */
  modules: ValidatedModule[];
  /** Their ids, in the same order. */
  order: string[];
  /** Every problem found; the modules concerned (and those that need them) are left out. */
  problems: ModuleProblem[];
}

/** `roots`: the built-in modules folder first, then the MODULE_PATH entries. */
export function planModules(roots: readonly string[]): ModulePlan {
  const problems: ModuleProblem[] = roots.flatMap(rootProblems);
  const validated = validateManifests(discoverModules(roots));
  const resolution = resolveModules(validated.modules);
  const byId = new Map(validated.modules.map((module) => [module.manifest.id, module]));
  return {
    modules: resolution.order.map((id) => byId.get(id) as ValidatedModule),
    order: resolution.order,
    problems: [...problems, ...validated.problems, ...resolution.problems],
  };
}

/** A misspelt MODULE_PATH entry would otherwise just make its modules silently absent. */
function rootProblems(root: string): ModuleProblem[] {
  const stat = fs.statSync(root, { throwIfNoEntry: false });
  if (!stat) return [{ file: path.resolve(root), message: 'no such module folder' }];
  if (!stat.isDirectory()) return [{ file: path.resolve(root), message: 'is a file, not a module folder' }];
  return [];
}
