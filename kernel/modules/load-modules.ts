import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../manifest/manifest.types';
import type { ModuleMigration } from '../db/migrations';
import { readOperationNotes } from '../http/openapi-notes';
import { defineModule, isDefinedModule, type DefinedModule } from './define-module';
import type { LoadedModule } from './loaded-module';
import { installKernelAlias, registerModuleFolder } from './module-alias';
import { ensureTypeScriptHook } from './typescript-hook';
import type { ModuleProblem } from './module-problem';

const CODE_EXTENSIONS = ['.ts', '.js'];

export interface ModuleToLoad {
  manifest: Manifest;
  dir: string;
  file: string;
  builtin: boolean;
}

/**
 * Requires each module's entry and migration files. Nothing runs yet: a module's code only
 * declares (defineModule). A module whose code cannot be required is a problem, not a crash.
 */
export function loadModules(modules: readonly ModuleToLoad[]): { loaded: LoadedModule[]; problems: ModuleProblem[] } {
  installKernelAlias();
  for (const module of modules) registerModuleFolder(module.manifest.id, module.dir);
  const loaded: LoadedModule[] = [];
  const problems: ModuleProblem[] = [];
  for (const module of modules) {
    const result = loadModule(module);
    if ('problems' in result) problems.push(...result.problems);
    else loaded.push(result);
  }
  return { loaded, problems };
}

/**
 * Drops a module folder's files from the require cache, so a reload reads them anew. The cache
 * holds real paths: a folder reached through a symlink is cached under where the link points.
 */
export function forgetModuleCode(dir: string): void {
  const folders = new Set([dir, fs.existsSync(dir) ? fs.realpathSync(dir) : dir]);
  const prefixes = [...folders].map((folder) => (folder.endsWith(path.sep) ? folder : folder + path.sep));
  for (const key of Object.keys(require.cache)) if (prefixes.some((prefix) => key.startsWith(prefix))) delete require.cache[key];
}

function loadModule(module: ModuleToLoad): LoadedModule | { problems: ModuleProblem[] } {
  const id = module.manifest.id;
  const entry = findCodeFile(module.dir, 'index');
  const problems: ModuleProblem[] = [];
  let definition = defineModule({});
  if (entry) {
    try {
      ensureTypeScriptHook(entry);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module's code is found at run time, by path
      const exported = require(entry) as { default?: unknown };
      if (!isDefinedModule(exported.default)) {
        problems.push({ moduleId: id, file: entry, message: 'the entry must `export default defineModule({...})`' });
      } else {
        definition = exported.default;
      }
    } catch (error) {
      problems.push({ moduleId: id, file: entry, message: `cannot load the entry: ${describe(error)}` });
    }
  }
  const migrations: ModuleMigration[] = [];
  for (const name of module.manifest.migrations ?? []) {
    const file = findCodeFile(path.join(module.dir, 'migrations'), name);
    if (!file) {
      problems.push({ moduleId: id, file: module.file, message: `migration "${name}" is declared but migrations/${name}.ts (or .js) does not exist` });
      continue;
    }
    try {
      ensureTypeScriptHook(file);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a migration's code is found at run time, by path
      const exported = require(file) as { default?: unknown };
      if (typeof exported.default !== 'function') {
        problems.push({ moduleId: id, file, message: 'a migration file must `export default class extends Migration`' });
      } else {
        migrations.push({ moduleId: id, name, file, migration: exported.default as ModuleMigration['migration'] });
      }
    } catch (error) {
      problems.push({ moduleId: id, file, message: `cannot load the migration: ${describe(error)}` });
    }
  }
  problems.push(...undeclaredMigrationFiles(module));
  let notes: LoadedModule['notes'] = new Map();
  try {
    notes = readOperationNotes(module.dir);
  } catch (error) {
    problems.push({ moduleId: id, file: module.dir, message: `an @openapi doc comment cannot be read: ${describe(error)}` });
  }
  if (problems.length > 0) return { problems };
  return { ...module, entry, ...withDeclaredRoutes(definition, module), migrations, notes };
}

/**
 * The definition without the routes that are served only when their permission is declared
 * (`whenDeclared`: a kit's export) and whose permission the manifest does not declare, and a
 * sentence for each saying how to serve it.
 */
function withDeclaredRoutes(definition: DefinedModule, module: ModuleToLoad): Pick<LoadedModule, 'definition' | 'routesLeftOut'> {
  const declared = new Set((module.manifest.permissions ?? []).map((permission) => permission.code));
  const left = (definition.routes ?? []).filter((route) => 'whenDeclared' in route && route.whenDeclared && !declared.has(route.permission!));
  if (left.length === 0) return { definition, routesLeftOut: [] };
  return {
    definition: Object.freeze({ ...definition, routes: definition.routes!.filter((route) => !left.includes(route)) }),
    routesLeftOut: left.map((route) => `${route.method} ${route.path} is not served: declare permission ${route.permission} in ${module.file} to serve it`),
  };
}

function undeclaredMigrationFiles(module: ModuleToLoad): ModuleProblem[] {
  const folder = path.join(module.dir, 'migrations');
  if (!fs.existsSync(folder)) return [];
  const declared = new Set(module.manifest.migrations ?? []);
  return fs
    .readdirSync(folder)
    .filter((f) => CODE_EXTENSIONS.includes(path.extname(f)) && !f.endsWith('.d.ts'))
    .filter((f) => !declared.has(path.basename(f, path.extname(f))))
    .map((f) => ({
      moduleId: module.manifest.id,
      file: path.join(folder, f),
      message: `migration file "${path.basename(f, path.extname(f))}" is not declared: add it to "migrations" in ${module.file}`,
    }));
}

/** `<dir>/<base>.js` when running compiled code, else `<dir>/<base>.ts`. */
function findCodeFile(dir: string, base: string): string | null {
  const preferred = path.extname(__filename) === '.js' ? ['.js', '.ts'] : ['.ts', '.js'];
  for (const extension of preferred) {
    const file = path.join(dir, base + extension);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
