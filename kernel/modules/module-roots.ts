/**
 * The folders modules are discovered in: the built-in `modules/`, then MODULE_PATH's entries,
 * then the generator's folder.
 */
import fs from 'node:fs';
import { readConfig, type KernelConfig } from '../config';
import { builtinModulesDir } from '../paths';

/** The settings that say where modules are. */
export type ModuleRootsConfig = Pick<KernelConfig, 'modulePaths'> & Partial<Pick<KernelConfig, 'generatedModulesDir'>>;

export function moduleRoots(config: ModuleRootsConfig): string[] {
  // git keeps no empty folders, so a checkout without built-in modules has no `modules/` at all;
  // that is an empty root, not a misconfiguration worth a problem. The generator makes its
  // folder when it first writes a module; until then there is nothing in it to load.
  const builtin = fs.existsSync(builtinModulesDir) ? [builtinModulesDir] : [];
  const generated = config.generatedModulesDir && fs.existsSync(config.generatedModulesDir) ? [config.generatedModulesDir] : [];
  return [...builtin, ...config.modulePaths, ...generated];
}

/**
 * The module settings of an environment, read exactly as the server reads them. Only the
 * variables that place modules are passed, so that an unrelated bad setting cannot fail a
 * module command.
 */
export function moduleRootsConfig(env: NodeJS.ProcessEnv = process.env): ModuleRootsConfig {
  const { modulePaths, generatedModulesDir } = readConfig({
    MODULE_PATH: env.MODULE_PATH,
    DATA_DIR: env.DATA_DIR,
    GENERATED_MODULES_DIR: env.GENERATED_MODULES_DIR,
  });
  return { modulePaths, generatedModulesDir };
}
